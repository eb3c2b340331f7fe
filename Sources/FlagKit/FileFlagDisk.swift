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

/// A `FlagDisk` that saves one JSON file per user in a folder of the app's own.
///
/// - Files are named after a SHA-256 prefix of the user key (`flags-user-….json`, or
///   `flags-signed-out.json`), so a file name never reveals an account.
/// - Every write goes to a temporary file in the same folder, which is then renamed over the old
///   one: a crash leaves the old copy or the new one, never half of either.
/// - The format is versioned (see the `format` field). A corrupt, truncated or foreign file reads
///   as "no saved copy", and the app starts on its defaults.
/// - The unfinished-start count lives in `unfinished-starts.json` next to the copies.
public struct FileFlagDisk: FlagDisk {
    /// The folder that holds the files; it is created on the first write.
    public let directory: URL

    /// Saves in `directory`. Give each app (and each independent store) a folder of its own.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Saves in `FlagKit/<appIdentifier>` under the user's Application Support folder
    /// (`~/.local/share` on Linux).
    public init(appIdentifier: String) {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(directory: base.appendingPathComponent("FlagKit", isDirectory: true)
            .appendingPathComponent(appIdentifier, isDirectory: true))
    }

    private static let copyPrefix = "flags-"
    private static let counterName = "unfinished-starts.json"

    /// The file that holds the copy of `userKey`.
    public func fileURL(forUser userKey: String?) -> URL {
        directory.appendingPathComponent(Self.copyPrefix + SavedCopyFormat.name(forUser: userKey) + ".json")
    }

    /// The copy saved for `userKey`, or `nil` when there is none or it cannot be read.
    public func read(userKey: String?) async -> FlagSnapshot? {
        guard let data = try? Data(contentsOf: fileURL(forUser: userKey)) else { return nil }
        return SavedCopyFormat.decode(data)
    }

    /// Saves `snapshot` as the copy of its user, atomically. A failed write leaves the old copy.
    public func write(_ snapshot: FlagSnapshot) async {
        _ = writeAtomically(SavedCopyFormat.encode(snapshot), to: fileURL(forUser: snapshot.userKey), sync: true)
    }

    /// Deletes every saved copy in the folder (and any temporary file a crash left behind).
    public func clear() async {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.copyPrefix) || name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The unfinished-start count; 0 when the file is missing or unreadable.
    public func unfinishedStarts() async -> Int {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(Self.counterName)),
              case .object(let object)? = FlagJSON.parse(data),
              object["format"]?.intValue == SavedCopyFormat.version,
              let count = object["unfinishedStarts"]?.intValue, count >= 0
        else { return 0 }
        return count
    }

    /// Saves the unfinished-start count, atomically.
    public func setUnfinishedStarts(_ count: Int) async {
        let data = FlagJSON.serialize(["format": .int(SavedCopyFormat.version), "unfinishedStarts": .int(count)])
        // No fsync: the count must survive a crash of the app, which the rename alone ensures.
        _ = writeAtomically(data, to: directory.appendingPathComponent(Self.counterName), sync: false)
    }

    /// Writes `data` to a temporary file in the same folder, then renames it over `url`.
    private func writeAtomically(_ data: Data, to url: URL, sync: Bool) -> Bool {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { writeAll(descriptor, $0) }
        let synced = !sync || fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard written, synced, closed, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
        #else
        do {
            try data.write(to: temporary)
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
            return true
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        #endif
    }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
/// Writes every byte of `buffer` to `descriptor`, retrying short writes and interruptions.
private func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    guard var next = buffer.baseAddress else { return true }
    var remaining = buffer.count
    while remaining > 0 {
        let result = write(descriptor, next, remaining)
        if result < 0 {
            if errno == EINTR { continue }
            return false
        }
        next += result
        remaining -= result
    }
    return true
}
#endif
