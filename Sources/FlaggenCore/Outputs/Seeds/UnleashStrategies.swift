import FlaggenJSON

/// Unleash activation strategies for one flag: every strategy is a `flexibleRollout` whose
/// `groupId` is the flag key, so strategies of the same flag share one bucket per user.
///
/// Unleash enables a feature when any strategy matches, and a strategy matches when all its
/// constraints hold and the user is inside its rollout. A rollout "platform in P, version at
/// least V, X percent" therefore becomes two strategies, one with `appVersion SEMVER_EQ V` and
/// one with `appVersion SEMVER_GT V`, each with the platform constraint: their union is
/// "version ≥ V", and a request without `appVersion` matches neither. (An inverted
/// `SEMVER_LT` would let in requests that send no version at all.)
///
/// The value says which strategies there are, in the order they are written: those that
/// serve a rollout, those that match what a rollout does not serve, then one that matches
/// everyone.
struct UnleashStrategies {
    /// The custom context field that holds the platform, `ios` or `android`.
    static let platformField = "platform"
    /// The custom context field that holds the app version, Semantic Versioning.
    static let appVersionField = "appVersion"

    /// The strategies that match the requests a rollout serves: its gates and its share, in
    /// whole percent, each carrying `variant` when there is one.
    private var serving: (gates: Gates, percent: Int, isPartial: Bool, variant: UnleashVariant?)?
    /// The gates of a 100 percent rollout whose strategies match the requests it does not serve.
    private var notServing: Gates?
    /// Whether a last strategy matches every request, and the variant it carries.
    private var servesEveryone = false
    private var everyoneVariant: UnleashVariant?

    /// No strategy at all.
    static let none = UnleashStrategies()

    /// A strategy that matches every request, carrying `variant`.
    static func everyone(variant: UnleashVariant? = nil) -> UnleashStrategies {
        var strategies = UnleashStrategies()
        strategies.addEveryone(variant: variant)
        return strategies
    }

    /// The strategies that match the requests `rollout` serves: its gates and its share, in
    /// whole percent (rounded down: ``UnleashRules`` refuses other shares).
    static func matching(_ rollout: Rollout, variant: UnleashVariant? = nil) -> UnleashStrategies {
        var strategies = UnleashStrategies()
        strategies.serving = (Gates(rollout), rollout.basisPoints / 100, isPartial(rollout), variant)
        return strategies
    }

    /// The strategies that match the requests a 100 percent rollout does not serve: those on
    /// another platform (or none) and those below `minAppVersion` (or without a version).
    /// Empty when the rollout has no gates: then it serves everyone.
    static func notMatching(_ rollout: Rollout) -> UnleashStrategies {
        var strategies = UnleashStrategies()
        strategies.notServing = Gates(rollout)
        return strategies
    }

    /// Adds, last, a strategy that matches every request, carrying `variant`.
    mutating func addEveryone(variant: UnleashVariant?) {
        servesEveryone = true
        everyoneVariant = variant
    }

    /// True when there is no strategy.
    var isEmpty: Bool {
        serving == nil && (notServing?.isEmpty ?? true) && !servesEveryone
    }

    /// True when the rollout splits requests by bucket: strictly between 0 and 100 percent.
    static func isPartial(_ rollout: Rollout) -> Bool {
        rollout.basisPoints > 0 && rollout.basisPoints < Rollout.everyone
    }

    // MARK: - JSON

    /// The strategies, in order, as the elements of the feature's `strategies` array; their
    /// `groupId` is the flag key.
    func json(groupID: String) -> [JSONValue] {
        var strategies: [JSONValue] = []
        func add(percent: Int, stickiness: String = "default", variant: UnleashVariant? = nil, constraints: [JSONValue]) {
            strategies.append(Self.strategy(percent: percent, stickiness: stickiness, groupID: groupID, variant: variant, constraints: constraints))
        }
        if let serving {
            // Partial rollouts stick to userId, so a request without one is out, never placed at
            // random; 0 and 100 percent use Unleash's default stickiness and need no id at all.
            let stickiness = serving.isPartial ? "userId" : "default"
            let platform = serving.gates.platformConstraint(operator: "IN")
            if let version = serving.gates.versionText {
                for versionOperator in ["SEMVER_EQ", "SEMVER_GT"] {
                    add(percent: serving.percent, stickiness: stickiness, variant: serving.variant,
                        constraints: platform + [Self.versionConstraint(versionOperator, version, inverted: false)])
                }
            } else {
                add(percent: serving.percent, stickiness: stickiness, variant: serving.variant, constraints: platform)
            }
        }
        if let gates = notServing {
            if !gates.platforms.isEmpty {
                add(percent: 100, constraints: gates.platformConstraint(operator: "NOT_IN"))
            }
            if let version = gates.versionText {
                // Not (= V) and not (> V): below V, unparsable, or absent.
                add(percent: 100, constraints: [
                    Self.versionConstraint("SEMVER_EQ", version, inverted: true),
                    Self.versionConstraint("SEMVER_GT", version, inverted: true),
                ])
            }
        }
        if servesEveryone {
            add(percent: 100, variant: everyoneVariant, constraints: [])
        }
        return strategies
    }

    /// One `flexibleRollout` strategy.
    private static func strategy(percent: Int, stickiness: String, groupID: String, variant: UnleashVariant?, constraints: [JSONValue]) -> JSONValue {
        var strategy: [String: JSONValue] = [
            "constraints": .array(constraints),
            "name": "flexibleRollout",
            "parameters": .object(["groupId": .string(groupID), "rollout": .string(String(percent)), "stickiness": .string(stickiness)]),
        ]
        if let variant { strategy["variants"] = [variant.json] }
        return .object(strategy)
    }

    /// A constraint that the app version is (or, inverted, is not) `operator` `version`.
    private static func versionConstraint(_ name: String, _ version: String, inverted: Bool) -> JSONValue {
        .object([
            "caseInsensitive": false,
            "contextName": .string(appVersionField),
            "inverted": .bool(inverted),
            "operator": .string(name),
            "value": .string(version),
        ])
    }

    // MARK: - Parts

    /// A rollout's gates: its platforms, and its minimum version without build metadata.
    private struct Gates {
        var platforms: [Platform]
        /// `minAppVersion` as text, build metadata dropped (it has no precedence).
        var versionText: String?

        init(_ rollout: Rollout) {
            platforms = rollout.platforms
            if var version = rollout.minAppVersion {
                version.build = []
                versionText = version.description
            }
        }

        var isEmpty: Bool { platforms.isEmpty && versionText == nil }

        /// A constraint that the platform is (`IN`) or is not (`NOT_IN`) one of the rollout's;
        /// none when the rollout names no platform.
        func platformConstraint(operator name: String) -> [JSONValue] {
            guard !platforms.isEmpty else { return [] }
            return [
                .object([
                    "caseInsensitive": false,
                    "contextName": .string(UnleashStrategies.platformField),
                    "inverted": false,
                    "operator": .string(name),
                    "values": .array(platforms.map { .string($0.rawValue) }),
                ])
            ]
        }
    }
}
