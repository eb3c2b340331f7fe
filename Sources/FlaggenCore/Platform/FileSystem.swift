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

// Unsafe APIs here: POSIX file calls (`open`, `pread`, `write`) read and write through raw buffers;
// the rest of FlaggenCore uses the arrays this file hands out.

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

    /// What `stat` (`following` symlinks) or else `lstat` says of `path`; nil when it cannot
    /// examine it.
    private static func info(_ path: String, following: Bool = true) -> stat? {
        var status = stat()
        return (following ? stat(path, &status) : lstat(path, &status)) == 0 ? status : nil
    }

    /// What is at `path`, or nil when nothing is (or it cannot be examined).
    static func itemKind(atPath path: String) -> ItemKind? {
        guard let status = info(path) else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// Why `path` cannot be examined, when something other than its absence stops it (a folder
    /// on its way that does not let flaggen in): the system's reason; nil when it can be, or is
    /// simply not there.
    static func unreachable(_ path: String) -> String? {
        guard info(path, following: false) == nil, errno != ENOENT, errno != ENOTDIR else { return nil }
        return lastErrorText()
    }

    /// Whether `path` itself is a symlink (not following it).
    static func isSymlink(atPath path: String) -> Bool {
        info(path, following: false).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
    }

    /// The size in bytes of the file at `path` (following symlinks), or nil when it cannot be
    /// examined. (FoundationEssentials reports `attributesOfItem`'s size as a `UInt`, where
    /// Foundation gives an `Int`: `stat` answers the same everywhere.)
    static func fileSize(atPath path: String) -> Int? {
        info(path).map { Int($0.st_size) }
    }

    /// When the file at `path` last changed (not following symlinks), or nil.
    static func modificationDate(atPath path: String) -> Date? {
        guard let status = info(path, following: false) else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// Which file a path leads to, following symlinks: the same for every path to one file (a
    /// symlink, a hard link, or another spelling on a case-insensitive volume).
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of what is at `path`, or nil when nothing is.
    static func identity(atPath path: String) -> FileIdentity? {
        guard let status = info(path) else { return nil }
        // Darwin's dev_t is signed: a bit pattern, not a number.
        return FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// The permission bits of the file at `path` (following symlinks); nil when it cannot be
    /// examined.
    static func permissions(atPath path: String) -> mode_t? {
        info(path).map { mode_t($0.st_mode & 0o7777) }
    }

    /// How many names (hard links) the file at `path` has, following symlinks; nil when it
    /// cannot be examined.
    static func linkCount(atPath path: String) -> Int? {
        info(path).map { Int($0.st_nlink) }
    }

    /// `path` made absolute with every symlink resolved (`realpath(3)`), or nil when it does not
    /// exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first and the last `count` bytes of the regular file at `path` (the whole file in both
    /// when it is shorter), or nil when it is not a regular file or cannot be read. Reads nothing
    /// else, however large the file.
    static func readEnds(ofRegularFileAtPath path: String, count: Int) -> (start: [UInt8], end: [UInt8])? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // Up to `count` bytes at `offset`; fewer only at the file's end, nil when reading fails.
        func bytes(at offset: Int) -> [UInt8]? {
            guard count > 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: count)
            guard let filled = buffer.withUnsafeMutableBytes({ readFully(descriptor, into: $0.baseAddress!, count: count, at: offset) }) else { return nil }
            buffer.removeLast(count - filled)
            return buffer
        }
        let size = Int(status.st_size)
        guard let start = bytes(at: 0) else { return nil }
        if size <= count { return (start, start) }
        guard let end = bytes(at: size - count) else { return nil }
        return (start, end)
    }

    /// The text for the current `errno`, such as "Permission denied".
    static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }

    /// Writes all of `bytes` to an open file; the error text when it fails.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { bytes in
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
    }

    /// Creates the file at `path`, which must not exist yet, writes `bytes` to it and closes it;
    /// the error text when a step fails, and then no file is left there. The file gets `mode`
    /// exactly when one is given, else read-write as the umask allows.
    static func writeNewFile(atPath path: String, _ bytes: [UInt8], mode: mode_t? = nil) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard descriptor >= 0 else { return lastErrorText() }
        if let mode { _ = fchmod(descriptor, mode) }
        let failure = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : lastErrorText()
        guard let reason = failure ?? closed else { return nil }
        removeFile(atPath: path)
        return reason
    }

    /// Why a file could not be read by ``readRegularFile(atPath:limit:)``.
    enum ReadFailure: Error, Equatable {
        /// Nothing is at the path.
        case missing
        /// A folder is at the path.
        case folder
        /// A pipe, socket or device is at the path: reading it could wait forever.
        case notRegular
        /// A symlink on the path leads back to itself.
        case linkLoop
        /// The file exists but cannot be opened or read; the system's reason.
        case unreadable(String)

        /// What went wrong, to follow a path: "is a folder".
        var reason: String {
            switch self {
            case .missing: "does not exist"
            case .folder: "is a folder"
            case .notRegular: "is not a regular file (a pipe, socket or device)"
            case .linkLoop: "is a symlink that leads back to itself"
            case .unreadable(let reason): "cannot be read (\(reason))"
            }
        }
    }

    /// Reads at most `limit` bytes from the start of the regular file at `path`.
    ///
    /// Anything but a regular file is refused before a byte is read: the file is opened without
    /// blocking (opening a named pipe would otherwise wait for a writer forever) and examined
    /// through the open descriptor, so what is read is what was examined.
    ///
    /// The bytes go straight into the array, which starts at the size `fstat` gives (plus one,
    /// to see the end in the same read) and grows only for what `fstat` did not count: a file
    /// that grew meanwhile, or a file in `/proc`.
    static func readRegularFile(atPath path: String, limit: Int) throws(ReadFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            if errno == ELOOP { throw .linkLoop }
            let reason = lastErrorText()
            switch itemKind(atPath: path) {
            case .directory?: throw .folder
            case .other?: throw .notRegular  // a socket cannot be opened at all
            default: throw .unreadable(reason)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(lastErrorText()) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        let knownSize = Int(status.st_size)
        var bytes: [UInt8] = []
        var chunk = min(limit, max(knownSize, 0) + 1)
        while bytes.count < limit {
            let start = bytes.count
            chunk = min(chunk, limit - start)
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            guard let filled = bytes.withUnsafeMutableBytes({ readFully(descriptor, into: $0.baseAddress! + start, count: chunk, at: nil) }) else {
                throw .unreadable(lastErrorText())
            }
            bytes.removeLast(chunk - filled)
            if filled < chunk { break }
            chunk = max(chunk, 64 * 1024)
        }
        return bytes
    }

    /// Reads up to `count` bytes at `offset` of an open file, or from where it stands (a pipe
    /// too) when `offset` is nil; fewer only at its end, nil when reading fails.
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int?) -> Int? {
        var filled = 0
        while filled < count {
            let result =
                if let offset { pread(descriptor, buffer + filled, count - filled, off_t(offset + filled)) }
                else { read(descriptor, buffer + filled, count - filled) }
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

    /// Why this process cannot create files in the folder at `path` (the error text), or nil
    /// when it can.
    static func cannotWrite(inFolder path: String) -> String? {
        access(path, W_OK | X_OK) == 0 ? nil : lastErrorText()
    }

    /// Removes an empty folder; does nothing when it is not empty or not there.
    static func removeEmptyFolder(atPath path: String) {
        _ = rmdir(path)
    }

    /// What ``hardLink(_:to:)`` did.
    enum LinkResult: Equatable {
        case linked
        /// Something is already at the destination; nothing changed.
        case exists
        /// The file system has no hard links.
        case unsupported
        case failed(String)
    }

    /// Makes `destination` a second name of the file `source`, failing (rather than replacing)
    /// when something is already there: a new file put in place without a race.
    static func hardLink(_ source: String, to destination: String) -> LinkResult {
        if link(source, destination) == 0 { return .linked }
        switch errno {
        case EEXIST: return .exists
        case EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK: return .unsupported
        default: return .failed(lastErrorText())
        }
    }

    /// Removes the file (or symlink) at `path`, never a folder: nil once nothing is there, else
    /// why it is still there (the system's reason, such as "Permission denied").
    @discardableResult
    static func removeFile(atPath path: String) -> String? {
        guard let status = info(path, following: false) else { return nil }
        if status.st_mode & S_IFMT == S_IFDIR { return "it is a folder" }
        return unlink(path) == 0 || errno == ENOENT ? nil : lastErrorText()
    }

    /// Renames `source` to `destination`, replacing it; the error text when it fails.
    static func move(_ source: String, replacing destination: String) -> String? {
        rename(source, destination) == 0 ? nil : lastErrorText()
    }

    /// What ``listing(under:skip:)`` met but could not read, with why: a folder it cannot list
    /// (or an entry it cannot examine), or a file or folder whose name is not UTF-8 — a Swift
    /// string cannot hold that name, so nothing can open it by name.
    struct Unlisted: Equatable {
        /// For messages only: each byte that is not UTF-8 is written as `\xE9`.
        var path: String
        /// Whether it is known to be a file (so its name tells whether it matters), not a
        /// folder or something it could not examine.
        var isFile: Bool
        var reason: String
    }

    /// Regular files under `folder` (paths that start with `folder`), and symlinks to regular
    /// files, depth first in name order; folders for which `skip` says true (given the
    /// folder's path) are not entered. With them, what it could not read in the folders it
    /// entered, and the symlinks to folders it met.
    /// Symlinks to folders are never followed, so a link cycle cannot loop and a link to `/`
    /// cannot send the walk over the whole disk; their paths are returned, for the caller to
    /// judge. Pipes, sockets and devices are left out, since reading one could wait
    /// forever.
    static func listing(
        under folder: String, skip: (String) -> Bool
    ) -> (files: [String], unlisted: [Unlisted], folderLinks: [String]) {
        var result: [String] = []
        var unlisted: [Unlisted] = []
        var folderLinks: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            let names: [[UInt8]]
            do throws(ReadFailure) {
                names = try entryNames(inFolder: current)
            } catch {
                unlisted.append(Unlisted(path: current, isFile: false, reason: "it \(error.reason)"))
                continue
            }
            let prefix = current.hasSuffix("/") ? current : current + "/"
            var subfolders: [String] = []
            for raw in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                // Examined by its bytes, so a name that is not UTF-8 is seen as what it is.
                let cPath = (Array(prefix.utf8) + raw).map { CChar(bitPattern: $0) } + [0]
                let name = UTF8Check.string(raw)
                let path = prefix + (name ?? UTF8Check.escaped(raw))
                var status = stat()
                guard lstat(cPath, &status) == 0 else {
                    if errno != ENOENT { unlisted.append(Unlisted(path: path, isFile: false, reason: "it cannot be read (\(lastErrorText()))")) }
                    continue
                }
                var kind = status.st_mode & S_IFMT
                if kind == S_IFLNK {
                    // A symlink counts as a file when it leads to one; a link to a folder is noted.
                    kind = stat(cPath, &status) == 0 ? status.st_mode & S_IFMT : 0
                    if kind == S_IFDIR, name != nil, !skip(path) { folderLinks.append(path) }
                    if kind != S_IFREG { continue }
                }
                switch kind {
                case S_IFDIR where !skip(path):
                    if name == nil { unlisted.append(Unlisted(path: path, isFile: false, reason: "its name is not UTF-8; rename it")) } else { subfolders.append(path) }
                case S_IFREG:
                    if name == nil { unlisted.append(Unlisted(path: path, isFile: true, reason: "its name is not UTF-8; rename it")) } else { result.append(path) }
                default:
                    continue
                }
            }
            pending += subfolders.reversed()
        }
        return (result, unlisted, folderLinks)
    }

    /// The names in the folder at `path` as bytes, without `.` and `..`.
    private static func entryNames(inFolder path: String) throws(ReadFailure) -> [[UInt8]] {
        guard let folder = opendir(path) else { throw .unreadable(lastErrorText()) }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw .unreadable(lastErrorText()) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
    }
}
