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
struct UnleashStrategies {
    /// The custom context field that holds the platform, `ios` or `android`.
    static let platformField = "platform"
    /// The custom context field that holds the app version, Semantic Versioning.
    static let appVersionField = "appVersion"
    /// Basis points that mean everyone: 100 percent.
    static let everyone = 10_000

    /// The flag the strategies belong to.
    let flag: FlagDefinition

    /// One `flexibleRollout` strategy.
    struct Strategy {
        /// The share of users, in whole percent.
        var percent: Int
        /// `userId` for partial rollouts, else `default`.
        var stickiness: StaticString
        var constraints: [Constraint]
        var variants: [UnleashVariant]

        /// Writes the strategy; its `groupId` is the flag key.
        func write(groupID: String, to json: inout JSONStreamWriter) {
            json.beginObject()
            json.key("constraints")
            json.beginArray()
            for constraint in constraints { constraint.write(to: &json) }
            json.endArray()
            json.key("name")
            json.string("flexibleRollout")
            json.key("parameters")
            json.beginObject()
            json.key("groupId")
            json.string(groupID)
            json.key("rollout")
            json.string(String(percent))
            json.key("stickiness")
            json.string(stickiness)
            json.endObject()
            if !variants.isEmpty {
                json.key("variants")
                json.beginArray()
                for variant in variants { variant.write(to: &json) }
                json.endArray()
            }
            json.endObject()
        }
    }

    /// One constraint on a context field: a list of values (`IN`, `NOT_IN`) or one version.
    struct Constraint {
        var contextName: String
        var operatorName: String
        var values: [String]?
        var value: String?
        var inverted: Bool

        func write(to json: inout JSONStreamWriter) {
            json.beginObject()
            json.key("caseInsensitive")
            json.bool(false)
            json.key("contextName")
            json.string(contextName)
            json.key("inverted")
            json.bool(inverted)
            json.key("operator")
            json.string(operatorName)
            if let value {
                json.key("value")
                json.string(value)
            }
            if let values {
                json.key("values")
                json.beginArray()
                for value in values { json.string(value) }
                json.endArray()
            }
            json.endObject()
        }
    }

    /// A strategy that matches every request, carrying `variants`.
    func everyone(variants: [UnleashVariant] = []) -> Strategy {
        strategy(percent: 100, stickiness: "default", constraints: [], variants: variants)
    }

    /// The strategies that match the requests the rollout serves: its gates and its share.
    ///
    /// Throws when the share is not a whole percent: Unleash rollouts are whole percents.
    func matching(_ rollout: Rollout, variants: [UnleashVariant] = []) throws(EmitError) -> [Strategy] {
        let percent = try wholePercent(rollout)
        // Partial rollouts stick to userId, so a request without one is out, never placed at
        // random; 0 and 100 percent use Unleash's default stickiness and need no id at all.
        let stickiness: StaticString = Self.isPartial(rollout) ? "userId" : "default"
        let platform = platformConstraint(rollout, operator: "IN")
        guard var version = rollout.minAppVersion else {
            return [strategy(percent: percent, stickiness: stickiness, constraints: platform.map { [$0] } ?? [], variants: variants)]
        }
        version.build = []
        return ["SEMVER_EQ", "SEMVER_GT"].map { versionOperator in
            let constraints = (platform.map { [$0] } ?? []) + [versionConstraint(versionOperator, version, inverted: false)]
            return strategy(percent: percent, stickiness: stickiness, constraints: constraints, variants: variants)
        }
    }

    /// The strategies that match the requests a 100 percent rollout does not serve: those on
    /// another platform (or none) and those below `minAppVersion` (or without a version).
    /// Empty when the rollout has no gates: then it serves everyone.
    func notMatching(_ rollout: Rollout) -> [Strategy] {
        var strategies: [Strategy] = []
        if let platform = platformConstraint(rollout, operator: "NOT_IN") {
            strategies.append(strategy(percent: 100, stickiness: "default", constraints: [platform], variants: []))
        }
        if var version = rollout.minAppVersion {
            version.build = []
            // Not (= V) and not (> V): below V, unparsable, or absent.
            let constraints = ["SEMVER_EQ", "SEMVER_GT"].map { versionConstraint($0, version, inverted: true) }
            strategies.append(strategy(percent: 100, stickiness: "default", constraints: constraints, variants: []))
        }
        return strategies
    }

    /// True when the rollout splits requests by bucket: strictly between 0 and 100 percent.
    static func isPartial(_ rollout: Rollout) -> Bool {
        rollout.basisPoints > 0 && rollout.basisPoints < everyone
    }

    // MARK: - Parts

    private func wholePercent(_ rollout: Rollout) throws(EmitError) -> Int {
        guard rollout.basisPoints % 100 == 0 else {
            let lower = rollout.basisPoints / 100
            throw EmitError(
                "Unleash: the rollout of '\(flag.key)' is \(rollout.percentText) percent, but Unleash rollouts are whole percents "
                    + "(Unleash's engine reads it as 0 percent); use percent: \(lower) or \(lower + 1)",
                at: rollout.location)
        }
        return rollout.basisPoints / 100
    }

    private func strategy(percent: Int, stickiness: StaticString, constraints: [Constraint], variants: [UnleashVariant]) -> Strategy {
        Strategy(percent: percent, stickiness: stickiness, constraints: constraints, variants: variants)
    }

    private func platformConstraint(_ rollout: Rollout, operator name: String) -> Constraint? {
        guard !rollout.platforms.isEmpty else { return nil }
        return Constraint(contextName: Self.platformField, operatorName: name, values: rollout.platforms.map(\.rawValue), value: nil, inverted: false)
    }

    private func versionConstraint(_ name: String, _ version: SemanticVersion, inverted: Bool) -> Constraint {
        Constraint(contextName: Self.appVersionField, operatorName: name, values: nil, value: version.description, inverted: inverted)
    }
}
