#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a command could not run at all: an input it cannot read (a manifest that is missing, a
/// folder, unreadable) or an output it must not write. A usage problem, exit code 2, unlike an
/// invalid manifest (exit code 1).
public struct CannotRunError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do.
    var message: String

    public var description: String { message }
}

/// Reads and validates a manifest from disk.
public enum ManifestLoader {
    /// Reads `path` and validates it. Diagnostics name the file as `path` was given.
    public static func load(path: String) throws(CannotRunError) -> ValidationResult {
        ManifestValidator().validate(try Self.readBytes(path: path), file: path)
    }

    /// Reads a manifest file, refusing anything but a regular file (a folder, a named pipe, a
    /// device) at once, and files far above the size limit before loading them.
    static func readBytes(path: String) throws(CannotRunError) -> [UInt8] {
        do throws(FileSystem.ReadFailure) {
            // One byte more than the limit, so that the parser reports a file that is too large.
            return try FileSystem.readRegularFile(atPath: path, limit: InputLimits.maxFileBytes + 1)
        } catch {
            let message: String
            switch error {
            case .missing: message = "\(path): no such file; pass the manifest with --manifest PATH (default ./flags.yaml)"
            case .folder: message = "\(path) is a folder; pass the manifest file itself with --manifest PATH"
            case .notRegular: message = "\(path) is not a regular file (a pipe, socket or device); pass the manifest file itself with --manifest PATH"
            case .linkLoop: message = "\(path) is a symlink that leads back to itself (through other links); point it at the manifest file"
            case .unreadable(let reason): message = "\(path): cannot be read (\(reason)); check its permissions"
            }
            throw CannotRunError(message: message)
        }
    }
}
