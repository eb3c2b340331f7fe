import FlaggenJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A place in a text: a 1-based line and a 0-based UTF-8 byte column, as Piranha reports them.
struct TextPosition: Sendable, Comparable {
    var line: Int
    var byteColumn: Int

    static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.byteColumn) < (rhs.line, rhs.byteColumn)
    }
}

/// Runs Polyglot Piranha, in the Python of `FLAGGEN_PYTHON` or `python3`, on copies of the files
/// in a private temporary folder and in dry-run mode: it never writes a user's file. The Python
/// process has a time limit and a bound on what it may print.
struct PiranhaDriver: Sendable {
    /// One file to rewrite.
    struct Job: Sendable {
        var rules: PiranhaRules
        var text: String
    }

    /// What Piranha made of one file.
    struct Result: Sendable {
        /// The file's text after every rewrite.
        var rewritten: String
        /// Where the reads the rules rewrite are in the original text: from start to end, as
        /// 1-based lines and 0-based UTF-8 byte columns.
        var reads: [(start: TextPosition, end: TextPosition)]
        /// The reads among them whose rewrite would drop a call that runs before them
        /// (`sideEffect() && flags.isOn(F)` kept off), in the same form.
        var unsafe: [(start: TextPosition, end: TextPosition)] = []
        /// The reads whose rewrite would change what the code means otherwise, with why: a kind
        /// (`conditions`, `property`, `local`, `declares`, `failed`) and a detail (a name, Piranha's message).
        var refused: [(start: TextPosition, end: TextPosition, kind: String, detail: String)] = []
    }

    /// The Python that runs Piranha.
    var python: String
    /// Seconds before the Python process is killed.
    var timeout: Double = 600

    /// The Python of `FLAGGEN_PYTHON`, else `python3`.
    static func fromEnvironment() -> PiranhaDriver {
        let configured = ProcessInfo.processInfo.environment["FLAGGEN_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        return PiranhaDriver(python: configured ?? "python3")
    }

    /// How to get Piranha, for messages.
    static let installHint =
        "install it with 'python3 -m pip install polyglot-piranha', or set FLAGGEN_PYTHON to a Python that has it; nothing was changed"

    /// Rewrites each job's text. Throws, with what to do, when Python or Piranha is missing, a
    /// rule fails, or the run takes too long.
    func run(_ jobs: [Job]) throws(RemoveError) -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-remove-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw RemoveError(.usage, "cannot create a temporary folder for Piranha (\(folder.path)): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [JSONValue] = []
        do {
            for (index, job) in jobs.enumerated() {
                try Data(job.text.utf8).write(to: folder.appendingPathComponent("in-\(index)"))
                files.append(.object(["rules": job.rules.json, "input": .string("in-\(index)"), "output": .string("out-\(index)")]))
            }
            try Data(JSONWriter().utf8Bytes(for: .object(["files": .array(files)]))).write(to: folder.appendingPathComponent("job.json"))
            try Data(Self.script.utf8).write(to: folder.appendingPathComponent("driver.py"))
        } catch {
            throw RemoveError(.usage, "cannot write Piranha's input to \(folder.path): \(error)")
        }
        let output: Subprocess.Output
        do throws(SubprocessError) {
            output = try Subprocess.run([python, "-B", folder.appendingPathComponent("driver.py").path, folder.path], limit: 64 * 1024, timeout: timeout)
        } catch {
            throw RemoveError(.usage, "cannot run Python '\(python)' (\(error.reason)) for Piranha; \(Self.installHint)")
        }
        let errors = String(decoding: output.standardError, as: UTF8.self)
        if output.timedOut {
            throw RemoveError(.usage, "Piranha took longer than \(Int(timeout)) seconds and was stopped; nothing was changed — pass fewer PATHS")
        }
        switch output.status {
        case 0: break
        case 3: throw RemoveError(.usage, "the Python '\(python)' has no Polyglot Piranha (\(Self.lastLine(errors))); \(Self.installHint)")
        case 127: throw RemoveError(.usage, "cannot run Python '\(python)'; \(Self.installHint)")
        default: throw RemoveError(.usage, "Piranha failed (exit status \(output.status)): \(Self.lastLine(errors)); nothing was changed")
        }
        // A range is written `[startLine, startColumn, endLine, endColumn]`, lines from 0.
        func range(_ values: ArraySlice<JSONValue>) -> (start: TextPosition, end: TextPosition)? {
            let numbers = values.compactMap(\.intValue)
            guard numbers.count == 4 else { return nil }
            return (TextPosition(line: numbers[0] + 1, byteColumn: numbers[1]), TextPosition(line: numbers[2] + 1, byteColumn: numbers[3]))
        }
        func ranges(_ value: JSONValue?) -> [(start: TextPosition, end: TextPosition)]? {
            value?.arrayValue?.compactMap { $0.arrayValue.flatMap { range($0[...]) } }
        }
        var results: [Result] = []
        for index in jobs.indices {
            let readsFile = folder.appendingPathComponent("out-\(index).reads")
            guard let text = try? Data(contentsOf: folder.appendingPathComponent("out-\(index)")),
                let readsData = try? Data(contentsOf: readsFile),
                let found = try? JSONParser.parse(Array(readsData)),
                let reads = ranges(found["reads"]), let unsafe = ranges(found["unsafe"])
            else {
                throw RemoveError(.usage, "Piranha left no result for a file (\(Self.lastLine(errors))); nothing was changed")
            }
            let refused = (found["refused"]?.arrayValue ?? []).compactMap { item -> (start: TextPosition, end: TextPosition, kind: String, detail: String)? in
                guard let values = item.arrayValue, values.count == 6, let span = range(values.prefix(4)),
                    let kind = values[4].stringValue, let detail = values[5].stringValue
                else { return nil }
                return (span.start, span.end, kind, detail)
            }
            results.append(Result(rewritten: String(decoding: text, as: UTF8.self), reads: reads, unsafe: unsafe, refused: refused))
        }
        return results
    }

    private static func lastLine(_ text: String) -> String {
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return lines.last.map { String($0.prefix(500)) } ?? "no message"
    }
}
