#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen breaking --against OLD`: reads the old manifest from a path or from git, validates
/// both, and compares them.
public struct Breaking: Sendable {
    /// The new manifest's path.
    public var manifestPath: String
    /// A path, or `git:REF` for the manifest at a git revision.
    public var against: String
    /// Report warnings as errors.
    public var strict = false

    /// Creates a comparison run.
    public init(manifestPath: String, against: String) {
        self.manifestPath = manifestPath
        self.against = against
    }

    /// The findings, or validation errors of either manifest.
    public func run() throws(UnreadableInputError) -> [Diagnostic] {
        let newResult = try ManifestLoader().load(path: manifestPath)
        let (oldBytes, oldName) = try readOld()
        let oldResult = ManifestValidator().validate(oldBytes, file: oldName)
        guard let old = oldResult.manifest, let new = newResult.manifest else {
            return (newResult.diagnostics + oldResult.diagnostics).filter { $0.severity == .error }
        }
        return BreakingChanges(strict: strict).findings(old: old, new: new, file: manifestPath, oldName: oldName)
    }

    private func readOld() throws(UnreadableInputError) -> ([UInt8], String) {
        guard against.hasPrefix("git:") else {
            return (try ManifestLoader.readBytes(path: against, limit: InputLimits.default.maxFileBytes), against)
        }
        let revision = String(against.dropFirst(4))
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw UnreadableInputError(message: "--against git:REF needs a revision, such as git:main or git:HEAD~1")
        }
        let manifestURL = URL(fileURLWithPath: manifestPath)
        let name = manifestURL.lastPathComponent
        let output: Subprocess.Output
        do {
            // One byte over the manifest limit is enough for the parser to report the size.
            output = try Subprocess.run(
                ["git", "-C", manifestURL.deletingLastPathComponent().path, "show", "\(revision):./\(name)"], limit: InputLimits.default.maxFileBytes + 1)
        } catch {
            throw UnreadableInputError(message: "cannot run git to read \(name) at \(revision): \(error.reason)")
        }
        guard output.status == 0 else {
            let message = String(decoding: output.standardError, as: UTF8.self)
            let detail = message.split(separator: "\n").first.map(String.init) ?? "git exited with status \(output.status)"
            throw UnreadableInputError(message: "cannot read \(name) at git revision '\(revision)': \(detail)")
        }
        return (output.standardOutput, "\(revision):\(name)")
    }
}
