import FlaggenJSON

/// Writes an Unleash client-features document, `unleash.features.json`, into the folder
/// `outputs.seeds` names: the format of Unleash's `/api/client/features`, which Unleash Edge
/// and the server SDKs can bootstrap from.
///
/// - A bool flag is the feature's on/off answer (`isEnabled`). A flag that defaults to true is
///   enabled for everyone; one that defaults to false is disabled, or enabled only through its
///   rollout's strategies (``UnleashStrategies``).
/// - Every other flag is enabled for everyone and answers with a variant payload: the rollout's
///   strategies carry the `rollout` variant, and a last strategy that matches everyone carries
///   the `default` variant. Disabling the feature makes apps fall back to the default in their
///   code, which is the same value.
/// - `type` is the flag's kind, or `kill-switch` for kill switches. Owner and expiry go into
///   `description`; flaggen's header is the root `$comment`.
///
/// What Unleash cannot express, a rollout that is not a whole percent and a bool rollout that
/// turns a default-on flag off for a share of users, is refused by validation when unleash is
/// among `outputs.servers` (``UnleashRules``). Given a manifest that leaves unleash out, the
/// emitter still writes a document: the share rounded down to a whole percent, and a rollout
/// that turns a default-on flag off for a share left out. See docs/server-seeds.md.
struct UnleashSeedEmitter: Sendable {
    /// The seed's file name, relative to the seeds folder.
    static let fileName = "unleash.features.json"

    /// The client-features format version.
    static let formatVersion = 2

    /// Files with paths relative to the output folder (manifest.outputs.seeds).
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        let document: JSONValue = .object([
            "$comment": .string(header.text),
            "features": .array(manifest.flags.map(feature)),
            "version": .int(Self.formatVersion),
        ])
        return [GeneratedFile(path: Self.fileName, contents: ValidatedJSON.fileBytes(document))]
    }

    /// One flag as an Unleash feature.
    private func feature(for flag: FlagDefinition) -> JSONValue {
        let (enabled, strategies) = activation(of: flag)
        return .object([
            "description": .string(description(of: flag)),
            "enabled": .bool(enabled),
            "impressionData": false,
            "name": .string(flag.key),
            "project": "default",
            "strategies": .array(strategies),
            "type": .string(flag.killSwitch ? "kill-switch" : flag.kind.rawValue),
            "variants": [],
        ])
    }

    /// Whether the feature is enabled, and its strategies.
    private func activation(of flag: FlagDefinition) -> (enabled: Bool, strategies: [JSONValue]) {
        let key = flag.key
        guard case .bool(let defaultValue) = flag.defaultValue else {
            // Non-bool flags: the first matching strategy's variant is the value.
            let serving = flag.rollout.map {
                UnleashStrategies.serving($0, groupID: key, variant: UnleashStrategies.variant(named: "rollout", serving: $0.value))
            } ?? []
            let everyone = UnleashStrategies.everyone(groupID: key, variant: UnleashStrategies.variant(named: "default", serving: flag.defaultValue))
            return (true, serving + [everyone])
        }
        guard let rollout = flag.rollout, rollout.value != flag.defaultValue else {
            return defaultValue ? (true, [UnleashStrategies.everyone(groupID: key)]) : (false, [])
        }
        if !defaultValue {
            return (true, UnleashStrategies.serving(rollout, groupID: key))
        }
        // Default on, the rollout turns it off: enabled for everyone the rule does not serve.
        // Only all or nothing can be turned off: UnleashRules refuses a share in between, and
        // the emitter leaves such a rollout out (as at 0 percent).
        guard rollout.basisPoints == Rollout.everyone else { return (true, [UnleashStrategies.everyone(groupID: key)]) }
        let notServed = UnleashStrategies.notServing(rollout, groupID: key)
        return (!notServed.isEmpty, notServed)
    }

    /// The flag's description, then its owner and expiry, and how a partial rollout buckets,
    /// joined by spaces.
    private func description(of flag: FlagDefinition) -> String {
        var text = ""
        if let description = flag.description { text += description + " " }
        text += "Owner: " + flag.owner + "."
        if let expires = flag.expires { text += " Expires: " + expires.description + "." }
        if let rollout = flag.rollout, UnleashStrategies.isPartial(rollout) {
            text += " Rollout buckets come from Unleash's MurmurHash3 of groupId:userId, not flaggen's SHA-256 buckets."
        }
        return text
    }
}
