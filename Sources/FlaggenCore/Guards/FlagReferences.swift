#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen refs` (docs/cleanup.md): where Swift and Kotlin code reads each flag. It scans text,
/// not syntax: a mention in a comment counts as a reference.
public struct FlagReferences: Sendable {
    /// What can fail a CI run (`--fail-on`).
    public enum Category: String, Sendable, CaseIterable {
        /// A flag no scanned code reads.
        case unreferenced
        /// An expired flag that code still reads.
        case expiredReferenced = "expired-referenced"
        /// A key written as a string literal instead of the generated API.
        case rawKeys = "raw-keys"
        /// `Flags.x`, `Flags.Key.x` or `FlagKey.x` that names no flag of the manifest, or a retired key.
        case unknown
    }

    /// One place in the code that reads a flag.
    struct Reference: Sendable, Hashable {
        /// The flag's key (or the unknown name as written).
        var key: String
        /// The file, as found under the scanned paths.
        var file: String
        /// Where in the file.
        var location: SourceLocation
        /// How it was read: through the generated API, or as a raw key string.
        var isRawString: Bool
    }

    /// What a scan found.
    public struct Report: Sendable {
        /// The paths scanned, as given.
        var paths: [String] = []
        /// References to the manifest's flags, by key, in manifest order of keys.
        var references: [String: [Reference]] = [:]
        /// Names that look like flag reads but match no flag.
        var unknown: [Reference] = []
        /// Files scanned (generated files are skipped).
        var filesScanned = 0
        /// Files left out because they are larger than ``FlagReferences/maximumFileBytes``, or
        /// could not be read, and folders that could not be listed, and files and folders whose
        /// names are not UTF-8 (``FileSystem/Unlisted``), each with why.
        var skipped: [(file: String, reason: String)] = []

        /// A warning for each file left out.
        var skippedWarnings: [Diagnostic] {
            skipped.map { Diagnostic(.warning, "not scanned: \($0.reason)", file: $0.file, at: .startOfFile) }
        }
    }

    /// Source files larger than this (8 MiB) are skipped with a warning: no hand-written Swift or
    /// Kotlin file comes near it, and reading a huge file (a data dump with a `.swift` name, say)
    /// would cost its size in memory.
    static let maximumFileBytes = 8 * 1024 * 1024

    let manifest: Manifest
    /// Flag property names (lowerCamel, in both languages) and Kotlin `FlagKey` entries
    /// (UpperCamel), to the flag key they read.
    private let keyByName: [String: String]
    /// The manifest's keys and retired keys, for raw string literals.
    private let keys: Set<String>
    private let retired: Set<String>
    /// Members of the generated types that are not flags.
    private static let generatedMembers: Set<String> = [
        "all", "expired", "self", "Type", "allCases", "rawValue", "values", "valueOf", "init", "entries", "key",
        "fromKey", "Companion",
    ]
    /// The types the namespace declares (`Key`, the configs, the enums of enum flags): reading
    /// `Flags.PaywallConfig` reads no flag.
    private let namespaceTypes: Set<String>
    /// `Flags.Key` and `FlagKey`: the generated key enums, whose members are flags too.
    private let prefixes: [String]

    /// The manifest's repository, whose folders a link in the scanned code may lead to (nil: the
    /// repository around each link).
    let repositoryRoot: String?

    /// Creates a scanner for the manifest read from `manifestPath`.
    public init(manifest: Manifest, manifestPath: String? = nil) {
        self.manifest = manifest
        self.repositoryRoot = manifestPath.flatMap { ManifestLocation.of(manifestAt: $0)?.repositoryRoot }
        var keyByName: [String: String] = [:]
        for flag in manifest.flags {
            keyByName[Identifiers.lowerCamel(flag.key)] = flag.key
            keyByName[Identifiers.upperCamel(flag.key)] = flag.key
        }
        self.keyByName = keyByName
        var types = Set(manifest.configs.map(\.name))
        types.insert(SwiftTranslator.keyTypeName)
        for flag in manifest.flags where flag.enumValues != nil { types.insert(SwiftTranslator.enumTypeName(ofFlag: flag.key)) }
        self.namespaceTypes = types
        self.prefixes = [manifest.name, manifest.name + "." + SwiftTranslator.keyTypeName, "FlagKey"]
        self.keys = Set(manifest.flags.map(\.key))
        self.retired = Set(manifest.retired)
    }

    /// Scans files and folders (recursively, `.swift`, `.kt` and `.kts`; hidden folders, build
    /// folders and dependency checkouts (``skippedFolders``) and what `excluding` names are
    /// skipped, as are files flaggen generated).
    public func scan(paths: [String], excluding globs: [String] = []) throws(CannotRunError) -> Report {
        var report = Report(paths: paths)
        let (files, unlisted) = try Self.sourceFiles(under: paths, excluding: globs, repositoryRoot: repositoryRoot)
        report.skipped = unlisted.map { ($0.path, $0.reason) }
        for file in files {
            if let size = FileSystem.fileSize(atPath: file), size > Self.maximumFileBytes {
                report.skipped.append((file, "it is \(size) bytes, over the \(Self.maximumFileBytes) (8 MiB) refs reads in a source file"))
                continue
            }
            let bytes: [UInt8]
            do throws(FileSystem.ReadFailure) {
                bytes = try FileSystem.readRegularFile(atPath: file, limit: Self.maximumFileBytes)
            } catch {
                if paths.contains(file) { throw Self.unreadable(file, "it \(error.reason)") }
                report.skipped.append((file, "it \(error.reason)"))
                continue
            }
            // Files flaggen generated (from any manifest) are not the app's reads.
            if GeneratedFileOwner.header(start: Array(bytes.prefix(GeneratedFileOwner.headerBytes)), end: [], path: file) != nil { continue }
            report.filesScanned += 1
            // A byte that is not UTF-8 reads as U+FFFD, which is no part of a read; `remove`
            // refuses to rewrite such a file (CallSiteRewriter).
            scan(String(decoding: bytes, as: UTF8.self), file: file, into: &report)
        }
        return report
    }

    /// A path the command line names that cannot be read stops the scan: a warning would let a
    /// CI gate pass having scanned nothing (what a named folder holds is only a warning).
    /// `reason` as ``FileSystem/Unlisted`` words it: "it cannot be read (Permission denied)".
    private static func unreadable(_ path: String, _ reason: String) -> CannotRunError {
        CannotRunError(message: "\(path) was not scanned: \(reason); check its permissions, or leave it out of the paths")
    }

    /// Folders never scanned: build products and dependency checkouts (CocoaPods, Carthage,
    /// Xcode's DerivedData), besides hidden folders such as `.build` and `.git`.
    static let skippedFolders: Set<String> = ["build", "node_modules", "Pods", "Carthage", "DerivedData"]

    /// The Swift and Kotlin files under `paths`, sorted, without what is skipped. A file reached
    /// twice (`. App`, a symlink) is listed once, not as a symlink: `remove` rewrites it once.
    /// Besides, the folders that could not be listed, the files and folders whose names are not
    /// UTF-8, and the links to folders of the repository that the scan does not reach otherwise
    /// (``FileSystem/Unlisted``), which the scan reports as not scanned.
    static func sourceFiles(under paths: [String], excluding globs: [String] = [], repositoryRoot: String? = nil) throws(CannotRunError) -> (files: [String], unlisted: [FileSystem.Unlisted]) {
        var files: [String] = []
        var unlisted: [FileSystem.Unlisted] = []
        var folderLinks: [String] = []
        for path in paths {
            // (An argument that is not UTF-8 is refused before any command runs: main.swift.)
            guard let kind = FileSystem.itemKind(atPath: path) else {
                throw CannotRunError(message: "\(path): no such file or folder")
            }
            guard kind == .directory else {
                files.append(path)
                continue
            }
            let skipped = { (folder: String) in
                let name = LexicalPath.lastComponent(of: folder)
                return name.hasPrefix(".") || skippedFolders.contains(name) || isExcluded(folder, by: globs)
            }
            let isSource = { (file: String) in PiranhaRules.Language(file: LexicalPath.lastComponent(of: file)) != nil && !isExcluded(file, by: globs) }
            let listing = FileSystem.listing(under: path, skip: skipped)
            if let top = listing.unlisted.first(where: { $0.path == path }) {
                throw unreadable(path, top.reason)
            }
            files += listing.files.filter(isSource)
            // A folder may hold sources; a file matters when its name says it is one.
            unlisted += listing.unlisted.filter { !$0.isFile || isSource($0.path) }
            folderLinks += listing.folderLinks
        }
        unlisted += unscannedLinks(folderLinks, paths: paths, repositoryRoot: repositoryRoot)
        var seen: [FileSystem.FileIdentity: Int] = [:]
        var unique: [String] = []
        for file in files.sorted() {
            guard let identity = FileSystem.identity(atPath: file) else {
                unique.append(file)
                continue
            }
            if let index = seen[identity] {
                if FileSystem.isSymlink(atPath: unique[index]), !FileSystem.isSymlink(atPath: file) { unique[index] = file }
                continue
            }
            seen[identity] = unique.count
            unique.append(file)
        }
        return (unique.sorted(), unlisted)
    }

    /// The links to folders the scan leaves out that may hold the app's code: those that lead to
    /// a folder of the repository no scanned path reaches (a shared folder linked into
    /// `iOS/Sources`: name it as a path). Links are not followed, so a cycle cannot loop, a link
    /// to `/` cannot send the scan over the disk, and `--exclude` and the skipped folders hold
    /// wherever a link leads; a link out of the repository (`bazel-bin`, a checkout elsewhere)
    /// or back up to a folder around it is not this repository's code to scan.
    private static func unscannedLinks(_ links: [String], paths: [String], repositoryRoot: String?) -> [FileSystem.Unlisted] {
        guard !links.isEmpty else { return [] }
        let scanned = paths.compactMap(FileSystem.realPath)
        return links.compactMap { link in
            guard let target = FileSystem.realPath(link), let folder = FileSystem.realPath(LexicalPath.parent(of: link)) else { return nil }
            let repository = repositoryRoot ?? ManifestLocation.repositoryRoot(around: folder)
            guard LexicalPath.isInside(target, repository), !LexicalPath.isInside(folder, target),
                  !scanned.contains(where: { LexicalPath.isInside(target, $0) })
            else { return nil }
            return FileSystem.Unlisted(
                path: link, isFile: false,
                reason: "it is a link to the folder \(target), and refs does not follow links to folders; name that folder as a path to scan it (or --exclude the link)")
        }
    }

    /// Whether `path` (as refs prints it) matches one of `globs`: its name, the whole path, or
    /// any end of it that starts at a folder; an absolute glob, the absolute path
    /// (docs/cleanup.md). A glob is read as a path is written: `ignored/` and `./ignored` are
    /// `ignored`.
    static func isExcluded(_ path: String, by globs: [String]) -> Bool {
        guard !globs.isEmpty else { return false }
        let components = path.split(separator: "/")
        let tails = components.indices.map { components[$0...].joined(separator: "/") }
        return globs.contains { written in
            let glob = LexicalPath.standardized(written)
            let candidates = glob.hasPrefix("/") ? [LexicalPath.standardized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)] : tails
            return candidates.contains { Self.glob(Array(glob.unicodeScalars), matches: Array($0.unicodeScalars)) }
        }
    }

    /// Whether `text` matches the whole of `pattern` (`*` any run of characters, `?` one).
    static func glob(_ pattern: [Unicode.Scalar], matches text: [Unicode.Scalar]) -> Bool {
        // Backtracking to the last star only: linear in practice, never exponential.
        var p = 0, t = 0, star = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The references to flag `key` in `text` (through the generated API or as a raw string),
    /// found as ``scan(paths:excluding:)`` finds them; `flaggen remove` checks its rewrites with it.
    func references(to key: String, in text: String, file: String) -> [Reference] {
        var report = Report()
        scan(text, file: file, into: &report)
        return report.references[key] ?? []
    }

    private func scan(_ text: String, file: String, into report: inout Report) {
        // Lines end at each "\n" scalar: split by Characters, "\r\n" is one Character, and a CRLF
        // file would be one line.
        for (lineIndex, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line)
            for prefix in prefixes {
                for (column, name) in Self.memberReads(of: prefix, in: scalars) {
                    let location = SourceLocation(line: lineIndex + 1, column: column)
                    // `Flags.HomeLayout` is an enum flag's type, though it spells the flag's old
                    // Kotlin name.
                    if prefix == manifest.name, namespaceTypes.contains(name) { continue }
                    if let key = keyByName[name] {
                        report.references[key, default: []].append(Reference(key: key, file: file, location: location, isRawString: false))
                    } else if !Self.generatedMembers.contains(name) {
                        report.unknown.append(Reference(key: "\(prefix).\(name)", file: file, location: location, isRawString: false))
                    }
                }
            }
            for (column, literal) in Self.stringLiterals(in: scalars) {
                let location = SourceLocation(line: lineIndex + 1, column: column)
                if keys.contains(literal) {
                    report.references[literal, default: []].append(Reference(key: literal, file: file, location: location, isRawString: true))
                } else if retired.contains(literal) {
                    report.unknown.append(Reference(key: literal, file: file, location: location, isRawString: true))
                }
            }
        }
    }

    /// `Prefix.name` and ``Prefix.`name` `` occurrences not preceded by an identifier character,
    /// with their 1-based columns.
    static func memberReads(of prefix: String, in scalars: [Unicode.Scalar]) -> [(Int, String)] {
        let needle = Array((prefix + ".").unicodeScalars)
        var results: [(Int, String)] = []
        var index = 0
        while index + needle.count <= scalars.count {
            if scalars[index..<(index + needle.count)].elementsEqual(needle), index == 0 || !isIdentifier(scalars[index - 1]) && scalars[index - 1] != "." {
                var cursor = index + needle.count
                let backticked = cursor < scalars.count && scalars[cursor] == "`"
                if backticked { cursor += 1 }
                var name = ""
                while cursor < scalars.count, isIdentifier(scalars[cursor]) {
                    name.unicodeScalars.append(scalars[cursor])
                    cursor += 1
                }
                if !name.isEmpty { results.append((index + 1, name)) }
                index = cursor
            } else {
                index += 1
            }
        }
        return results
    }

    /// Simple double-quoted string literals on one line (no escapes inside), with columns.
    static func stringLiterals(in scalars: [Unicode.Scalar]) -> [(Int, String)] {
        var results: [(Int, String)] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\"" else {
                index += 1
                continue
            }
            var cursor = index + 1
            var text = ""
            var plain = true
            while cursor < scalars.count, scalars[cursor] != "\"" {
                if scalars[cursor] == "\\" { plain = false }
                text.unicodeScalars.append(scalars[cursor])
                cursor += 1
            }
            if cursor < scalars.count, plain { results.append((index + 1, text)) }
            index = cursor + 1
        }
        return results
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// The report as diagnostics. Categories in `failOn` are errors; the rest are warnings.
    public func diagnostics(for report: Report, manifestFile: String, today: ISODate, failOn: Set<Category>) -> [Diagnostic] {
        func severity(_ category: Category) -> Diagnostic.Severity { failOn.contains(category) ? .error : .warning }
        var diagnostics: [Diagnostic] = []
        for flag in manifest.flags {
            let references = report.references[flag.key] ?? []
            if references.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        severity(.unreferenced),
                        "flag '\(flag.key)' is not read by the scanned code (owner: \(flag.owner)); if it is fully rolled out, remove it (see docs/cleanup.md)",
                        file: manifestFile, at: flag.location))
            }
            if let expires = flag.expires, expires < today {
                for reference in references {
                    diagnostics.append(
                        Diagnostic(
                            severity(.expiredReferenced),
                            "flag '\(flag.key)' expired on \(expires) (owner: \(flag.owner)) but is still read here; remove this code path, then the flag",
                            file: reference.file, at: reference.location))
                }
            }
            for reference in references where reference.isRawString {
                diagnostics.append(
                    Diagnostic(
                        severity(.rawKeys),
                        "the raw key \"\(flag.key)\" bypasses the generated API; use \(manifest.name).\(Identifiers.lowerCamel(flag.key)) (Swift and Kotlin)",
                        file: reference.file, at: reference.location))
            }
        }
        diagnostics += report.skippedWarnings
        for reference in report.unknown {
            let message =
                reference.isRawString
                ? "\"\(reference.key)\" is a retired key; code must not read it any more"
                : "\(reference.key) names no flag in the manifest; was the flag removed or renamed?"
            diagnostics.append(Diagnostic(severity(.unknown), message, file: reference.file, at: reference.location))
        }
        return diagnostics.sortedByLocation()
    }

    /// A per-flag summary: count and locations of references.
    public func summary(for report: Report) -> String {
        var lines: [String] = []
        for flag in manifest.flags {
            let references = report.references[flag.key] ?? []
            lines.append("\(flag.key): \(references.count) reference\(references.count == 1 ? "" : "s")")
            for reference in references {
                // The file's name escaped, as the warnings print it: the listing keeps its lines.
                let file = TerminalText.escaped(reference.file)
                lines.append("  \(file):\(reference.location.line):\(reference.location.column)\(reference.isRawString ? " (raw key)" : "")")
            }
        }
        lines.append("\(report.filesScanned) file\(report.filesScanned == 1 ? "" : "s") scanned")
        return lines.joined(separator: "\n") + "\n"
    }
}
