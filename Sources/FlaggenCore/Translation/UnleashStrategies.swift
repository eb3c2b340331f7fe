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

    /// A strategy that matches every request, carrying `variants`.
    func everyone(variants: [JSONValue] = []) -> JSONValue {
        strategy(percent: 100, stickiness: "default", constraints: [], variants: variants)
    }

    /// The strategies that match the requests the rollout serves: its gates and its share.
    ///
    /// Throws when the share is not a whole percent: Unleash rollouts are whole percents.
    func matching(_ rollout: Rollout, variants: [JSONValue] = []) throws(EmitError) -> [JSONValue] {
        let percent = try wholePercent(rollout)
        // Partial rollouts stick to userId, so a request without one is out, never placed at
        // random; 0 and 100 percent use Unleash's default stickiness and need no id at all.
        let stickiness = Self.isPartial(rollout) ? "userId" : "default"
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
    func notMatching(_ rollout: Rollout) -> [JSONValue] {
        var strategies: [JSONValue] = []
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

    private func strategy(percent: Int, stickiness: String, constraints: [JSONValue], variants: [JSONValue]) -> JSONValue {
        var strategy: [String: JSONValue] = [
            "name": "flexibleRollout",
            "parameters": [
                "groupId": .string(flag.key),
                "rollout": .string(String(percent)),
                "stickiness": .string(stickiness),
            ],
            "constraints": .array(constraints),
        ]
        if !variants.isEmpty { strategy["variants"] = .array(variants) }
        return .object(strategy)
    }

    private func platformConstraint(_ rollout: Rollout, operator name: String) -> JSONValue? {
        guard !rollout.platforms.isEmpty else { return nil }
        return [
            "contextName": .string(Self.platformField),
            "operator": .string(name),
            "values": .array(rollout.platforms.map { .string($0.rawValue) }),
            "inverted": false,
            "caseInsensitive": false,
        ]
    }

    private func versionConstraint(_ name: String, _ version: SemanticVersion, inverted: Bool) -> JSONValue {
        [
            "contextName": .string(Self.appVersionField),
            "operator": .string(name),
            "value": .string(version.description),
            "inverted": .bool(inverted),
            "caseInsensitive": false,
        ]
    }
}
