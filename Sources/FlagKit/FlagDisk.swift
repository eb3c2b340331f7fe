/// Where the store saves the last values, one copy per user, and counts unfinished starts.
///
/// Reads must never trap: a corrupt, truncated or foreign copy reads as `nil` or throws. Any
/// method may throw; the store reports the error to `FlagStore.onError` and goes on as if the
/// copy were missing or the write had not happened.
public protocol FlagDisk: Sendable {
    /// The copy saved for `userKey` (`nil` means signed out), or `nil` when there is none.
    func read(userKey: String?) async throws -> FlagSnapshot?
    /// Saves `snapshot` as the copy of `snapshot.userKey`, replacing the previous one. A reader
    /// sees the old copy or the new one, never a mix. Throw when the copy was not saved.
    func write(_ snapshot: FlagSnapshot) async throws
    /// Deletes every saved copy, for every user (the crash guard's safe mode).
    func clear() async throws
    /// How many starts began without `FlagStore.startFinished()` after them.
    func unfinishedStarts() async throws -> Int
    /// Saves the count of unfinished starts.
    func setUnfinishedStarts(_ count: Int) async throws
}
