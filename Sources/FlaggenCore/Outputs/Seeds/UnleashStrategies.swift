import FlaggenJSON

/// Unleash activation strategies and variants. Every strategy is a `flexibleRollout` whose
/// `groupId` is the flag key, so strategies of the same flag share one bucket per user.
///
/// Unleash enables a feature when any strategy matches, and a strategy matches when all its
/// constraints hold and the user is inside its rollout. A rollout "platform in P, version at
/// least V, X percent" therefore becomes two strategies, one with `appVersion SEMVER_EQ V` and
/// one with `appVersion SEMVER_GT V`, each with the platform constraint: their union is
/// "version ≥ V", and a request without `appVersion` matches neither. (An inverted
/// `SEMVER_LT` would let in requests that send no version at all.)
enum UnleashStrategies {
    /// The custom context field that holds the platform, `ios` or `android`.
    static let platformField = "platform"
    /// The custom context field that holds the app version, Semantic Versioning.
    static let appVersionField = "appVersion"

    /// The strategies that match the requests `rollout` serves: its gates and its share, in
    /// whole percent (rounded down: ``UnleashRules`` refuses other shares), each carrying
    /// `variant` when there is one.
    static func serving(_ rollout: Rollout, groupID: String, variant: JSONValue? = nil) -> [JSONValue] {
        // Partial rollouts stick to userId, so a request without one is out, never placed at
        // random; 0 and 100 percent use Unleash's default stickiness and need no id at all.
        let stickiness = isPartial(rollout) ? "userId" : "default"
        let platform = platformConstraint(rollout, operator: "IN")
        let versions = versionText(rollout).map { version in
            ["SEMVER_EQ", "SEMVER_GT"].map { [versionConstraint($0, version, inverted: false)] }
        } ?? [[]]
        return versions.map {
            strategy(percent: rollout.basisPoints / 100, stickiness: stickiness, groupID: groupID, variant: variant, constraints: platform + $0)
        }
    }

    /// The strategies that match the requests a 100 percent rollout does not serve: those on
    /// another platform (or none) and those below `minAppVersion` (or without a version).
    /// Empty when the rollout has no gates: then it serves everyone.
    static func notServing(_ rollout: Rollout, groupID: String) -> [JSONValue] {
        var strategies: [JSONValue] = []
        if !rollout.platforms.isEmpty {
            strategies.append(strategy(groupID: groupID, constraints: platformConstraint(rollout, operator: "NOT_IN")))
        }
        if let version = versionText(rollout) {
            // Not (= V) and not (> V): below V, unparsable, or absent.
            let constraints = ["SEMVER_EQ", "SEMVER_GT"].map { versionConstraint($0, version, inverted: true) }
            strategies.append(strategy(groupID: groupID, constraints: constraints))
        }
        return strategies
    }

    /// A strategy that matches every request, carrying `variant` when there is one.
    static func everyone(groupID: String, variant: JSONValue? = nil) -> JSONValue {
        strategy(groupID: groupID, variant: variant, constraints: [])
    }

    /// True when the rollout splits requests by bucket: strictly between 0 and 100 percent.
    static func isPartial(_ rollout: Rollout) -> Bool {
        rollout.basisPoints > 0 && rollout.basisPoints < Rollout.everyone
    }

    /// A variant named `name` that serves a non-bool flag's value as a typed payload: `string`
    /// as is, `number` for ints and doubles (`"42"`, `"1.5"`, `"3.0"`), `json` for configs
    /// (compact, keys sorted). It carries the full weight (1000), so the strategy that matches
    /// decides the value.
    static func variant(named name: String, serving value: ManifestValue) -> JSONValue {
        let payload: (type: String, value: String)
        switch value {
        case .string(let text): payload = ("string", text)
        case .int(let number): payload = ("number", String(number))
        case .double(let number): payload = ("number", ValidatedJSON.compact(.double(number)))
        case .json(let object): payload = ("json", ValidatedJSON.compact(object))
        // Bool flags answer with `isEnabled` and carry no payload.
        case .bool(let flag): payload = ("string", flag ? "true" : "false")
        }
        return .object([
            "name": .string(name),
            "payload": .object(["type": .string(payload.type), "value": .string(payload.value)]),
            "stickiness": "default",
            "weight": 1000,
            "weightType": "variable",
        ])
    }

    /// One `flexibleRollout` strategy.
    private static func strategy(
        percent: Int = 100, stickiness: String = "default", groupID: String, variant: JSONValue? = nil, constraints: [JSONValue]
    ) -> JSONValue {
        var strategy: [String: JSONValue] = [
            "constraints": .array(constraints),
            "name": "flexibleRollout",
            "parameters": .object(["groupId": .string(groupID), "rollout": .string(String(percent)), "stickiness": .string(stickiness)]),
        ]
        if let variant { strategy["variants"] = [variant] }
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

    /// A constraint that the platform is (`IN`) or is not (`NOT_IN`) one of the rollout's;
    /// none when the rollout names no platform.
    private static func platformConstraint(_ rollout: Rollout, operator name: String) -> [JSONValue] {
        guard !rollout.platforms.isEmpty else { return [] }
        return [
            .object([
                "caseInsensitive": false,
                "contextName": .string(platformField),
                "inverted": false,
                "operator": .string(name),
                "values": .array(rollout.platforms.map { .string($0.rawValue) }),
            ])
        ]
    }

    /// `minAppVersion` as text, build metadata dropped (it has no precedence).
    private static func versionText(_ rollout: Rollout) -> String? {
        guard var version = rollout.minAppVersion else { return nil }
        version.build = []
        return version.description
    }
}
