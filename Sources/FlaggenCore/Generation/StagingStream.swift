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
    private let onClose: (StagedFile) -> Void
    /// The file at the destination, open for reading, while it still matches.
    private var existing: Int32?
    /// Whether a file was at the destination when staging began.
    private let replacesFile: Bool
    /// How many leading bytes of the new file equal the old file's.
    private var matched = 0
    /// The temporary file, once the new bytes differ from the old (or there is no old file).
    private var temporary: (descriptor: Int32, url: URL)?
    private var createdFolders: [URL] = []
    private var scratch: [UInt8] = []
    private var closed = false

    init(root: URL, path: String, onClose: @escaping (StagedFile) -> Void) throws(OutputError) {
        self.path = path
        self.destination = root.appendingPathComponent(path)
        self.onClose = onClose
        switch FileSystem.itemKind(atPath: destination.path) {
        case nil:
            replacesFile = false
        case .directory?:
            throw OutputError(
                message: "\(destination.path) is a folder, but flaggen generates a file there; move the folder or change 'outputs' in the manifest")
        case .file?, .other?:
            let descriptor = open(destination.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw OutputError(message: "\(destination.path) exists but cannot be read; check its permissions")
            }
            existing = descriptor
            replacesFile = true
        }
    }

    deinit {
        if !closed { abandon() }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try append(bytes)
    }

    private func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        if temporary == nil, let existing {
            if scratch.count < bytes.count { scratch = [UInt8](repeating: 0, count: max(bytes.count, 64 * 1024)) }
            let count = scratch.withUnsafeMutableBytes { Self.read(existing, into: $0.baseAddress!, count: bytes.count, at: matched) }
            let same = count == bytes.count && scratch.withUnsafeBytes { FileSystem.sameBytes(UnsafeRawBufferPointer(rebasing: $0[0..<count]), bytes) }
            if same {
                matched += count
                return
            }
        }
        if temporary == nil { try diverge() }
        try Self.writeAll(bytes, to: temporary!.descriptor, path: temporary!.url.path)
    }

    func close() throws -> GeneratedFile {
        try finish()
        return GeneratedFile(path: path, contents: [])
    }

    private func finish() throws(OutputError) {
        if temporary == nil {
            // Unchanged only when the old file ends where the new one does.
            var probe: UInt8 = 0
            let longer = existing.map { Self.read($0, into: &probe, count: 1, at: matched) > 0 } ?? true
            if longer { try diverge() }
        }
        if let existing { FileSystem.closeDescriptor(existing) }
        existing = nil
        scratch = []
        closed = true
        guard let finished = temporary else {
            onClose(StagedFile(path: path, outcome: .unchanged, temporary: nil))
            return
        }
        // From here on the staged file, not this stream, owns the temporary file and folders.
        FileSystem.closeDescriptor(finished.descriptor)
        temporary = nil
        onClose(StagedFile(path: path, outcome: replacesFile ? .updated : .created, temporary: finished.url, createdFolders: createdFolders))
        createdFolders = []
    }

    func abandon() {
        guard !closed else { return }
        closed = true
        if let existing { FileSystem.closeDescriptor(existing) }
        existing = nil
        if let temporary {
            FileSystem.closeDescriptor(temporary.descriptor)
            unlink(temporary.url.path)
        }
        temporary = nil
        for folder in createdFolders { FileSystem.removeEmptyFolder(atPath: folder.path) }
        createdFolders = []
    }

    /// The new bytes differ from the old file (or there is none): check the old file may be
    /// replaced, create the temporary file, and copy the matching part of the old file into it.
    private func diverge() throws(OutputError) {
        if let existing, !Self.isGenerated(existing) {
            throw OutputError(
                message: "\(destination.path) exists and was not generated by flaggen (it lacks the '\(GeneratedHeader.marker)' header); flaggen never overwrites hand-written files — move it away or point 'outputs' elsewhere")
        }
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
        let url = folder.appendingPathComponent(".\(destination.lastPathComponent).flaggen-\(UUID().uuidString).tmp")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = FileSystem.lastErrorText()
            for made in missing { FileSystem.removeEmptyFolder(atPath: made.path) }
            createdFolders = []
            throw OutputError(message: "cannot write \(url.path): \(reason)")
        }
        temporary = (descriptor, url)
        if let existing, matched > 0 {
            var copied = 0
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while copied < matched {
                let count = buffer.withUnsafeMutableBytes { Self.read(existing, into: $0.baseAddress!, count: min($0.count, matched - copied), at: copied) }
                guard count > 0 else { throw OutputError(message: "\(destination.path) changed while flaggen was reading it; run again") }
                if let reason = buffer.withUnsafeBytes({ FileSystem.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: descriptor) }) {
                    throw OutputError(message: "cannot write \(url.path): \(reason)")
                }
                copied += count
            }
        }
        if let existing { FileSystem.closeDescriptor(existing) }
        existing = nil
    }

    /// Whether the old file carries flaggen's header (anywhere in it, as ``GeneratedHeader/isGenerated(_:)`` checks).
    private static func isGenerated(_ descriptor: Int32) -> Bool {
        let marker = Array(GeneratedHeader.marker.utf8)
        var carried: [UInt8] = []
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, into: $0.baseAddress!, count: $0.count, at: offset) }
            guard count > 0 else { return false }
            offset += count
            // Keep the end of the previous piece, so a marker split between two pieces is found.
            let window = carried + buffer[0..<count]
            if GeneratedHeader.isGenerated(window) { return true }
            carried = Array(window.suffix(marker.count - 1))
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        var filled = 0
        while filled < count {
            let result = pread(descriptor, buffer + filled, count - filled, off_t(offset + filled))
            if result < 0, errno == EINTR { continue }
            if result <= 0 { break }
            filled += result
        }
        return filled
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(OutputError) {
        if let reason = FileSystem.writeAll(bytes, to: descriptor) {
            throw OutputError(message: "cannot write \(path): \(reason)")
        }
    }
}
