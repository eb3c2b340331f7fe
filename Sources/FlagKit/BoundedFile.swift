import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

// Unsafe APIs here: POSIX `read` fills the buffer of the `Data` it returns.

/// Reads small files without ever reading a big one: the size decides before any byte is read.
enum BoundedFile {
    /// The bytes of the regular file at `url`, or `nil` when it is missing, unreadable, not a
    /// regular file (a FIFO would block), bigger than `limit` bytes, or grew while being read.
    static func read(_ url: URL, limit: Int) -> Data? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        // O_NONBLOCK: opening a FIFO must not wait for a writer (regular files ignore it).
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size >= 0, status.st_size <= Int64(max(0, limit))
        else { return nil }
        let size = Int(status.st_size)
        // One byte more than the size, to notice a file that grew since fstat.
        var data = Data(count: size + 1)
        let filled = data.withUnsafeMutableBytes { readAll(descriptor, $0) }
        guard let filled, filled <= size else { return nil }
        data.count = filled
        return data
        #else
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue, size <= limit,
              let handle = try? FileHandle(forReadingFrom: url)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: size + 1) else { return size == 0 ? Data() : nil }
        return data.count <= size ? data : nil
        #endif
    }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
/// Reads until `buffer` is full or the file ends, retrying interruptions; the bytes read, or
/// `nil` on an error.
private func readAll(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int? {
    guard let start = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
        let result = read(descriptor, start + filled, buffer.count - filled)
        if result < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if result == 0 { break }
        filled += result
    }
    return filled
}
#endif
