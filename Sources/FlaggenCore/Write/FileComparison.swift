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
    mutating func continues(with piece: [UInt8]) -> Bool {
        guard stillMatches else { return false }
        let same = FileSystem.readBytes(descriptor, count: piece.count, at: matched) == piece
        if same { matched += piece.count } else { stillMatches = false }
        return same
    }

    /// Whether the file has no bytes past the matching part (so, if every piece matched, the
    /// file equals them).
    func endsAfterMatch() -> Bool {
        FileSystem.readBytes(descriptor, count: 1, at: matched)?.isEmpty ?? true
    }

    /// How many leading bytes of `expected` the file starts with (read from its start, in
    /// pieces, so a file of any size costs 64 KiB of memory).
    func matchingPrefixLength(_ expected: [UInt8]) -> Int {
        var offset = 0
        while offset < expected.count {
            let wanted = min(64 * 1024, expected.count - offset)
            let piece = FileSystem.readBytes(descriptor, count: wanted, at: offset) ?? []
            for index in piece.indices where piece[index] != expected[offset + index] { return offset + index }
            offset += piece.count
            if piece.count < wanted { break }
        }
        return offset
    }

    /// Hands the file's first `matched` bytes to `receive`, in pieces.
    func readMatchedPart(_ receive: ([UInt8]) throws(OutputError) -> Void) throws(OutputError) {
        var copied = 0
        while copied < matched {
            let piece = FileSystem.readBytes(descriptor, count: min(64 * 1024, matched - copied), at: copied) ?? []
            guard !piece.isEmpty else { throw OutputError(message: "\(path) changed while flaggen was reading it; run again") }
            try receive(piece)
            copied += piece.count
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
}
