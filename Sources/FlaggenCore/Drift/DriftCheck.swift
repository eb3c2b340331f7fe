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
        /// A file at an output path that flaggen did not generate from this manifest, which
        /// `generate` will refuse to overwrite.
        case foreign
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
    public func findings(for rendered: Generate.Rendered, displayRoot: String) -> [DriftFinding] {
        var findings: [DriftFinding] = []
        for file in rendered.files where !rendered.matchingDisk.contains(file.path) {
            let url = rendered.root.appendingPathComponent(file.path)
            let display = Self.join(displayRoot, file.path)
            if FileSystem.itemKind(atPath: url.path) != nil || FileSystem.isSymlink(atPath: url.path), !Self.isReplaceable(url.path, by: rendered) {
                findings.append(DriftFinding(kind: .foreign, path: display, line: 1, diff: ""))
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                findings.append(DriftFinding(kind: .missing, path: display, line: 1, diff: ""))
                continue
            }
            // Compared in place: copying every file's bytes out of `Data` first would cost as
            // much as the comparison and hold each file twice.
            let same = data.withUnsafeBytes { disk in file.contents.withUnsafeBytes { FileSystem.sameBytes(disk, $0) } }
            if same { continue }
            let old = String(decoding: data, as: UTF8.self)
            let new = String(decoding: file.contents, as: UTF8.self)
            let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a/\(display)", newName: "b/\(display)")
            let line = UnifiedDiff.firstChangedLine(old: old, new: new) ?? 1
            findings.append(DriftFinding(kind: .differs, path: display, line: line, diff: diff))
        }
        let prefix = LexicalPath.joined(LexicalPath.standardized(rendered.root.path), "")
        for path in rendered.stale?.files() ?? [] {
            let relative = path.hasPrefix(prefix) ? String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : path
            findings.append(DriftFinding(kind: .unexpected, path: Self.join(displayRoot, relative), line: 1, diff: ""))
        }
        return findings
    }

    /// Whether `generate` would replace the file at `path` (``OutputGuard/checkReplaceable(_:)``).
    static func isReplaceable(_ path: String, by rendered: Generate.Rendered) -> Bool {
        guard !FileSystem.isSymlink(atPath: path), let rules = rendered.rules else { return false }
        return (try? rules.checkReplaceable(path)) != nil
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
            case .foreign:
                message =
                    "not a file flaggen generated from this manifest (it does not begin with flaggen's header naming it: a hand-written file, another manifest's output, a folder or a pipe), so '\(fix)' will not replace it; move it away or point 'outputs' elsewhere"
            }
            return Diagnostic(.error, message, file: finding.path, at: SourceLocation(line: finding.line, column: 1))
        }
    }
}
