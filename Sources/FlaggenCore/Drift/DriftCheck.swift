#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One way the files on disk differ from what the manifest generates.
public struct DriftFinding: Sendable, Hashable {
    /// What is wrong with the file.
    public enum Kind: String, Sendable, Hashable {
        /// The manifest generates the file, but it is not on disk.
        case missing
        /// The file on disk holds other bytes.
        case differs
        /// flaggen generated the file from this manifest earlier, but no longer would.
        case unexpected
    }

    /// What is wrong.
    public var kind: Kind
    /// The file's path as printed (relative to the current folder when possible).
    public var path: String
    /// The first differing line, for `differs`.
    public var line: Int
    /// The unified diff from the disk to the expected bytes, for `differs`.
    public var diff: String
}

/// `flaggen check`: compares every output with the disk, writing nothing. Committed generated
/// files can then never drift from the manifest. ``Generate/check()`` compares outputs as they
/// render and keeps only those that differ; this turns them into findings with diffs.
public struct DriftCheck: Sendable {
    /// Creates a check.
    public init() {}

    /// The differences between rendered outputs and the disk.
    public func findings(for rendered: Generate.Rendered, manifestName: String, displayRoot: String) -> [DriftFinding] {
        var findings: [DriftFinding] = []
        for file in rendered.files where !rendered.matchingDisk.contains(file.path) {
            let url = rendered.root.appendingPathComponent(file.path)
            let display = Self.join(displayRoot, file.path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                findings.append(DriftFinding(kind: .missing, path: display, line: 1, diff: ""))
                continue
            }
            // Compared in place: copying every file's bytes out of `Data` first would cost as
            // much as the comparison and hold each file twice.
            let same = data.withUnsafeBytes { disk in file.contents.withUnsafeBytes { FileSystem.sameBytes(disk, $0) } }
            if same { continue }
            // One comparison gives both the first changed line and the diff.
            let comparison = UnifiedDiff.compare(old: [UInt8](data), new: file.contents, oldName: "a/\(display)", newName: "b/\(display)")
            findings.append(DriftFinding(kind: .differs, path: display, line: comparison.firstChangedLine ?? 1, diff: comparison.text))
        }
        for url in Self.staleFiles(paths: rendered.files.map(\.path), root: rendered.root, manifestName: manifestName) {
            let prefix = LexicalPath.joined(LexicalPath.standardized(rendered.root.path), "")
            let relative = String(decoding: url.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
            findings.append(DriftFinding(kind: .unexpected, path: Self.join(displayRoot, relative), line: 1, diff: ""))
        }
        return findings
    }

    /// Files in the output folders that carry flaggen's header naming this manifest but are no
    /// longer generated (a removed config's schema, say).
    static func staleFiles(paths: [String], root: URL, manifestName: String) -> [URL] {
        let rootPath = root.path
        let outputs = paths.map { LexicalPath.standardized(LexicalPath.joined(rootPath, $0)) }
        let expected = Set(outputs)
        let folders = Set(outputs.map(LexicalPath.parent(of:)))
        let marker = GeneratedHeader.marker + " "
        let origin = " from \(manifestName)"
        var stale: [URL] = []
        for folder in folders.sorted() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let path = LexicalPath.joined(folder, name)
                guard !expected.contains(path), !name.hasPrefix("."),
                    let data = FileManager.default.contents(atPath: path)
                else { continue }
                let text = String(decoding: data, as: UTF8.self)
                if text.contains(marker), text.contains(origin) {
                    stale.append(URL(fileURLWithPath: path))
                }
            }
        }
        return stale
    }

    static func join(_ root: String, _ path: String) -> String {
        if root.isEmpty || root == "." { return path }
        return root.hasSuffix("/") ? root + path : root + "/" + path
    }

    /// The findings as diagnostics, one per file, each saying how to fix it.
    public func diagnostics(for findings: [DriftFinding], fix: String) -> [Diagnostic] {
        findings.map { finding in
            let message: String
            switch finding.kind {
            case .missing: message = "missing: the manifest generates this file; run '\(fix)'"
            case .differs: message = "differs from what the manifest generates; run '\(fix)'"
            case .unexpected: message = "unexpected: generated earlier from the manifest, but no longer; run '\(fix)' to remove it"
            }
            return Diagnostic(.error, message, file: finding.path, at: SourceLocation(line: finding.line, column: 1))
        }
    }
}
