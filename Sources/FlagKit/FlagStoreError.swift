/// A failure the store caught and went on without, as `FlagStore.onError` receives it, once per
/// failure: nothing a source, a disk, a listener or a config decoder throws escapes the store.
public struct FlagStoreError: Error, CustomStringConvertible {
    /// Which part failed.
    public enum Kind: String, Sendable, CaseIterable {
        /// The source threw, returned `nil`, or its answer could not be decoded: a failed fetch.
        case fetch
        /// The disk threw while reading a saved copy; the session runs as if there were none.
        case diskRead
        /// The disk threw while saving a copy; the previous copy stays.
        case diskWrite
        /// The disk threw while deleting the copies in safe mode; the session still runs on the
        /// defaults.
        case diskClear
        /// The disk threw while reading or saving the count of unfinished starts.
        case diskStarts
        /// A kill-switch listener threw; the other listeners were still called.
        case listener
        /// A JSON config did not decode (or broke the manifest's rules); the flag reads its default.
        case config
        /// A source sent a value nested deeper than `FlagLimits.maximumValueDepth`; it was
        /// dropped, and its flag reads its default.
        case value
    }

    /// Which part failed.
    public let kind: Kind
    /// The flag concerned, for `.config` and `.value`.
    public let key: String?
    /// What was thrown, when something was (`nil` for a fetch that returned `nil`).
    public let underlying: (any Error)?

    /// Creates an error report.
    public init(kind: Kind, key: String? = nil, underlying: (any Error)? = nil) {
        self.kind = kind
        self.key = key
        self.underlying = underlying
    }

    /// A line for a log: the kind, the flag and what was thrown, never a flag value.
    public var description: String {
        var text = "FlagStore: \(kind.rawValue) failed"
        if let key { text += " for \(key)" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}

/// A handle for a listener added with `FlagStore.addKillSwitchListener(_:)`; pass it to
/// `removeKillSwitchListener(_:)` to stop it.
public struct FlagListenerToken: Hashable, Sendable {
    let id: Int
}
