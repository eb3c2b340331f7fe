import Foundation

/// A feature flag or remote-config value, declared in generated code from `flags.yaml`.
///
/// `defaultValue` is the behaviour that already shipped and worked: apps use it whenever nothing
/// else is known (first launch offline, a missing key, a value of the wrong type).
public struct Flag<Value: Sendable>: FlagMetadata {
    /// The key apps and servers use, such as `new_checkout`.
    public let key: String
    /// The value used when nothing else is known.
    public let defaultValue: Value
    /// The team that owns the flag.
    public let owner: String
    /// The start (00:00 UTC) of the last day the flag may live; `nil` for kill switches and
    /// permission flags, which never expire.
    public let expires: Date?
    /// True when apps read the flag live, to turn a feature off at once.
    public let killSwitch: Bool
    /// What the flag is for.
    public let kind: FlagKind
    /// What the flag does, for humans.
    public let description: String?

    /// Creates a flag. Generated code calls this; apps rarely need to.
    public init(
        key: String, defaultValue: Value, owner: String, expires: Date?, killSwitch: Bool, kind: FlagKind,
        description: String?
    ) {
        self.key = key
        self.defaultValue = defaultValue
        self.owner = owner
        self.expires = expires
        self.killSwitch = killSwitch
        self.kind = kind
        self.description = description
    }
}

/// What every flag has, whatever its value type: lets `Flags.all` list flags of mixed types.
public protocol FlagMetadata: Sendable {
    /// The key apps and servers use.
    var key: String { get }
    /// The team that owns the flag.
    var owner: String { get }
    /// The start (00:00 UTC) of the flag's last day, or `nil` when it never expires.
    var expires: Date? { get }
    /// True when apps read the flag live.
    var killSwitch: Bool { get }
    /// What the flag is for.
    var kind: FlagKind { get }
    /// What the flag does, for humans.
    var description: String? { get }
}

extension FlagMetadata {
    /// True once the flag's last day has passed: from 00:00 UTC on the day after `expires`.
    /// This matches `flaggen lint`, which fails the build from that day on.
    public func isExpired(on date: Date) -> Bool {
        guard let expires else { return false }
        return date >= expires.addingTimeInterval(86_400)
    }
}

/// What a flag is for.
public enum FlagKind: String, Sendable, CaseIterable {
    /// Hides unfinished work; removed once rolled out.
    case release
    /// An A/B test; removed when the test ends.
    case experiment
    /// Tunes behaviour in production, such as a kill switch.
    case operational
    /// Grants a feature to some users for good.
    case permission
}

/// Calendar days as `Date`s without a `Calendar`, so generated code gives the same instant on
/// every platform, in every time zone.
public enum FlagDay {
    /// 00:00 UTC on the given day (proleptic Gregorian calendar).
    public static func utc(_ year: Int, _ month: Int, _ day: Int) -> Date {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
    }
}
