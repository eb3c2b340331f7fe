import Foundation

/// A `FlagDisk` in `UserDefaults`: one key per user (`<prefix>.copy.` and a SHA-256 prefix of the
/// user key) holding the whole copy in `FileFlagDisk`'s JSON, so a reader never sees half of it.
/// UserDefaults keeps its values in memory anyway; `maximumCopySize` keeps a huge copy from being
/// parsed at every start.
///
/// UserDefaults saves to disk later, so a write just before the app is killed can be lost; the
/// next fetch repairs it. Prefer `FileFlagDisk` when that matters.
public final class UserDefaultsFlagDisk: FlagDisk, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; this class has no mutable state of its own.
    private let defaults: UserDefaults
    private let prefix: String
    /// The most bytes a saved copy may have (``defaultMaximumCopySize`` by default, at most
    /// `FlagLimits.maximumCopySize`), and all users' copies together: writing a copy that
    /// would pass it deletes the other users' copies.
    public let maximumCopySize: Int

    /// The default of `maximumCopySize`: 1 MiB, or 256 KiB on tvOS, which warns at 512 KB of
    /// defaults and terminates an app at 1 MB. UserDefaults is for small values; a larger copy
    /// belongs in ``FileFlagDisk``.
    #if os(tvOS)
    public static let defaultMaximumCopySize = 256 * 1024
    #else
    public static let defaultMaximumCopySize = 1024 * 1024
    #endif

    /// Saves in `defaults` under keys that start with `keyPrefix`. An app and its extensions
    /// may share an App Group's defaults: they share the saved copies, and each process counts
    /// its own unfinished starts.
    public convenience init(
        defaults: UserDefaults = .standard, keyPrefix: String = "flagkit",
        maximumCopySize: Int = UserDefaultsFlagDisk.defaultMaximumCopySize
    ) {
        self.init(defaults: defaults, keyPrefix: keyPrefix, maximumCopySize: maximumCopySize,
                  processName: ProcessInfo.processInfo.processName)
    }

    /// `processName` names the crash counter, as in ``FileFlagDisk``.
    init(defaults: UserDefaults, keyPrefix: String, maximumCopySize: Int, processName: String) {
        self.defaults = defaults
        self.prefix = keyPrefix
        self.maximumCopySize = maximumCopySize
        self.counterKey = keyPrefix + ".unfinishedStarts." + SavedCopyFormat.name(forProcess: processName)
    }

    private var copyPrefix: String { prefix + ".copy." }
    private let counterKey: String

    private func copyKey(forUser userKey: String?) -> String {
        copyPrefix + SavedCopyFormat.name(forUser: userKey)
    }

    /// The copy saved for `userKey`, or `nil` when there is none. A copy over `maximumCopySize`
    /// or one that does not decode throws `FileFlagDisk.ReadError` (the store reports it and runs
    /// as if there were none).
    public func read(userKey: String?) async throws -> FlagSnapshot? {
        guard let stored = defaults.object(forKey: copyKey(forUser: userKey)) else { return nil }
        guard let data = stored as? Data, data.count <= maximumCopySize else { throw FileFlagDisk.ReadError.unreadable }
        guard let snapshot = SavedCopyFormat.decode(data) else { throw FileFlagDisk.ReadError.corrupt }
        return snapshot
    }

    /// Saves `snapshot` as the copy of its user, or throws `FileFlagDisk.WriteError`: `tooLarge`
    /// over `maximumCopySize`, `set` when reading it back finds that UserDefaults dropped it
    /// (it drops values over the platform's limits without saying so).
    public func write(_ snapshot: FlagSnapshot) async throws {
        let data = SavedCopyFormat.encode(snapshot)
        guard data.count <= min(maximumCopySize, FlagLimits.maximumCopySize) else {
            throw FileFlagDisk.WriteError(step: "tooLarge", code: 0)
        }
        let key = copyKey(forUser: snapshot.userKey)
        // Every copy stays in memory, and tvOS ends an app at 1 MB of defaults: one user's copy
        // may use the whole budget, so the others (profiles, earlier accounts) go first.
        let others = defaults.dictionaryRepresentation().filter { $0.key.hasPrefix(copyPrefix) && $0.key != key }
        if others.values.reduce(data.count, { $0 + (($1 as? Data)?.count ?? 0) }) > maximumCopySize {
            for otherKey in others.keys { defaults.removeObject(forKey: otherKey) }
        }
        defaults.set(data, forKey: key)
        guard defaults.data(forKey: key) == data else { throw FileFlagDisk.WriteError(step: "set", code: 0) }
    }

    /// Deletes every saved copy under this prefix.
    public func clear() async {
        for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(copyPrefix) {
            defaults.removeObject(forKey: key)
        }
    }

    /// The unfinished-start count; 0 when none was saved.
    public func unfinishedStarts() async -> Int {
        max(0, defaults.integer(forKey: counterKey))
    }

    /// Saves the unfinished-start count.
    public func setUnfinishedStarts(_ count: Int) async {
        defaults.set(count, forKey: counterKey)
    }
}
