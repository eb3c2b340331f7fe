/// Where a flag stands on the report's day, for `flaggen report`: one word per flag that people
/// filter by and bots match on.
enum FlagStatus: String, Sendable, Hashable, CaseIterable {
    /// Past its expiry date: `flaggen lint` fails until it is removed or its date moves.
    case expired
    /// Expires within ``FlagStatus/expiringSoonDays`` days (the expiry day itself included).
    case expiringSoon = "expiring-soon"
    /// Has an expiry date further out.
    case ok
    /// A kill switch without an expiry date that is close or past: meant to stay.
    case killSwitch = "kill-switch"
    /// No expiry date and not a kill switch (a `kind: permission` flag): meant to stay.
    case permanent

    /// How many days ahead a flag counts as expiring soon: 30, as many as issue #20 gives the
    /// advice to deprecate a flag before it expires.
    static let expiringSoonDays = 30

    /// The status of `flag` on `today`. A date close or past wins over the kill-switch mark: an
    /// expired kill switch is still debt.
    init(_ flag: FlagDefinition, today: ISODate) {
        if let expires = flag.expires {
            let daysLeft = expires.daysSinceEpoch - today.daysSinceEpoch
            if daysLeft < 0 {
                self = .expired
            } else if daysLeft <= Self.expiringSoonDays {
                self = .expiringSoon
            } else {
                self = flag.killSwitch ? .killSwitch : .ok
            }
        } else {
            self = flag.killSwitch ? .killSwitch : .permanent
        }
    }

    /// The words the page shows: "expiring soon".
    var label: String {
        switch self {
        case .expired: "expired"
        case .expiringSoon: "expiring soon"
        case .ok: "ok"
        case .killSwitch: "kill switch"
        case .permanent: "permanent"
        }
    }

    /// Where the status sorts: the most urgent first.
    var rank: Int {
        switch self {
        case .expired: 0
        case .expiringSoon: 1
        case .ok: 2
        case .killSwitch: 3
        case .permanent: 4
        }
    }
}
