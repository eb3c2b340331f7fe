/// Where fresh flag values come from: a flag server, a vendor SDK, or a fake in tests.
///
/// The store calls `fetch(userKey:)` in the background only — never before the first screen —
/// and saves what it returns for the next session. `HTTPFlagSource` speaks flaggen's contract;
/// `OFREPFlagSource` speaks the OpenFeature Remote Evaluation Protocol.
public protocol FlagSource: Sendable {
    /// The values the server evaluated for this user (`nil` means signed out), or `nil` when the
    /// fetch failed for any reason (offline, timeout, an error status, a malformed answer).
    ///
    /// Return only values the server sent: a key that is missing makes the flag use its default.
    /// A thrown error is a failed fetch too: the store keeps what it has and reports the error to
    /// `FlagStore.onError`. Implementations that never throw can leave out `throws`.
    func fetch(userKey: String?) async throws -> [String: FlagValue]?
}
