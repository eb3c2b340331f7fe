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

// Unsafe APIs here: POSIX `read` and `write` fill and take the bytes of a saved copy in place.

/// A `FlagDisk` that saves one JSON file per user in a folder of the app's own.
///
/// - Files are named after a SHA-256 prefix of the user key (`flags-user-….json`, or
///   `flags-signed-out.json`), so a file name never reveals an account.
/// - Every write goes to a temporary file with a unique name in the same folder, which is then
///   renamed over the old one: a crash leaves the old copy or the new one, never half of either,
///   and two processes writing at once (an app and its extension) never share a temporary file.
/// - The folder is excluded from iCloud and device backups (`isExcludedFromBackup`): a restore
///   must not bring back old values, or another person's, onto a new device.
public struct FileFlagDisk: FlagDisk {
    /// The folder that holds the files; it is created on the first write.
    public let directory: URL
    /// The most bytes a saved copy may have (`FlagLimits.maximumCopySize`, 8 MiB and 64 KiB, by
    /// default).
    public let maximumCopySize: Int

    /// The file that counts this process's unfinished starts.
    let counterURL: URL

    /// Saves in `directory`. Give each app (and each independent store) a folder of its own; an
    /// app and its extensions may share one (an App Group container): they share the saved
    /// copies, each process counts its own unfinished starts, and `clear()` deletes FlagKit's
    /// files only.
    public init(directory: URL, maximumCopySize: Int = FlagLimits.maximumCopySize) {
        self.init(directory: directory, maximumCopySize: maximumCopySize,
                  processName: ProcessInfo.processInfo.processName)
    }

    /// `processName` names the crash counter: an extension killed at its start (as widgets
    /// routinely are) is not the app crashing, and its `enteredBackground()` must not reset the
    /// app's count.
    init(directory: URL, maximumCopySize: Int = FlagLimits.maximumCopySize, processName: String) {
        self.directory = directory
        self.maximumCopySize = maximumCopySize
        self.counterURL = directory.appendingPathComponent(Self.counterPrefix + SavedCopyFormat.name(forProcess: processName) + ".json")
    }

    /// Saves in `FlagKit/<appIdentifier>` under the user's Application Support folder
    /// (`~/.local/share` on Linux).
    public init(appIdentifier: String, maximumCopySize: Int = FlagLimits.maximumCopySize) {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(
            directory: base.appendingPathComponent("FlagKit", isDirectory: true)
                .appendingPathComponent(appIdentifier, isDirectory: true),
            maximumCopySize: maximumCopySize)
    }

    private static let copyPrefix = "flags-"
    private static let counterPrefix = "unfinished-starts-"
    /// The counter file holds about 30 bytes; anything much bigger is not a counter.
    static let maximumCounterSize = 4096

    /// The file that holds the copy of `userKey`.
    public func fileURL(forUser userKey: String?) -> URL {
        directory.appendingPathComponent(Self.copyPrefix + SavedCopyFormat.name(forUser: userKey) + ".json")
    }

    /// Why a saved copy that exists was not read.
    public enum ReadError: Error, CustomStringConvertible {
        /// The file is over `maximumCopySize`, not a regular file, or cannot be read.
        case unreadable
        /// The file is not a complete saved copy of this format (truncated, corrupt, foreign).
        case corrupt

        /// A line for a log.
        public var description: String {
            switch self {
            case .unreadable: return "the saved copy is over the size limit or cannot be read"
            case .corrupt: return "the saved copy is corrupt, truncated or of another format"
            }
        }
    }

    /// The copy saved for `userKey`, or `nil` when there is none. A file that cannot be read, is
    /// over `maximumCopySize` (decided from its size, unread) or does not decode throws
    /// `ReadError`: the store reports it and runs as if there were no copy.
    public func read(userKey: String?) async throws -> FlagSnapshot? {
        let url = fileURL(forUser: userKey)
        guard let data = BoundedFile.read(url, limit: maximumCopySize) else {
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            throw ReadError.unreadable
        }
        guard let snapshot = SavedCopyFormat.decode(data) else { throw ReadError.corrupt }
        return snapshot
    }

    /// Why a write failed: the copy over the size limit, or the system call that failed and its
    /// `errno`.
    public struct WriteError: Error, CustomStringConvertible {
        /// What failed: `tooLarge`, `open`, `write`, `fsync`, `close` or `rename` (or `set`, for
        /// ``UserDefaultsFlagDisk``).
        public let step: String
        /// The `errno` of the failed call; 0 for `tooLarge`.
        public let code: Int32

        /// A line for a log.
        public var description: String {
            step == "tooLarge" ? "the saved copy is over the size limit" : "\(step) failed (errno \(code))"
        }
    }

    /// Saves `snapshot` as the copy of its user, atomically. A failed write, or a copy over
    /// `maximumCopySize`, leaves the old copy and throws `WriteError`.
    public func write(_ snapshot: FlagSnapshot) async throws {
        let data = SavedCopyFormat.encode(snapshot)
        // It would read as no copy anyway.
        guard data.count <= maximumCopySize else { throw WriteError(step: "tooLarge", code: 0) }
        try writeAtomically(data, to: fileURL(forUser: snapshot.userKey), sync: true)
    }

    /// Deletes every saved copy in the folder (and any temporary file of one, or of this
    /// process's counter, a crash left behind), and nothing else; throws when a copy could not
    /// be deleted.
    public func clear() async throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let counterName = counterURL.lastPathComponent
        var failure: (any Error)?
        for name in names where Self.isCopy(name[...])
            || Self.target(ofTemporary: name).map({ Self.isCopy($0) || $0 == counterName }) == true {
            do {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// The temporary file a write of the file `name` goes through: `.<name>.<UUID>.tmp`, unique,
    /// so two processes never write into one.
    private static func temporaryName(for name: String) -> String {
        ".\(name).\(UUID().uuidString).tmp"
    }

    /// The name of the file a temporary file of ``temporaryName(for:)`` was written for, or nil
    /// for any other name: the folder may hold others' files.
    private static func target(ofTemporary name: String) -> Substring? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let body = name.dropFirst().dropLast(4)
        guard let dot = body.lastIndex(of: "."), UUID(uuidString: String(body[body.index(after: dot)...])) != nil else { return nil }
        return body[..<dot]
    }

    /// Whether `name` is a saved copy's: `flags-signed-out.json` or `flags-user-<32 hex>.json`.
    private static func isCopy(_ name: Substring) -> Bool {
        guard name.hasPrefix(copyPrefix), name.hasSuffix(".json") else { return false }
        let user = name.dropFirst(copyPrefix.count).dropLast(5)
        let digest = user.dropFirst(5)
        return user == "signed-out"
            || (user.hasPrefix("user-") && digest.count == 32 && digest.allSatisfy { "0123456789abcdef".contains($0) })
    }

    /// The unfinished-start count; 0 when the file is missing, unreadable or over 4 KiB.
    public func unfinishedStarts() async -> Int {
        guard let data = BoundedFile.read(counterURL, limit: Self.maximumCounterSize),
              case .object(let object)? = FlagJSON.parse(data),
              object["format"]?.intValue == SavedCopyFormat.version,
              let count = object["unfinishedStarts"]?.intValue, count >= 0
        else { return 0 }
        return count
    }

    /// Saves the unfinished-start count, atomically; throws `WriteError` when it failed.
    public func setUnfinishedStarts(_ count: Int) async throws {
        let data = FlagJSON.serialize(["format": .int(SavedCopyFormat.version), "unfinishedStarts": .int(count)])
        // No fsync: the count must survive a crash of the app, which the rename alone ensures.
        try writeAtomically(data, to: counterURL, sync: false)
    }

    /// Creates the folder when it is missing, and excludes it from backups (a folder created by an
    /// older FlagKit too).
    private func prepareDirectory() {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #if canImport(Darwin)
        var folder = directory
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try? folder.setResourceValues(values)
        #endif
    }

    /// Writes `data` to a temporary file with a unique name in the same folder, then renames it
    /// over `url`.
    private func writeAtomically(_ data: Data, to url: URL, sync: Bool) throws {
        prepareDirectory()
        let temporary = directory.appendingPathComponent(Self.temporaryName(for: url.lastPathComponent))
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(step: "open", code: errno) }
        var failure: WriteError?
        let written = data.withUnsafeBytes {  // `write` only reads the buffer
            transferAll(descriptor, UnsafeMutableRawBufferPointer(mutating: $0), reading: false)
        }
        // A write that moved nothing sets no errno: report it as an I/O error.
        if written != data.count { failure = WriteError(step: "write", code: written == nil ? errno : EIO) }
        if failure == nil, sync, fsync(descriptor) != 0 { failure = WriteError(step: "fsync", code: errno) }
        if close(descriptor) != 0, failure == nil { failure = WriteError(step: "close", code: errno) }
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = WriteError(step: "rename", code: errno) }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        #else
        do {
            try data.write(to: temporary)
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        #endif
    }
}

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
        let filled = data.withUnsafeMutableBytes { transferAll(descriptor, $0, reading: true) }
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
/// Reads into `buffer` until it is full or the file ends, or writes all of it, retrying short
/// transfers and interruptions (these stay outside the types above, whose `read` and `write`
/// would hide POSIX's); the bytes moved, or `nil` on an error.
private func transferAll(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, reading: Bool) -> Int? {
    guard let start = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
        let result = reading
            ? read(descriptor, start + done, buffer.count - done)
            : write(descriptor, start + done, buffer.count - done)
        if result < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if result == 0 { break }  // the end of the file (a write that moved nothing fails the write)
        done += result
    }
    return done
}
#endif
