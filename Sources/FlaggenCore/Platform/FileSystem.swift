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

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemRead = Musl.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// The few file-system questions flaggen asks, answered with POSIX calls so the tool needs only
/// FoundationEssentials on Linux (all of Foundation costs about 15 MB of memory and 10 ms of
/// start-up in every build that runs the plugin).
enum FileSystem {
    /// What is at a path, following symlinks.
    enum ItemKind: Equatable {
        case file
        case directory
        case other
    }

    /// What is at `path`, or nil when nothing is (or it cannot be examined).
    static func itemKind(atPath path: String) -> ItemKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// The size in bytes of the file at `path` (following symlinks), or nil when it cannot be
    /// examined. (FoundationEssentials reports `attributesOfItem`'s size as a `UInt`, where
    /// Foundation gives an `Int`: `stat` answers the same everywhere.)
    static func fileSize(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// When the file at `path` last changed (not following symlinks), or nil.
    static func modificationDate(atPath path: String) -> Date? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// The text for the current `errno`, such as "Permission denied".
    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }

    /// Whether two byte buffers hold the same bytes.
    static func sameBytes(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        first.count == second.count && (first.count == 0 || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
    }

    /// Writes all of `bytes` to an open file; the error text when it fails.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return lastErrorText()
            }
            written += result
        }
        return nil
    }

    /// Closes an open file.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Reads at most `limit` bytes from the start of the file at `path`; nil when it cannot be read.
    ///
    /// The bytes go straight into the array, which starts at the size `fstat` gives (plus one,
    /// to see the end in the same read) and grows only for what `fstat` did not count: a file
    /// that grew meanwhile, a pipe, a file in `/proc`.
    static func readPrefix(ofFileAtPath path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let knownSize = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        var bytes: [UInt8] = []
        var chunk = min(limit, max(knownSize, 0) + 1)
        while bytes.count < limit {
            let start = bytes.count
            chunk = min(chunk, limit - start)
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            guard let filled = bytes.withUnsafeMutableBytes({ read(descriptor, into: $0.baseAddress! + start, count: chunk, at: nil) }) else { return nil }
            bytes.removeLast(chunk - filled)
            if filled < chunk { break }
            chunk = max(chunk, 64 * 1024)
        }
        return bytes
    }

    /// Reads up to `count` bytes at `offset` of an open file, or from where it stands (a pipe
    /// too) when `offset` is nil; fewer only at its end, nil when reading fails.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int?) -> Int? {
        var filled = 0
        while filled < count {
            let result =
                if let offset { pread(descriptor, buffer + filled, count - filled, off_t(offset + filled)) }
                else { systemRead(descriptor, buffer + filled, count - filled) }
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if result == 0 { break }
            filled += result
        }
        return filled
    }

    /// Creates one folder (mode 0777 less the umask); the error text when it fails, unless
    /// something already exists there.
    static func createFolder(atPath path: String) -> String? {
        if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
        return lastErrorText()
    }

    /// Removes an empty folder; does nothing when it is not empty or not there.
    static func removeEmptyFolder(atPath path: String) {
        _ = rmdir(path)
    }

    /// Renames `source` to `destination`, replacing it; the error text when it fails.
    static func move(_ source: String, replacing destination: String) -> String? {
        rename(source, destination) == 0 ? nil : lastErrorText()
    }

    /// Files under `folder` (paths that start with `folder`), depth first in name order; folders
    /// for which `skip` says true are not entered. Symlinks to folders are not followed, so a
    /// link cycle cannot loop.
    static func files(under folder: String, skip: (String) -> Bool) -> [String] {
        var result: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            var subfolders: [String] = []
            for name in names.sorted() {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    if !skip(name) { subfolders.append(path) }
                } else {
                    result.append(path)
                }
            }
            pending += subfolders.reversed()
        }
        return result
    }
}
