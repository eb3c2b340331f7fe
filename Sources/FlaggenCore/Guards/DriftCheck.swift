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
        /// Something in the way of `generate` at an output path; ``DriftFinding/obstacle`` says what.
        case foreign
    }

    /// Why a differing file has no diff.
    enum Undiffed: Sendable, Hashable {
        /// The shortest edit script changes more lines than ``UnifiedDiff/editBudget``: at
        /// least this many.
        case tooManyChanges(atLeast: Int)
        /// The file on disk holds this many bytes, far more than the output's: it was only
        /// compared up to its first difference (see ``DriftCheck/diffableBytes(expected:)``).
        case fileTooLarge(bytes: Int, expected: Int)
    }

    /// What is wrong.
    public var kind: Kind
    /// The file's path as printed (relative to the current folder when possible).
    var path: String
    /// The first differing line (counted in the expected output), for `differs`.
    var line = 1
    /// The unified diff from the disk to the expected bytes, for `differs`: at most
    /// ``UnifiedDiff/shownLineLimit`` lines of hunks; empty when ``undiffed`` says why not.
    var diff = ""
    /// Changed lines (removed plus added) the diff leaves out for its line limit.
    var omittedLines = 0
    /// Why a differing file has no diff, when it has none.
    var undiffed: Undiffed?
    /// For `foreign`: what is in the way, and what to do (``OutputGuard/obstacle(at:)``).
    var obstacle: String?
}

/// `flaggen check`: compares every output ``Generate/render()`` made with the disk, writing
/// nothing, and turns the differences into findings with diffs. Committed generated files can
/// then never drift from the manifest.
public enum DriftCheck {
    /// The differences between rendered outputs and the disk.
    public static func findings(for rendered: Generate.Rendered, displayRoot: String) -> [DriftFinding] {
        // The files are compared on both cores, largest first: when a manifest edit reaches
        // every output, diffing them costs about as much as rendering them.
        let rules = rendered.rules
        let jobs = rendered.files.map { file -> @Sendable () -> DriftFinding? in
            let path = rendered.root.appendingPathComponent(file.path).path
            let display = Self.join(displayRoot, file.path)
            return {
                // A file equal to the output is this manifest's own; only one that differs is
                // asked whether generate would replace it.
                guard let finding = Self.compare(file.contents, withFileAt: path, display: display) else { return nil }
                if let obstacle = rules?.obstacle(at: path, checkingPermissions: false) {
                    return DriftFinding(kind: .foreign, path: display, obstacle: obstacle)
                }
                return finding
            }
        }
        var findings: [DriftFinding] = []
        for case .success(let finding?) in ConcurrentJobs.run(jobs, costs: rendered.files.map(\.contents.count)) {
            findings.append(finding)
        }
        let prefix = LexicalPath.joined(LexicalPath.standardized(rendered.root.path), "")
        for path in rendered.stale?.files() ?? [] {
            let relative = path.hasPrefix(prefix) ? String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : path
            findings.append(DriftFinding(kind: .unexpected, path: Self.join(displayRoot, relative)))
        }
        return findings
    }

    /// The finding for one output against its file, or nil when they are equal.
    static func compare(_ expected: [UInt8], withFileAt path: String, display: String) -> DriftFinding? {
        // A folder, a pipe (opening it would wait for a writer) or an unreadable file where the
        // output goes counts as missing.
        guard FileSystem.itemKind(atPath: path) == .file else { return DriftFinding(kind: .missing, path: display) }
        let limit = diffableBytes(expected: expected.count)
        let size = FileSystem.fileSize(atPath: path)
        if let size, size <= limit,
            let disk = try? FileSystem.readRegularFile(atPath: path, limit: limit + 1), disk.count <= limit
        {
            if disk == expected { return nil }
            let comparison = UnifiedDiff.compare(old: disk, new: expected, oldName: "a/\(display)", newName: "b/\(display)")
            guard let line = comparison.firstChangedLine else { return nil }
            var finding = DriftFinding(kind: .differs, path: display, line: line, diff: comparison.text, omittedLines: comparison.omittedChangedLines)
            if comparison.tooManyChanges { finding.undiffed = .tooManyChanges(atLeast: comparison.changedLines) }
            return finding
        }
        // Far larger: only as much of it as the output has is read, to find the first change.
        guard let size, let start = try? FileSystem.readRegularFile(atPath: path, limit: expected.count) else {
            return DriftFinding(kind: .missing, path: display)
        }
        let matched = zip(start, expected).prefix { $0 == $1 }.count
        let line = expected[..<matched].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return DriftFinding(kind: .differs, path: display, line: line, diff: "", undiffed: .fileTooLarge(bytes: size, expected: expected.count))
    }

    /// The largest file read whole to diff with an output of `expected` bytes: a committed file
    /// edited by hand, or generated from another manifest, can be larger, but not by that much.
    static func diffableBytes(expected: Int) -> Int {
        max(4 * expected, 64 << 20)
    }

    /// An output's path as findings show it: below `root`, `.` and `..` applied as `generate`
    /// prints paths; an absolute `path` (a stale file outside the manifest's folder) as it is.
    static func join(_ root: String, _ path: String) -> String {
        if root.isEmpty || path.hasPrefix("/") || root == "." { return LexicalPath.standardized(path) }
        return LexicalPath.standardized(root + "/" + path)
    }

    /// The findings as diagnostics, one per file, each saying how to fix it.
    public static func diagnostics(for findings: [DriftFinding], fix: String) -> [Diagnostic] {
        findings.map { finding in
            let message: String
            switch finding.kind {
            case .missing: message = "missing: the manifest generates this file; run '\(fix)'"
            case .differs:
                switch finding.undiffed {
                case nil:
                    message = "differs from what the manifest generates; run '\(fix)'"
                case .tooManyChanges(let count)?:
                    message = "differs from what the manifest generates, first on this line; at least \(SourceText.grouped(count, by: ",")) changed lines, too many to show; run '\(fix)', then `git diff` to see them"
                case .fileTooLarge(let bytes, let expected)?:
                    message = "differs from what the manifest generates, first on this line; the file has \(SourceText.grouped(bytes, by: ",")) bytes, far more than the \(SourceText.grouped(expected, by: ",")) generated, so no diff is shown; run '\(fix)'"
                }
            case .unexpected: message = "unexpected: generated earlier from the manifest, but no longer; run '\(fix)' to remove it"
            case .foreign:
                message = "'\(fix)' cannot write this file: " + (finding.obstacle ?? "something else is in its place")
            }
            return Diagnostic(.error, message, file: finding.path, at: SourceLocation(line: finding.line, column: 1))
        }
    }

    /// What `check` prints below a finding's diagnostic: its diff, if any, and a line that
    /// counts the changed lines the diff leaves out.
    public static func details(for finding: DriftFinding, fix: String) -> String {
        guard finding.omittedLines > 0 else { return finding.diff }
        let lines = finding.omittedLines == 1 ? "1 more changed line" : "\(SourceText.grouped(finding.omittedLines, by: ",")) more changed lines"
        return finding.diff + "... \(lines) not shown; run '\(fix)', then `git diff` to see them\n"
    }
}
