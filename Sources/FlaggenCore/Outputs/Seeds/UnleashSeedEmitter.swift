import FlaggenJSON

/// Writes an Unleash client-features document, `unleash.features.json`, into the folder
/// `outputs.seeds` names: the format of Unleash's `/api/client/features`, which Unleash Edge
/// and the server SDKs can bootstrap from.
///
/// - A bool flag is the feature's on/off answer (`isEnabled`). A flag that defaults to true is
///   enabled for everyone; one that defaults to false is disabled, or enabled only through its
///   rollout's strategies (see ``UnleashStrategies``).
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
public struct UnleashSeedEmitter: Sendable {
    /// The seed's file name, relative to the seeds folder.
    public static let fileName = "unleash.features.json"

    /// The client-features format version.
    public static let formatVersion = 2

    /// Creates an emitter.
    public init() {}

    /// Files with paths relative to the output folder (manifest.outputs.seeds).
    public func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        files(for: manifest, header: header, streamingTo: nil)
    }

    /// Like ``files(for:header:)``, handing the bytes to `chunks` as they are written whenever
    /// enough have piled up; the file returned holds the bytes not yet handed over.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) -> [GeneratedFile] {
        // Written feature by feature (see ``StreamedSeedDocument``); keys in the writer's order.
        StreamedSeedDocument.file(named: Self.fileName, streamingTo: chunks) { json in
            json.beginObject()
            json.key("$comment")
            json.string(header.lines.joined(separator: " "))
            json.key("features")
            json.beginArray()
            for flag in manifest.flags {
                writeFeature(for: flag, to: &json)
                chunks?.drainIfFull(&json)
            }
            json.endArray()
            json.key("version")
            json.int(Self.formatVersion)
            json.endObject()
        }
    }

    /// One flag as an Unleash feature.
    private func writeFeature(for flag: FlagDefinition, to json: inout JSONStreamWriter) {
        let (enabled, strategies) = activation(of: flag)
        json.beginObject()
        json.key("description")
        writeDescription(of: flag, to: &json)
        json.key("enabled")
        json.bool(enabled)
        json.key("impressionData")
        json.bool(false)
        json.key("name")
        json.string(flag.key)
        json.key("project")
        json.string("default")
        json.key("strategies")
        json.beginArray()
        strategies.write(groupID: flag.key, to: &json)
        json.endArray()
        json.key("type")
        if flag.killSwitch { json.string("kill-switch") } else { json.string(flag.kind.rawValue) }
        json.key("variants")
        json.beginArray()
        json.endArray()
        json.endObject()
    }

    /// Whether the feature is enabled, and its strategies.
    private func activation(of flag: FlagDefinition) -> (enabled: Bool, strategies: UnleashStrategies) {
        guard case .bool(let defaultValue) = flag.defaultValue else {
            // Non-bool flags: the first matching strategy's variant is the value.
            var strategies = UnleashStrategies.none
            if let rollout = flag.rollout {
                strategies = .matching(rollout, variant: UnleashVariant.serving(rollout.value, named: UnleashVariant.rolloutName))
            }
            strategies.addEveryone(variant: UnleashVariant.serving(flag.defaultValue, named: UnleashVariant.defaultName))
            return (true, strategies)
        }
        guard let rollout = flag.rollout, rollout.value != flag.defaultValue else {
            return defaultValue ? (true, .everyone()) : (false, .none)
        }
        if !defaultValue {
            return (true, .matching(rollout))
        }
        // Default on, the rollout turns it off: enabled for everyone the rule does not serve.
        // Only all or nothing can be turned off: UnleashRules refuses a share in between, and
        // the emitter leaves such a rollout out (as at 0 percent).
        guard rollout.basisPoints == UnleashStrategies.everyone else { return (true, .everyone()) }
        let notServed = UnleashStrategies.notMatching(rollout)
        return (!notServed.isEmpty, notServed)
    }

    /// The flag's description, then its owner and expiry, and how a partial rollout buckets,
    /// joined by spaces; written in parts, with no joined text made.
    private func writeDescription(of flag: FlagDefinition, to json: inout JSONStreamWriter) {
        json.beginString()
        if let description = flag.description {
            json.stringContent(description)
            json.stringContent(" ")
        }
        json.stringContent("Owner: ")
        json.stringContent(flag.owner)
        json.stringContent(".")
        if let expires = flag.expires {
            json.stringContent(" Expires: ")
            json.stringContent(expires.description)
            json.stringContent(".")
        }
        if let rollout = flag.rollout, UnleashStrategies.isPartial(rollout) {
            json.stringContent(" Rollout buckets come from Unleash's MurmurHash3 of groupId:userId, not flaggen's SHA-256 buckets.")
        }
        json.endString()
    }
}
