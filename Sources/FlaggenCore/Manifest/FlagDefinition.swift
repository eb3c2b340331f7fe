import FlaggenJSON

/// The value type of a flag.
enum FlagType: String, Sendable, Hashable, CaseIterable {
    case bool, string, int, double, json
}

/// What a flag is for; it sets whether an expiry date is required and maps to server flag types.
enum FlagKind: String, Sendable, Hashable, CaseIterable {
    /// Hides unfinished work; removed once rolled out. The default.
    case release
    /// An A/B test; removed when the test ends.
    case experiment
    /// Tunes behaviour in production (kill switches are operational by nature).
    case operational
    /// Grants a feature to some users for good; needs no expiry date.
    case permission
}

/// A platform a rollout rule can target.
enum Platform: String, Sendable, Hashable, CaseIterable {
    case ios, android
}

/// A flag's value as the manifest writes it, typed (a default or a rollout's value). JSON configs
/// hold the config object as written. (FlagKit's runtime value is `FlagKit.FlagValue`.)
enum ManifestValue: Sendable, Hashable {
    case bool(Bool)
    case string(String)
    case int(Int)
    case double(Double)
    case json(JSONValue)
}

/// One flag of the manifest, validated.
public struct FlagDefinition: Sendable, Hashable {
    /// The key apps and servers use, `^[a-z][a-z0-9_]*$`.
    var key: String
    /// The value type.
    var type: FlagType
    /// For `json` flags, the name of the config under `configs` that types the value.
    var configName: String?
    /// The values a string flag may take, when it lists them under `enum:`: it becomes a typed
    /// enum flag in Swift and Kotlin.
    var enumValues: [String]?
    /// The value apps use when nothing else is known: the behaviour that already shipped.
    var defaultValue: ManifestValue
    /// The team that owns the flag.
    var owner: String
    /// The last day the flag may live; `nil` only for kill switches and permission flags.
    var expires: ISODate?
    /// What the flag is for.
    var kind: FlagKind
    /// True when apps read the flag live, to turn a feature off at once.
    var killSwitch: Bool
    /// What the flag does, for humans.
    var description: String?
    /// Why the flag is on its way out, when `deprecated:` says so: the generated accessors carry
    /// it, so every read warns in Xcode and Android Studio.
    var deprecated: String? = nil
    /// The server's first rule for the flag, if any.
    var rollout: Rollout?
    /// Where the flag's key is written in the manifest.
    var location: SourceLocation

    /// The type as messages and the report show it: `bool`, or `json (PaywallConfig)`.
    var typeLabel: String {
        type == .json ? "json (\(configName ?? "?"))" : type.rawValue
    }

    /// The type of the flag's value as a config property's type, which the outputs map to their
    /// own types: a json flag's is its config (the validator sees to it that a json flag names a
    /// defined config).
    var valueType: PropertyType {
        switch type {
        case .bool: .bool
        case .string: .string
        case .int: .int
        case .double: .double
        case .json: .config(configName ?? "")
        }
    }

    /// Days from `today` to the expiry date: 0 on the last day, negative once overdue; nil
    /// without an expiry date.
    func daysLeft(on today: ISODate) -> Int? {
        expires.map { $0.daysSinceEpoch - today.daysSinceEpoch }
    }
}

/// The server's first rule for a flag: who gets `value` instead of the default.
struct Rollout: Sendable, Hashable {
    /// Basis points that mean everyone: 100 percent.
    static let everyone = 10_000

    /// The share of users, in basis points: 1,000 is 10 percent, ``everyone`` 10,000.
    var basisPoints: Int
    /// The platforms the rule applies to; empty means every platform.
    var platforms: [Platform]
    /// The lowest app version the rule applies to, if any.
    var minAppVersion: SemanticVersion?
    /// What the rule serves.
    var value: ManifestValue
    /// Where the rule is written.
    var location: SourceLocation

    /// The percentage as a decimal string without trailing zeros: "10", "12.5", "0.25".
    var percentText: String {
        let whole = basisPoints / 100
        let fraction = basisPoints % 100
        if fraction == 0 { return "\(whole)" }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
