import FlagKit

/// The checkout screen's state. It takes one view of the flags when it opens, so its answers
/// stay the same while it is on screen, even when a refresh lands.
@MainActor
public struct CheckoutScreen {
    private let flags: FlagView

    /// Opens the screen: one view, taken now.
    public init(store: FlagStore) {
        flags = store.view()
    }

    /// Whether the redesigned checkout shows.
    public var usesNewCheckout: Bool { flags.isOn(Flags.newCheckout) }

    /// The label on the buy button.
    public var buttonLabel: String { flags.value(Flags.checkoutButtonLabel) }

    /// What the paywall shows: the server's config when it decodes, else the manifest's default.
    public var paywall: Flags.PaywallConfig { flags.value(Flags.paywall) }
}

/// The chat composer. Media sending hangs on a kill switch, which is read live: turning it off
/// on the server reaches a composer that is already open.
@MainActor
public struct ChatComposer {
    private let flags: FlagView

    /// Opens the composer.
    public init(store: FlagStore) {
        flags = store.view()
    }

    /// Whether the media button shows; asked each time, because it is a kill switch.
    public var canSendMedia: Bool { flags.isOn(Flags.chatMediaEnabled) }
}

/// Serves fixed answers in place of `HTTPFlagSource`, so the example runs without a server.
public actor ScriptedFlagSource: FlagSource {
    private var answer: [String: FlagValue]?

    /// Creates a source that answers `answer` (nil: every fetch fails, as offline).
    public init(answer: [String: FlagValue]?) {
        self.answer = answer
    }

    /// Changes what the next fetch returns.
    public func serve(_ answer: [String: FlagValue]?) {
        self.answer = answer
    }

    public func fetch(userKey: String?) async -> [String: FlagValue]? {
        answer
    }
}
