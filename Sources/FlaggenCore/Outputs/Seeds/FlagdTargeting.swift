import FlaggenJSON

/// A rollout as flagd targeting: a JsonLogic rule that names the variant to serve.
///
/// ```json
/// {"if": [
///   {"and": [
///     {"in": [{"var": "platform"}, ["ios", "android"]]},
///     {"var": "appVersion"},
///     {"sem_ver": [{"var": "appVersion"}, ">=", "2.4.0"]}
///   ]},
///   {"fractional": [["on", 1000], ["off", 9000]]},
///   null
/// ]}
/// ```
///
/// - The gates come first: `platform` must be one of the rollout's platforms, and
///   `appVersion` must be present and at least `minAppVersion` (build metadata dropped, as it
///   has no precedence). A request that fails a gate gets `null`, so flagd serves the
///   `defaultVariant`.
/// - `fractional` splits the requests that pass by basis points: weights `[served, bp]` and
///   `[default, 10000 - bp]`, so 0 and 100 percent are exact. It hashes the flag key and the
///   targeting key with MurmurHash3, so its buckets differ from flaggen's SHA-256 buckets; a
///   request without a targeting key gets the default variant.
/// - At 100 percent there is no `fractional`: every request that passes the gates is in, with
///   or without a targeting key.
/// - Without gates, the rule is the `fractional` alone (or, at 100 percent, `if true`).
///
struct FlagdTargeting {
    /// The context attribute that holds the platform, `ios` or `android`.
    static let platformAttribute = "platform"
    /// The context attribute that holds the app version, Semantic Versioning.
    static let appVersionAttribute = "appVersion"
    /// What the metadata says about buckets when the rule uses `fractional`.
    static let bucketingNote =
        "flagd fractional: MurmurHash3 of flag key + targeting key; not the same buckets as flaggen's SHA-256 (flaggen bucket)"

    /// The rollout the rule serves.
    let rollout: Rollout
    /// The variant a request the rollout serves gets.
    let servedVariant: String
    /// The variant the other requests get.
    let defaultVariant: String

    /// True when the rule splits requests with `fractional` (below 100 percent).
    var usesFractional: Bool { rollout.basisPoints < Rollout.everyone }

    /// The JsonLogic rule.
    var rule: JSONValue {
        var gates: [JSONValue] = []
        if !rollout.platforms.isEmpty {
            gates.append(["in": [Self.variable(Self.platformAttribute), .array(rollout.platforms.map { .string($0.rawValue) })]])
        }
        if var version = rollout.minAppVersion {
            version.build = []
            // The presence test keeps a request without a version out without asking sem_ver
            // to parse a missing value.
            gates.append(Self.variable(Self.appVersionAttribute))
            gates.append(["sem_ver": [Self.variable(Self.appVersionAttribute), ">=", .string(version.description)]])
        }
        switch gates.count {
        case 0: return usesFractional ? served : ["if": [true, served, nil]]
        // One gate stands alone; the version gate is two tests, so more than one go in an `and`.
        case 1: return ["if": [gates[0], served, nil]]
        default: return ["if": [["and": .array(gates)], served, nil]]
        }
    }

    /// What a request that passes the gates gets: the served variant, or a `fractional` split.
    private var served: JSONValue {
        guard usesFractional else { return .string(servedVariant) }
        return [
            "fractional": [
                [.string(servedVariant), .int(rollout.basisPoints)],
                [.string(defaultVariant), .int(Rollout.everyone - rollout.basisPoints)],
            ]
        ]
    }

    /// `{"var": name}`.
    private static func variable(_ name: String) -> JSONValue {
        ["var": .string(name)]
    }
}
