/// Where a flag stands on the report's day, for `flaggen report`: one word per flag that people
/// filter by and bots match on. The cases are in the order the report sorts them: the most
/// urgent first.
enum FlagStatus: String, Sendable, Hashable, CaseIterable {
    /// Past its expiry date: `flaggen lint` fails until it is removed or its date moves.
    case expired
    /// Expires within ``FlagStatus/expiringSoonDays`` days (the expiry day itself included).
    case expiringSoon = "expiring-soon"
    /// Has an expiry date further out.
    case ok
    /// A kill switch (which has no expiry date): meant to stay.
    case killSwitch = "kill-switch"
    /// A flag without an expiry date that is not a kill switch (a `kind: permission` flag):
    /// meant to stay.
    case permanent

    /// How many days ahead a flag counts as expiring soon: 30, as many as issue #20 gives the
    /// advice to deprecate a flag before it expires.
    static let expiringSoonDays = 30

    /// The status of `flag` with `daysLeft` to its expiry: nil for kill switches and permission
    /// flags, the flags without an expiry date (the validator refuses one on a kill switch).
    init(_ flag: FlagDefinition, daysLeft: Int?) {
        guard let daysLeft else {
            self = flag.killSwitch ? .killSwitch : .permanent
            return
        }
        self = daysLeft < 0 ? .expired : daysLeft <= Self.expiringSoonDays ? .expiringSoon : .ok
    }

    /// The words the page shows: "expiring soon".
    var label: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }

    /// Where the status sorts: its place among the cases, the most urgent first.
    var rank: Int { Self.allCases.firstIndex(of: self)! }
}
