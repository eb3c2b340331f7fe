#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen breaking --against OLD`: reads the old manifest from a path or from git, validates
/// both, and compares them.
public struct Breaking: Sendable {
    /// The new manifest's path.
    var manifestPath: String
    /// A path, or `git:REF` for the manifest at a git revision.
    var against: String
    /// Report warnings as errors.
    public var strict = false

    /// Creates a comparison run.
    public init(manifestPath: String, against: String) {
        self.manifestPath = manifestPath
        self.against = against
    }

    /// The findings, or validation errors of either manifest. When the revision `--against`
    /// names has no manifest yet (the pull request that adds flaggen), there is nothing to
    /// break: one note says so.
    public func run() throws(CannotRunError) -> [Diagnostic] {
        let newResult = try ManifestLoader.load(path: manifestPath)
        guard let (oldBytes, oldName) = try readOld() else {
            let revision = String(against.dropFirst(4))
            return [
                Diagnostic(
                    .note, "there is no earlier manifest: git revision '\(revision)' has no \(LexicalPath.lastComponent(of: manifestPath)) here, so nothing can break",
                    file: manifestPath, at: .startOfFile)
            ]
        }
        var oldValidator = ManifestValidator()
        oldValidator.checksOutputRules = false
        oldValidator.keepsManifestWithErrors = true
        oldValidator.acceptsUnicodeLineBreaks = true
        let oldResult = oldValidator.validate(oldBytes, file: oldName)
        // The earlier manifest's errors are the base branch's, which this change cannot fix: notes.
        func notes(_ what: String) -> [Diagnostic] {
            oldResult.diagnostics.filter { $0.severity == .error }.map {
                Diagnostic(.note, "\(what) (\($0.message)), which this change need not fix", file: $0.file, at: $0.location)
            }
        }
        let newErrors = newResult.diagnostics.filter { $0.severity == .error }
        guard let old = oldResult.manifest else { return newErrors + notes("nothing compared: this flaggen cannot read the earlier manifest") }
        guard let new = newResult.manifest else { return newErrors }
        return notes("compared as far as it reads: the earlier manifest breaks a rule of this flaggen") + BreakingChanges(strict: strict).findings(old: old, new: new, file: manifestPath, oldName: oldName)
    }

    /// The old manifest's bytes and the name to print for it; nil when `git:REF` names a
    /// revision without the manifest.
    private func readOld() throws(CannotRunError) -> ([UInt8], String)? {
        guard against.hasPrefix("git:") else {
            do throws(FileSystem.ReadFailure) {
                return (try FileSystem.readRegularFile(atPath: against, limit: InputLimits.maxFileBytes + 1), against)
            } catch {
                throw CannotRunError(message: "--against \(against): the file \(error.reason); pass the old manifest with --against PATH, or git:REF for the manifest at a git revision")
            }
        }
        let revision = String(against.dropFirst(4))
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw CannotRunError(message: "--against git:REF needs a revision, such as git:main or git:HEAD~1")
        }
        // The manifest where the file really is (a symlinked manifest's link is not its history),
        // relative to the folder git runs in.
        let real = FileSystem.realPath(manifestPath) ?? manifestPath
        let folder = LexicalPath.parent(of: real)
        let name = LexicalPath.lastComponent(of: real)
        func git(_ arguments: [String], limit: Int = 64 * 1024) throws(CannotRunError) -> Subprocess.Output {
            do {
                return try Subprocess.run(["git", "-C", folder] + arguments, limit: limit)
            } catch {
                throw CannotRunError(message: "cannot run git to read \(name) at \(revision): \(error.reason)")
            }
        }
        func failure(_ output: Subprocess.Output) -> CannotRunError {
            // git's own words, advice included (`git config --global --add safe.directory ...`).
            let lines = String(decoding: output.standardError.prefix(1024), as: UTF8.self).split(whereSeparator: \.isNewline)
            let detail = lines.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty }.joined(separator: " ")
            return CannotRunError(
                message: "--against git:\(revision): cannot read \(name) at git revision '\(revision)': \(detail.isEmpty ? "git exited with status \(output.status)" : "git: " + detail)")
        }
        let verified = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        guard verified.status == 0 else {
            // With --quiet git says nothing about an unknown revision; what it does say is another
            // failure (not a repository, one git refuses to trust), which fetching would not fix.
            if !verified.standardError.isEmpty { throw failure(verified) }
            // A CI checkout of a pull request has the base branch only as the remote's.
            let remote = "origin/" + revision
            if try git(["rev-parse", "--verify", "--quiet", "\(remote)^{commit}"]).status == 0 {
                throw CannotRunError(
                    message: "--against git:\(revision): cannot read \(name) at git revision '\(revision)': no such revision in the repository at \(folder), but \(remote) is there: pass --against git:\(remote)")
            }
            throw CannotRunError(
                message: "--against git:\(revision): cannot read \(name) at git revision '\(revision)': no such revision in the repository at \(folder); fetch it (actions/checkout needs fetch-depth: 0) or name another")
        }
        // ls-tree reads trees only, so a partial clone that lacks the blob still answers, and it
        // tells a path the revision lacks (no entry) from a failure (a status).
        let listing = try git(["ls-tree", "--full-name", "-z", revision, "--", name])
        guard listing.status == 0 else { throw failure(listing) }
        var found = TreeEntry(listing.standardOutput)
        if found == nil { found = try movedManifest(name, at: revision, git: git) }
        guard let entry = found else { return nil }
        guard entry.mode != "120000" else {
            throw CannotRunError(
                message: "--against git:\(revision): \(entry.path) is a symlink at git revision '\(revision)'; pass the manifest it led to with --against PATH (git show \(revision):PATH > old.yaml)")
        }
        guard entry.type == "blob" else {
            throw CannotRunError(message: "--against git:\(revision): \(entry.path) is a folder at git revision '\(revision)', not a manifest")
        }
        // One byte over the manifest limit is enough for the parser to report the size.
        let output = try git(["show", "\(revision):\(entry.path)"], limit: InputLimits.maxFileBytes + 1)
        guard output.status == 0 else { throw failure(output) }
        return (output.standardOutput, "\(revision):\(entry.path)")
    }

    /// The manifest's entry at `revision` where a move since then took it from: the pull
    /// request that moves the manifest is still compared with it.
    private func movedManifest(
        _ name: String, at revision: String, git: ([String], Int) throws(CannotRunError) -> Subprocess.Output
    ) throws(CannotRunError) -> TreeEntry? {
        let prefix = try git(["rev-parse", "--show-prefix"], 64 * 1024)
        let path = String(decoding: prefix.standardOutput.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self) + name
        // Renames between the revision and the working tree, as `R100 NUL old NUL new NUL`,
        // paths from the repository's top.
        let renames = try git(["diff", "-M", "--diff-filter=R", "--name-status", "-z", revision, "--"], 16 * 1024 * 1024)
        guard prefix.status == 0, renames.status == 0 else { return nil }
        let fields = renames.standardOutput.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var index = 0
        while index + 2 < fields.count {
            if fields[index + 2] == path {
                let old = try git(["ls-tree", "--full-name", "-z", revision, "--", ":(top)" + fields[index + 1]], 64 * 1024)
                return old.status == 0 ? TreeEntry(old.standardOutput) : nil
            }
            index += 3
        }
        return nil
    }
}

/// One line of `git ls-tree -z`: `MODE TYPE OBJECT<tab>PATH`.
private struct TreeEntry {
    var mode: String
    var type: String
    var path: String

    /// The first entry of the listing; nil when it is empty.
    init?(_ listing: [UInt8]) {
        guard let tab = listing.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = listing[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3 else { return nil }
        let end = listing[tab...].firstIndex(of: 0) ?? listing.endIndex
        (mode, type, path) = (fields[0], fields[1], String(decoding: listing[(tab + 1)..<end], as: UTF8.self))
    }
}
