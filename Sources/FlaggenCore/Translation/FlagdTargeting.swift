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
struct FlagdTargeting {
    /// The context attribute that holds the platform, `ios` or `android`.
    static let platformAttribute = "platform"
    /// The context attribute that holds the app version, Semantic Versioning.
    static let appVersionAttribute = "appVersion"
    /// What the metadata says about buckets when the rule uses `fractional`.
    static let bucketingNote =
        "flagd fractional: MurmurHash3 of flag key + targeting key; not the same buckets as flaggen's SHA-256 (flaggen bucket)"

    /// Basis points that mean everyone: 100 percent.
    static let everyone = 10_000

    /// The JsonLogic rule.
    let rule: JSONValue
    /// True when the rule splits requests with `fractional` (below 100 percent).
    let usesFractional: Bool

    /// Builds the rule for a rollout that serves `servedVariant` and otherwise `defaultVariant`.
    init(rollout: Rollout, servedVariant: String, defaultVariant: String) {
        var gates: [JSONValue] = []
        if !rollout.platforms.isEmpty {
            gates.append(["in": [["var": .string(Self.platformAttribute)], .array(rollout.platforms.map { .string($0.rawValue) })]])
        }
        if var version = rollout.minAppVersion {
            version.build = []
            let attribute: JSONValue = ["var": .string(Self.appVersionAttribute)]
            // The presence test keeps a request without a version out without asking sem_ver
            // to parse a missing value.
            gates.append(attribute)
            gates.append(["sem_ver": [attribute, ">=", .string(version.description)]])
        }
        let everyone = Self.everyone
        usesFractional = rollout.basisPoints < everyone
        let served: JSONValue =
            usesFractional
            ? ["fractional": [[.string(servedVariant), .int(rollout.basisPoints)], [.string(defaultVariant), .int(everyone - rollout.basisPoints)]]]
            : .string(servedVariant)
        switch gates.count {
        case 0 where usesFractional: rule = served
        case 0: rule = ["if": [true, served, nil]]
        case 1: rule = ["if": [gates[0], served, nil]]
        default: rule = ["if": [["and": .array(gates)], served, nil]]
        }
    }
}
