#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A manifest file that could not be read at all (missing, a folder, no permission): a usage
/// problem, exit code 2, unlike an invalid manifest (exit code 1).
public struct UnreadableInputError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public var message: String

    public var description: String { message }
}

/// Reads and validates a manifest from disk.
public struct ManifestLoader: Sendable {
    /// The limits the validator applies.
    public var limits: InputLimits

    /// Creates a loader.
    public init(limits: InputLimits = .default) {
        self.limits = limits
    }

    /// Reads `path` and validates it. Diagnostics name the file as `path` was given.
    public func load(path: String) throws(UnreadableInputError) -> ValidationResult {
        let bytes = try Self.readBytes(path: path, limit: limits.maxFileBytes)
        // A large manifest's flags are validated on both cores; nothing runs beside them.
        let document = YAMLParser(limits: limits).parse(bytes)
        return ManifestValidator(limits: limits).validate(document, file: path, alongside: {}, workCost: 0).0
    }

    /// Reads a file, refusing folders and files far above `limit` before loading them.
    static func readBytes(path: String, limit: Int) throws(UnreadableInputError) -> [UInt8] {
        guard let kind = FileSystem.itemKind(atPath: path) else {
            throw UnreadableInputError(message: "\(path): no such file; pass the manifest with --manifest PATH (default ./flags.yaml)")
        }
        if kind == .directory {
            throw UnreadableInputError(message: "\(path) is a folder; pass the manifest file itself with --manifest PATH")
        }
        // One byte more than the limit, so that the parser reports a file that is too large.
        guard let bytes = FileSystem.readPrefix(ofFileAtPath: path, limit: limit + 1) else {
            throw UnreadableInputError(message: "\(path): cannot be read; check its permissions")
        }
        return bytes
    }
}
