/// Rewrites the reads of one flag in the Swift and Kotlin code under some paths, with Piranha,
/// and checks the result: every read the refs scanner finds (`flaggen refs`) must be one the
/// rules rewrite, and none may be left after. Nothing is written here; ``Remove`` writes.
struct CallSiteRewriter {
    /// What the rewrite would do.
    struct Outcome {
        /// The files whose text changes.
        var changes: [Remove.FileChange]
        /// Reads the rules cannot rewrite (the flag passed as a value, `FlagKey.x`, a raw key
        /// string, ...). When there are any, nothing may be written.
        var unrewritable: [FlagReferences.Reference]
        /// Reads whose rewrite would drop a call before them (`sideEffect() && flags.isOn(F)`
        /// kept off). When there are any, nothing may be written either.
        var unsafe: [FlagReferences.Reference] = []
        /// Reads whose rewrite would change what the code means otherwise, with why (see
        /// `PiranhaDriver.Result.refused`). When there are any, nothing may be written either.
        var refused: [(reference: FlagReferences.Reference, kind: String, detail: String)] = []
    }

    let manifest: Manifest
    let flag: FlagDefinition
    /// What the reads become; nil for a JSON flag, whose reads flaggen does not rewrite.
    let replacement: PiranhaRules.Replacement?
    /// The manifest's path, whose repository the scan judges links by.
    let manifestPath: String

    /// Finds the reads under `paths`, rewrites them with `driver`, and checks the result.
    func rewrite(paths: [String], excluding globs: [String], driver: PiranhaDriver) throws(RemoveError) -> Outcome {
        let scanner = FlagReferences(manifest: manifest, manifestPath: manifestPath)
        let report: FlagReferences.Report
        do {
            report = try scanner.scan(paths: paths, excluding: globs)
        } catch {
            throw RemoveError(.usage, error.message)
        }
        if let skipped = report.skipped.first {
            throw RemoveError(.refused, "\(skipped.file) cannot be scanned (\(skipped.reason)), so its reads of '\(flag.key)' cannot be rewritten; nothing was changed — exclude it with --exclude or fix it")
        }
        let references = report.references[flag.key] ?? []
        var files: [String] = []
        for reference in references where !files.contains(reference.file) { files.append(reference.file) }
        var jobs: [PiranhaDriver.Job] = []
        /// Each file to rewrite: its bytes, and the text Piranha is given.
        var read: [(file: String, bytes: [UInt8], text: [UInt8])] = []
        var unrewritable: [FlagReferences.Reference] = []
        for file in files {
            let bytes: [UInt8]
            do throws(FileSystem.ReadFailure) {
                bytes = try FileSystem.readRegularFile(atPath: file, limit: FlagReferences.maximumFileBytes)
            } catch {
                throw RemoveError(.usage, "\(file): cannot be read (it \(error.reason)); nothing was changed")
            }
            guard let replacement, let language = PiranhaRules.Language(file: file) else {
                unrewritable += references.filter { $0.file == file }
                continue
            }
            // Piranha rewrites text: a byte that is not UTF-8 would come back as U+FFFD (EF BF BD).
            if let invalid = UTF8Check.firstInvalidByte(in: bytes) {
                let byte = "0x" + String(invalid.byte, radix: 16, uppercase: true)
                throw RemoveError(
                    .refused, "\(file) is not UTF-8, and its rewrite would change its other bytes; nothing was changed",
                    diagnostics: [
                        Diagnostic(
                            .error, "the byte \(byte) is not UTF-8; convert the file to UTF-8 (iconv -f ISO-8859-1 -t UTF-8 for Latin-1), then run flaggen remove again",
                            file: file, at: invalid.location)
                    ])
            }
            // Piranha leaves a stray "\r" where it takes a line out of a CRLF file: such a file is
            // rewritten with LF line ends and gets its CRLFs back (the lines and columns stay).
            let text = LineEnds.areCRLF(bytes) ? LineEnds.withLF(bytes) : bytes
            read.append((file, bytes, text))
            // The generated property is named alike in Swift and Kotlin (`Flags.newCheckout`).
            let rules = PiranhaRules(language: language, typeName: manifest.name, propertyName: Identifiers.lowerCamel(flag.key), replacement: replacement)
            jobs.append(PiranhaDriver.Job(rules: rules, text: String(decoding: text, as: UTF8.self)))
        }
        // Run even with nothing to rewrite, so a missing Piranha is found before anything changes.
        let results = try driver.run(jobs)
        var changes: [Remove.FileChange] = []
        var unsafe: [FlagReferences.Reference] = []
        var refused: [(reference: FlagReferences.Reference, kind: String, detail: String)] = []
        for ((file, bytes, text), result) in zip(read, results) {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            for reference in references where reference.file == file {
                let position = Self.position(of: reference.location, in: lines)
                let covered = !reference.isRawString && result.reads.contains { $0.start <= position && position < $0.end }
                if !covered {
                    unrewritable.append(reference)
                } else if result.unsafe.contains(where: { $0.start <= position && position < $0.end }) {
                    unsafe.append(reference)
                } else if let why = result.refused.first(where: { $0.start <= position && position < $0.end }) {
                    refused.append((reference, why.kind, why.detail))
                }
            }
            // A file with unsafe or refused reads is not rewritten (Remove refuses it).
            guard result.unsafe.isEmpty, result.refused.isEmpty else { continue }
            let rewritten = Self.tidied(result.rewritten, from: text)
            for left in scanner.references(to: flag.key, in: rewritten, file: file) {
                // A read the rules should have rewritten but did not: never write a half-done file.
                if !unrewritable.contains(where: { $0.file == file }) {
                    unrewritable.append(FlagReferences.Reference(key: left.key, file: file + " (after the rewrite)", location: left.location, isRawString: left.isRawString))
                }
            }
            var new = Array(rewritten.utf8)
            if LineEnds.areCRLF(bytes) {
                new = LineEnds.withCRLF(new)
                // The last line end as it was: LF alone where a tool appended it so.
                let crlf = [LineEnds.cr, LineEnds.lf]
                if bytes.suffix(2) != crlf, new.suffix(2) == crlf { new.remove(at: new.count - 2) }
            }
            if new != bytes { changes.append(Remove.FileChange(path: file, old: bytes, new: new)) }
        }
        let order: (FlagReferences.Reference, FlagReferences.Reference) -> Bool = { ($0.file, $0.location) < ($1.file, $1.location) }
        return Outcome(
            changes: changes, unrewritable: unrewritable.sorted(by: order), unsafe: unsafe.sorted(by: order),
            refused: refused.sorted { order($0.reference, $1.reference) })
    }

    /// A refs location (its column counts Unicode scalars) as a line and byte column.
    static func position(of location: SourceLocation, in lines: [ArraySlice<UInt8>]) -> TextPosition {
        guard location.line - 1 < lines.count else { return TextPosition(line: location.line, byteColumn: 0) }
        let line = lines[location.line - 1]
        let column = line.index(ofColumn: location.column, from: line.startIndex) - line.startIndex
        return TextPosition(line: location.line, byteColumn: column)
    }

    /// Piranha leaves a line of only spaces where it took out a statement before a closing
    /// brace (`if` kept its body, say); those lines go, but only lines the rewrite added to
    /// `original`: the same line in a string, or anywhere the code was not rewritten, stays.
    static func tidied(_ text: String, from original: [UInt8]) -> String {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        let bytes = Array(text.utf8)
        // Past the diff's budget nothing is tidied: a stray blank line is better than a lost one.
        guard let added = UnifiedDiff.addedLines(old: original, new: bytes) else { return text }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var index = lines.count - 2
        while index >= 0 {
            let line = lines[index]
            let next = lines[index + 1].drop(while: blank)
            if added.contains(index), line.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }), line.allSatisfy(blank),
                next.first == UInt8(ascii: "}")
            {
                lines.remove(at: index)
            }
            index -= 1
        }
        return String(decoding: Array(lines.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self)
    }
}
