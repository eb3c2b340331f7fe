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

/// Compares bytes that arrive in pieces with a file on disk, front to back, reading only as
/// much of the file as has arrived: an output that matches its file is checked without holding
/// either in memory. Used by ``StagingStream`` (generate) and ``ComparingStream`` (check).
struct FileComparison {
    /// The file, open for reading.
    private let descriptor: Int32
    /// How many leading bytes of the file the pieces so far equal.
    private(set) var matched = 0
    /// Whether every piece so far continued the file.
    private(set) var stillMatches = true
    private var scratch: [UInt8] = []

    /// Opens the file at `path` (nil when nothing is there). Throws for a folder, for anything
    /// else that is not a regular file (opening a named pipe would wait forever), and for a file
    /// that cannot be read.
    static func opening(_ path: String) throws(OutputError) -> FileComparison? {
        switch FileSystem.itemKind(atPath: path) {
        case nil:
            if FileSystem.isSymlink(atPath: path) {
                throw OutputError(message: "\(path) is a symlink that leads nowhere, where flaggen generates a file; remove the link or change 'outputs' in the manifest")
            }
            return nil
        case .directory?:
            throw OutputError(message: "\(path) is a folder, but flaggen generates a file there; move the folder or change 'outputs' in the manifest")
        case .other?:
            throw OutputError(
                message: "\(path) is not a regular file (a pipe, socket or device), but flaggen generates a file there; move it away or change 'outputs' in the manifest")
        case .file?:
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                throw OutputError(message: "\(path) exists but cannot be read (\(FileSystem.lastErrorText())); check its permissions")
            }
            return FileComparison(descriptor: descriptor, path: path)
        }
    }

    /// The file's path, for messages.
    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Compares the next piece; once one differs, every later call returns false.
    mutating func continues(with piece: UnsafeRawBufferPointer) -> Bool {
        guard stillMatches else { return false }
        if scratch.count < piece.count { scratch = [UInt8](repeating: 0, count: max(piece.count, 64 * 1024)) }
        let count = scratch.withUnsafeMutableBytes { Self.read(descriptor, into: $0.baseAddress!, count: piece.count, at: matched) }
        let same = count == piece.count && scratch.withUnsafeBytes { FileSystem.sameBytes(UnsafeRawBufferPointer(rebasing: $0[0..<count]), piece) }
        if same { matched += count } else { stillMatches = false }
        return same
    }

    /// Whether the file has no bytes past the matching part (so, if every piece matched, the
    /// file equals them).
    func endsAfterMatch() -> Bool {
        var probe: UInt8 = 0
        return Self.read(descriptor, into: &probe, count: 1, at: matched) == 0
    }

    /// How many leading bytes of `expected` the file starts with (read from its start, in
    /// pieces, so a file of any size costs 64 KiB of memory).
    func matchingPrefixLength(_ expected: UnsafeRawBufferPointer) -> Int {
        var buffer = [UInt8](repeating: 0, count: min(max(expected.count, 1), 64 * 1024))
        var offset = 0
        while offset < expected.count {
            let wanted = min(buffer.count, expected.count - offset)
            let count = buffer.withUnsafeMutableBytes { Self.read(descriptor, into: $0.baseAddress!, count: wanted, at: offset) }
            for index in 0..<count where buffer[index] != expected[offset + index] { return offset + index }
            offset += count
            if count < wanted { break }
        }
        return offset
    }

    /// Hands the file's first `matched` bytes to `receive`, in pieces.
    func readMatchedPart(_ receive: (UnsafeRawBufferPointer) throws(OutputError) -> Void) throws(OutputError) {
        var copied = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(max(matched, 1), 64 * 1024), alignment: 1)
        defer { buffer.deallocate() }
        while copied < matched {
            let count = Self.read(descriptor, into: buffer.baseAddress!, count: min(buffer.count, matched - copied), at: copied)
            guard count > 0 else { throw OutputError(message: "\(path) changed while flaggen was reading it; run again") }
            try receive(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            copied += count
        }
    }

    /// Which file is open (see ``FileSystem/FileIdentity``).
    var identity: FileSystem.FileIdentity? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileSystem.FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// Closes the file.
    func close() {
        FileSystem.closeDescriptor(descriptor)
    }

    /// Reads up to `count` bytes at `offset`; fewer at the end of the file, none when reading
    /// fails (which the callers take as a difference).
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        FileSystem.read(descriptor, into: buffer, count: count, at: offset) ?? 0
    }
}
