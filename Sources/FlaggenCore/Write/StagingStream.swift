#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One output being staged as it is rendered. Its bytes are compared with the file already at
/// the destination piece by piece; only from the first difference on are they written, to a
/// hidden temporary file beside the destination (which starts with the matching part copied
/// from the old file). An unchanged output therefore writes nothing and holds nothing.
///
/// Nothing is synced to disk (`fsync`): the rename that commits the file already keeps a crash
/// from leaving half a file, and a generated file can always be generated again, so flaggen does
/// not make every build wait for the disk (syncing each of the 208 files at 10,000 flags was
/// most of `generate`'s time on a busy disk).
final class StagingStream: GeneratedFileStream {
    private let path: String
    private let destination: URL
    private let rules: OutputGuard
    private let onClose: (StagedFile) -> Void
    /// The file at the destination, while the new bytes may still equal it.
    private var existing: FileComparison?
    /// Whether a file was at the destination when staging began.
    private let replacesFile: Bool
    /// That file, so the commit replaces only it.
    private let replaced: FileSystem.FileIdentity?
    /// The temporary file, once the new bytes differ from the old (or there is no old file).
    private var temporary: (descriptor: Int32, url: URL)?
    private var createdFolders: [URL] = []
    private var closed = false

    /// Stages the output at `path` under the guard's root; the guard decides whether a file
    /// already there may be replaced.
    init(path: String, guard rules: OutputGuard, onClose: @escaping (StagedFile) -> Void) throws(OutputError) {
        self.path = path
        self.destination = rules.root.appendingPathComponent(path)
        self.rules = rules
        self.onClose = onClose
        existing = try FileComparison.opening(destination.path)
        replacesFile = existing != nil
        replaced = existing?.identity
    }

    deinit {
        if !closed { abandon() }
    }

    func write(_ bytes: [UInt8]) throws {
        try append(bytes)
    }

    private func append(_ bytes: [UInt8]) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        if temporary == nil, existing?.continues(with: bytes) == true { return }
        if temporary == nil { try diverge() }
        if let reason = FileSystem.writeAll(bytes, to: temporary!.descriptor) {
            throw OutputError(message: "cannot write the new \(destination.path) (to \(temporary!.url.lastPathComponent) beside it): \(reason)")
        }
    }

    func close() throws -> GeneratedFile {
        try finish()
        return GeneratedFile(path: path, contents: [])
    }

    private func finish() throws(OutputError) {
        // Unchanged only when the old file ends where the new one does.
        if temporary == nil, existing?.endsAfterMatch() != true { try diverge() }
        existing?.close()
        existing = nil
        closed = true
        guard let finished = temporary else {
            onClose(StagedFile(path: path, outcome: .unchanged, temporary: nil))
            return
        }
        // From here on the staged file, not this stream, owns the temporary file and folders.
        FileSystem.closeDescriptor(finished.descriptor)
        temporary = nil
        onClose(
            StagedFile(path: path, outcome: replacesFile ? .updated : .created, temporary: finished.url, replaced: replaced, createdFolders: createdFolders))
        createdFolders = []
    }

    func abandon() {
        _ = abandonKeepingFolders().map { FileSystem.removeEmptyFolder(atPath: $0.path) }
    }

    /// Drops the temporary file and returns the folders staging created, deepest first, for
    /// the caller to remove once every other file in them is gone too.
    func abandonKeepingFolders() -> [URL] {
        guard !closed else { return [] }
        closed = true
        existing?.close()
        existing = nil
        if let temporary {
            FileSystem.closeDescriptor(temporary.descriptor)
            unlink(temporary.url.path)
        }
        temporary = nil
        defer { createdFolders = [] }
        return createdFolders
    }

    /// The new bytes differ from the old file (or there is none): check the old file may be
    /// replaced, create the temporary file, and copy the matching part of the old file into it.
    private func diverge() throws(OutputError) {
        if existing != nil { try rules.checkReplaceable(destination.path) }
        let folder = destination.deletingLastPathComponent()
        var missing: [URL] = []
        var ancestor = folder.standardizedFileURL
        while ancestor.path != "/", FileSystem.itemKind(atPath: ancestor.path) == nil {
            missing.append(ancestor)
            ancestor.deleteLastPathComponent()
        }
        for created in missing.reversed() {
            if let reason = FileSystem.createFolder(atPath: created.path) {
                for made in missing { FileSystem.removeEmptyFolder(atPath: made.path) }
                throw OutputError(message: "cannot create the folder \(created.path): \(reason)")
            }
        }
        createdFolders = missing
        let url = folder.appendingPathComponent(OutputWriter.temporaryFileName(for: destination.lastPathComponent))
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = FileSystem.lastErrorText()
            for made in missing { FileSystem.removeEmptyFolder(atPath: made.path) }
            createdFolders = []
            throw OutputError(message: "cannot write the new \(destination.path) (to \(url.lastPathComponent) beside it): \(reason)")
        }
        temporary = (descriptor, url)
        try existing?.readMatchedPart { (part) throws(OutputError) in
            if let reason = FileSystem.writeAll(part, to: descriptor) {
                throw OutputError(message: "cannot write the new \(destination.path) (to \(url.lastPathComponent) beside it): \(reason)")
            }
        }
        existing?.close()
        existing = nil
    }
}
