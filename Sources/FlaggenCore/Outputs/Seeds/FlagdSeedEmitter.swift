import FlaggenJSON

/// Writes an OpenFeature flagd flag definition, `flagd.flags.json`, into the folder
/// `outputs.seeds` names. flagd, and the flagd providers' in-process and file resolvers, load it
/// as a flag source.
///
/// Each flag becomes an `ENABLED` flag whose `defaultVariant` serves the manifest's default.
/// Bool flags have the variants `on` and `off`; other types have `default` and `rollout`.
/// A rollout becomes `targeting` (see ``FlagdTargeting``): the context attributes `platform`
/// and `appVersion` gate it, and `fractional` picks the share from the targeting key. Owner,
/// expiry, kind, kill-switch mark and type go into the flag's `metadata`; flaggen's header is
/// the root `$comment`. The file validates against the official flagd schema `flags.json`.
/// See docs/server-seeds.md.
public struct FlagdSeedEmitter: Sendable {
    /// The seed's file name, relative to the seeds folder.
    public static let fileName = "flagd.flags.json"

    /// The official flagd schema the file declares in `$schema`, for editors.
    public static let schemaURI = "https://flagd.dev/schema/v0/flags.json"

    /// The largest integer flagd serves exactly: flagd reads JSON numbers as 64-bit floating
    /// point, which holds every integer only up to 2^53.
    public static let largestExactInteger = 9_007_199_254_740_992

    /// The variant of a bool flag that serves `true`.
    public static let onVariant: StaticString = "on"
    /// The variant of a bool flag that serves `false`.
    public static let offVariant: StaticString = "off"
    /// The variant of a string, int, double or json flag that serves the manifest's default.
    public static let defaultVariant: StaticString = "default"
    /// The variant of a string, int, double or json flag that serves its rollout's value.
    public static let rolloutVariant: StaticString = "rollout"

    /// Creates an emitter.
    public init() {}

    /// Files with paths relative to the output folder (manifest.outputs.seeds).
    ///
    /// An `int` beyond ±2^53, which flagd would serve rounded, is refused by validation when
    /// flagd is among `outputs.servers` (``FlagdRules``); given a manifest that leaves flagd out,
    /// the emitter writes it exactly, as the number flagd then rounds.
    public func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        files(for: manifest, header: header, streamingTo: nil)
    }

    /// Like ``files(for:header:)``, handing the bytes to `chunks` as they are written whenever
    /// enough have piled up; the file returned holds the bytes not yet handed over.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) -> [GeneratedFile] {
        // Written flag by flag (see ``StreamedSeedDocument``); keys in the writer's order, so
        // the flags go by key, not in manifest order.
        StreamedSeedDocument.file(named: Self.fileName, streamingTo: chunks) { json in
            json.beginObject()
            json.key("$comment")
            json.string(header.lines.joined(separator: " "))
            json.key("$schema")
            json.string(Self.schemaURI)
            json.key("flags")
            json.beginObject()
            let flags = manifest.flags
            for index in FlagKeyOrder.positions(of: flags) {
                json.key(flags[index].key)
                try write(flags[index], to: &json)
                chunks?.drainIfFull(&json)
            }
            json.endObject()
            json.endObject()
        }
    }

    /// One flag's definition: default variant, metadata, state, targeting and variants.
    private func write(_ flag: FlagDefinition, to json: inout JSONStreamWriter) throws {
        let defaultName = variantName(of: flag.defaultValue, role: Self.defaultVariant)
        let targeting = flag.rollout.map { FlagdTargeting(rollout: $0, servedVariant: variantName(of: $0.value, role: Self.rolloutVariant), defaultVariant: defaultName) }
        json.beginObject()
        json.key("defaultVariant")
        json.string(defaultName)
        json.key("metadata")
        writeMetadata(of: flag, usesFractional: targeting?.usesFractional == true, to: &json)
        json.key("state")
        json.string("ENABLED")
        if let targeting {
            json.key("targeting")
            targeting.write(to: &json)
        }
        json.key("variants")
        json.beginObject()
        if flag.type == .bool {
            // Both bool variants are always present, so an operator can flip defaultVariant.
            json.key(Self.offVariant)
            json.bool(false)
            json.key(Self.onVariant)
            json.bool(true)
        } else {
            json.key(Self.defaultVariant)
            try writeVariantValue(flag.defaultValue, to: &json)
            if let targeting {
                json.key(targeting.servedVariant)
                try writeVariantValue(targeting.rollout.value, to: &json)
            }
        }
        json.endObject()
        json.endObject()
    }

    /// The variant that serves `value`: `on` or `off` (``onVariant``, ``offVariant``) for bools,
    /// else the value's role, `default` or `rollout` (``defaultVariant``, ``rolloutVariant``).
    private func variantName(of value: FlagValue, role: StaticString) -> StaticString {
        if case .bool(let on) = value { return on ? Self.onVariant : Self.offVariant }
        return role
    }

    /// The flag's metadata: flat strings and bools, as the flagd schema requires.
    private func writeMetadata(of flag: FlagDefinition, usesFractional: Bool, to json: inout JSONStreamWriter) {
        json.beginObject()
        if let description = flag.description {
            json.key("description")
            json.string(description)
        }
        if let expires = flag.expires {
            json.key("expires")
            json.string(expires.description)
        }
        json.key("killSwitch")
        json.bool(flag.killSwitch)
        json.key("kind")
        json.string(flag.kind.rawValue)
        json.key("owner")
        json.string(flag.owner)
        if usesFractional {
            json.key("rolloutBucketing")
            json.string(FlagdTargeting.bucketingNote)
        }
        if let configName = flag.configName {
            json.key("schema")
            json.string(configName)
        }
        json.key("type")
        json.string(flag.type.rawValue)
        json.endObject()
    }

    /// A flag value as a flagd variant value. A json value is always an object, as flagd's
    /// object flags need: the validator reads it as a mapping that fits its config.
    private func writeVariantValue(_ value: FlagValue, to json: inout JSONStreamWriter) throws {
        switch value {
        case .bool(let value): json.bool(value)
        case .string(let value): json.string(value)
        case .double(let value): try json.double(value)
        case .int(let value): json.int(value)
        case .json(let value): try json.value(value)
        }
    }
}
