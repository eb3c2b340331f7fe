/// A `FlagDisk` that keeps everything in memory: for tests, SwiftUI previews, and apps that
/// must not save flags. Nothing survives the process.
public actor InMemoryFlagDisk: FlagDisk {
    /// By ``SavedCopyFormat/name(forUser:)``, so users are told apart by their keys' bytes.
    private var copies: [String: FlagSnapshot] = [:]
    private var unfinished: Int

    /// How many times `write(_:)` ran; tests use it to see whether a refresh saved anything.
    public private(set) var writeCount = 0

    /// Creates a disk holding `snapshots` (one per user; a later one replaces an earlier one of
    /// the same user) and an unfinished-start count.
    public init(snapshots: [FlagSnapshot] = [], unfinishedStarts: Int = 0) {
        for snapshot in snapshots {
            copies[SavedCopyFormat.name(forUser: snapshot.userKey)] = snapshot
        }
        unfinished = unfinishedStarts
    }

    /// The copy saved for `userKey`.
    public func read(userKey: String?) -> FlagSnapshot? {
        copies[SavedCopyFormat.name(forUser: userKey)]
    }

    /// Saves `snapshot` as the copy of its user.
    public func write(_ snapshot: FlagSnapshot) {
        copies[SavedCopyFormat.name(forUser: snapshot.userKey)] = snapshot
        writeCount += 1
    }

    /// Deletes every copy.
    public func clear() {
        copies.removeAll()
    }

    /// The unfinished-start count.
    public func unfinishedStarts() -> Int {
        unfinished
    }

    /// Sets the unfinished-start count.
    public func setUnfinishedStarts(_ count: Int) {
        unfinished = count
    }
}
