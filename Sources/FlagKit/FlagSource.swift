/// Where fresh flag values come from: a flag server, a vendor SDK, or a fake in tests. The store
/// calls it in the background only, never before the first screen.
public protocol FlagSource: Sendable {
    /// The values the server sent for this user (`nil` means signed out); a missing key makes the
    /// flag use its default. Return `nil` or throw when the fetch failed for any reason (offline,
    /// timeout, an error status, a malformed answer): the store keeps what it has and reports it.
    func fetch(userKey: String?) async throws -> [String: FlagValue]?
}
