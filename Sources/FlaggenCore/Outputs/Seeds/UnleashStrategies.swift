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
/// everyone. It is written straight to JSON; no strategy or constraint is built on the way.
struct UnleashStrategies {
    /// The custom context field that holds the platform, `ios` or `android`.
    static let platformField: StaticString = "platform"
    /// The custom context field that holds the app version, Semantic Versioning.
    static let appVersionField: StaticString = "appVersion"
    /// Basis points that mean everyone: 100 percent.
    static let everyone = 10_000

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
        rollout.basisPoints > 0 && rollout.basisPoints < everyone
    }

    // MARK: - Writing

    /// Writes the strategies, elements of the open `strategies` array; their `groupId` is the
    /// flag key.
    func write(groupID: String, to json: inout JSONStreamWriter) {
        if let serving {
            // Partial rollouts stick to userId, so a request without one is out, never placed at
            // random; 0 and 100 percent use Unleash's default stickiness and need no id at all.
            let stickiness: StaticString = serving.isPartial ? "userId" : "default"
            let gates = serving.gates
            if let version = gates.versionText {
                for versionOperator: StaticString in ["SEMVER_EQ", "SEMVER_GT"] {
                    Self.writeStrategy(percent: serving.percent, stickiness: stickiness, groupID: groupID, variant: serving.variant, to: &json) { json in
                        gates.writePlatformConstraint(operator: "IN", to: &json)
                        Self.writeVersionConstraint(versionOperator, version, inverted: false, to: &json)
                    }
                }
            } else {
                Self.writeStrategy(percent: serving.percent, stickiness: stickiness, groupID: groupID, variant: serving.variant, to: &json) { json in
                    gates.writePlatformConstraint(operator: "IN", to: &json)
                }
            }
        }
        if let gates = notServing {
            if !gates.platforms.isEmpty {
                Self.writeStrategy(percent: 100, stickiness: "default", groupID: groupID, variant: nil, to: &json) { json in
                    gates.writePlatformConstraint(operator: "NOT_IN", to: &json)
                }
            }
            if let version = gates.versionText {
                // Not (= V) and not (> V): below V, unparsable, or absent.
                Self.writeStrategy(percent: 100, stickiness: "default", groupID: groupID, variant: nil, to: &json) { json in
                    Self.writeVersionConstraint("SEMVER_EQ", version, inverted: true, to: &json)
                    Self.writeVersionConstraint("SEMVER_GT", version, inverted: true, to: &json)
                }
            }
        }
        if servesEveryone {
            Self.writeStrategy(percent: 100, stickiness: "default", groupID: groupID, variant: everyoneVariant, to: &json) { _ in }
        }
    }

    /// One `flexibleRollout` strategy; `writeConstraints` writes the elements of its
    /// `constraints` array.
    private static func writeStrategy(
        percent: Int, stickiness: StaticString, groupID: String, variant: UnleashVariant?, to json: inout JSONStreamWriter,
        constraints writeConstraints: (inout JSONStreamWriter) -> Void
    ) {
        json.beginObject()
        json.key("constraints")
        json.beginArray()
        writeConstraints(&json)
        json.endArray()
        json.key("name")
        json.string("flexibleRollout")
        json.key("parameters")
        json.beginObject()
        json.key("groupId")
        json.string(groupID)
        json.key("rollout")
        json.string(decimal: percent)
        json.key("stickiness")
        json.string(stickiness)
        json.endObject()
        if let variant {
            json.key("variants")
            json.beginArray()
            variant.write(to: &json)
            json.endArray()
        }
        json.endObject()
    }

    /// A constraint that the app version is (or, inverted, is not) `operator` `version`.
    private static func writeVersionConstraint(_ name: StaticString, _ version: String, inverted: Bool, to json: inout JSONStreamWriter) {
        json.beginObject()
        json.key("caseInsensitive")
        json.bool(false)
        json.key("contextName")
        json.string(appVersionField)
        json.key("inverted")
        json.bool(inverted)
        json.key("operator")
        json.string(name)
        json.key("value")
        json.string(version)
        json.endObject()
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
        /// nothing when the rollout names no platform.
        func writePlatformConstraint(operator name: StaticString, to json: inout JSONStreamWriter) {
            guard !platforms.isEmpty else { return }
            json.beginObject()
            json.key("caseInsensitive")
            json.bool(false)
            json.key("contextName")
            json.string(UnleashStrategies.platformField)
            json.key("inverted")
            json.bool(false)
            json.key("operator")
            json.string(name)
            json.key("values")
            json.beginArray()
            for platform in platforms { json.string(platform.rawValue) }
            json.endArray()
            json.endObject()
        }
    }
}
