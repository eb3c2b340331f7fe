/// Where the store saves the last values, one copy per user, and counts unfinished starts.
///
/// Reads must never trap: a missing, corrupt, truncated or foreign copy reads as `nil`, and the
/// app starts on its defaults. `FileFlagDisk` and `UserDefaultsFlagDisk` save to the device;
/// `InMemoryFlagDisk` serves tests and previews.
public protocol FlagDisk: Sendable {
    /// The copy saved for `userKey` (`nil` means signed out), or `nil` when there is none.
    func read(userKey: String?) async -> FlagSnapshot?
    /// Saves `snapshot` as the copy of `snapshot.userKey`, replacing the previous one. A reader
    /// sees the old copy or the new one, never a mix.
    func write(_ snapshot: FlagSnapshot) async
    /// Deletes every saved copy, for every user (the crash guard's safe mode).
    func clear() async
    /// How many starts began without `FlagStore.startFinished()` after them.
    func unfinishedStarts() async -> Int
    /// Saves the count of unfinished starts.
    func setUnfinishedStarts(_ count: Int) async
}
