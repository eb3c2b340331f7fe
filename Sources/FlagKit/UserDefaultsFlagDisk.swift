import Foundation

/// A `FlagDisk` in `UserDefaults`: one key per user, holding the whole copy, so a reader never
/// sees half of it.
///
/// Keys are `<prefix>.copy.<name>` (the name is a SHA-256 prefix of the user key, or
/// `signed-out`) and `<prefix>.unfinishedStarts`. The copy uses the same versioned JSON as
/// `FileFlagDisk`; a corrupt one reads as "no saved copy".
///
/// UserDefaults saves to disk later, so a write just before the app is killed can be lost; the
/// next fetch repairs it. Prefer `FileFlagDisk` when that matters.
public final class UserDefaultsFlagDisk: FlagDisk, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; this class has no mutable state of its own.
    private let defaults: UserDefaults
    private let prefix: String

    /// Saves in `defaults` under keys that start with `keyPrefix`.
    public init(defaults: UserDefaults = .standard, keyPrefix: String = "flagkit") {
        self.defaults = defaults
        self.prefix = keyPrefix
    }

    private var copyPrefix: String { prefix + ".copy." }
    private var counterKey: String { prefix + ".unfinishedStarts" }

    private func copyKey(forUser userKey: String?) -> String {
        copyPrefix + SavedCopyFormat.name(forUser: userKey)
    }

    /// The copy saved for `userKey`, or `nil` when there is none or it cannot be read.
    public func read(userKey: String?) async -> FlagSnapshot? {
        guard let data = defaults.data(forKey: copyKey(forUser: userKey)) else { return nil }
        return SavedCopyFormat.decode(data)
    }

    /// Saves `snapshot` as the copy of its user.
    public func write(_ snapshot: FlagSnapshot) async {
        defaults.set(SavedCopyFormat.encode(snapshot), forKey: copyKey(forUser: snapshot.userKey))
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
