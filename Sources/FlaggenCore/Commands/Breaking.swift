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
    public func run() throws(UnreadableInputError) -> [Diagnostic] {
        let newResult = try ManifestLoader().load(path: manifestPath)
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
        let oldResult = oldValidator.validate(oldBytes, file: oldName)
        guard let old = oldResult.manifest, let new = newResult.manifest else {
            return (newResult.diagnostics + oldResult.diagnostics).filter { $0.severity == .error }
        }
        return BreakingChanges(strict: strict).findings(old: old, new: new, file: manifestPath, oldName: oldName)
    }

    /// The old manifest's bytes and the name to print for it; nil when `git:REF` names a
    /// revision without the manifest.
    private func readOld() throws(UnreadableInputError) -> ([UInt8], String)? {
        guard against.hasPrefix("git:") else {
            do throws(FileSystem.ReadFailure) {
                return (try FileSystem.readRegularFile(atPath: against, limit: InputLimits.maxFileBytes + 1), against)
            } catch {
                throw UnreadableInputError(message: "--against \(against): the file \(error.reason); pass the old manifest with --against PATH, or git:REF for the manifest at a git revision")
            }
        }
        let revision = String(against.dropFirst(4))
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw UnreadableInputError(message: "--against git:REF needs a revision, such as git:main or git:HEAD~1")
        }
        // The manifest where the file really is (a symlinked manifest's link is not its history),
        // relative to the folder git runs in.
        let real = FileSystem.realPath(manifestPath) ?? manifestPath
        let folder = LexicalPath.parent(of: real)
        let name = LexicalPath.lastComponent(of: real)
        func git(_ arguments: [String], limit: Int = 64 * 1024) throws(UnreadableInputError) -> Subprocess.Output {
            do {
                return try Subprocess.run(["git", "-C", folder] + arguments, limit: limit)
            } catch {
                throw UnreadableInputError(message: "cannot run git to read \(name) at \(revision): \(error.reason)")
            }
        }
        let verified = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        guard verified.status == 0 else {
            throw UnreadableInputError(
                message: "--against git:\(revision): cannot read \(name) at git revision '\(revision)': no such revision in the repository at \(folder); fetch it (actions/checkout needs fetch-depth: 0) or name another")
        }
        guard try git(["cat-file", "-e", "\(revision):./\(name)"]).status == 0 else { return nil }
        // One byte over the manifest limit is enough for the parser to report the size.
        let output = try git(["show", "\(revision):./\(name)"], limit: InputLimits.maxFileBytes + 1)
        guard output.status == 0 else {
            let message = String(decoding: output.standardError, as: UTF8.self)
            let detail = message.split(separator: "\n").first.map(String.init) ?? "git exited with status \(output.status)"
            throw UnreadableInputError(message: "--against git:\(revision): cannot read \(name) at git revision '\(revision)': \(detail)")
        }
        return (output.standardOutput, "\(revision):\(name)")
    }
}
