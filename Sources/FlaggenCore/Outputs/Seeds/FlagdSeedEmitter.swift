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
struct FlagdSeedEmitter: Sendable {
    /// The seed's file name, relative to the seeds folder.
    static let fileName = "flagd.flags.json"

    /// The official flagd schema the file declares in `$schema`, for editors.
    static let schemaURI = "https://flagd.dev/schema/v0/flags.json"

    /// The largest integer flagd serves exactly: flagd reads JSON numbers as 64-bit floating
    /// point, which holds every integer only up to 2^53.
    static let largestExactInteger = 9_007_199_254_740_992

    /// The variant of a bool flag that serves `true`.
    static let onVariant = "on"
    /// The variant of a bool flag that serves `false`.
    static let offVariant = "off"
    /// The variant of a string, int, double or json flag that serves the manifest's default.
    static let defaultVariant = "default"
    /// The variant of a string, int, double or json flag that serves its rollout's value.
    static let rolloutVariant = "rollout"

    /// Files with paths relative to the output folder (manifest.outputs.seeds).
    ///
    /// An `int` beyond ±2^53, which flagd would serve rounded, is refused by validation when
    /// flagd is among `outputs.servers` (``FlagdRules``); given a manifest that leaves flagd out,
    /// the emitter writes it exactly, as the number flagd then rounds.
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        var flags: [String: JSONValue] = [:]
        flags.reserveCapacity(manifest.flags.count)
        for flag in manifest.flags { flags[flag.key] = definition(of: flag) }
        let document: JSONValue = .object([
            "$comment": .string(header.text),
            "$schema": .string(Self.schemaURI),
            "flags": .object(flags),
        ])
        return [GeneratedFile(path: Self.fileName, contents: ValidatedJSON.fileBytes(document))]
    }

    /// One flag's definition: default variant, metadata, state, targeting and variants.
    private func definition(of flag: FlagDefinition) -> JSONValue {
        let defaultName = variantName(of: flag.defaultValue, role: Self.defaultVariant)
        let targeting = flag.rollout.map { FlagdTargeting(rollout: $0, servedVariant: variantName(of: $0.value, role: Self.rolloutVariant), defaultVariant: defaultName) }
        var variants: [String: JSONValue]
        if flag.type == .bool {
            // Both bool variants are always present, so an operator can flip defaultVariant.
            variants = [Self.offVariant: false, Self.onVariant: true]
        } else {
            // A json value is always an object, as flagd's object flags need: the validator reads
            // it as a mapping that fits its config.
            variants = [Self.defaultVariant: CanonicalSeedValue.json(flag.defaultValue)]
            if let targeting { variants[targeting.servedVariant] = CanonicalSeedValue.json(targeting.rollout.value) }
        }
        var definition: [String: JSONValue] = [
            "defaultVariant": .string(defaultName),
            "metadata": metadata(of: flag, usesFractional: targeting?.usesFractional == true),
            "state": "ENABLED",
            "variants": .object(variants),
        ]
        if let targeting { definition["targeting"] = targeting.rule }
        return .object(definition)
    }

    /// The variant that serves `value`: `on` or `off` (``onVariant``, ``offVariant``) for bools,
    /// else the value's role, `default` or `rollout` (``defaultVariant``, ``rolloutVariant``).
    private func variantName(of value: ManifestValue, role: String) -> String {
        if case .bool(let on) = value { return on ? Self.onVariant : Self.offVariant }
        return role
    }

    /// The flag's metadata: flat strings and bools, as the flagd schema requires.
    private func metadata(of flag: FlagDefinition, usesFractional: Bool) -> JSONValue {
        var metadata: [String: JSONValue] = [
            "killSwitch": .bool(flag.killSwitch),
            "kind": .string(flag.kind.rawValue),
            "owner": .string(flag.owner),
            "type": .string(flag.type.rawValue),
        ]
        if let description = flag.description { metadata["description"] = .string(description) }
        if let expires = flag.expires { metadata["expires"] = .string(expires.description) }
        if usesFractional { metadata["rolloutBucketing"] = .string(FlagdTargeting.bucketingNote) }
        if let configName = flag.configName { metadata["schema"] = .string(configName) }
        return .object(metadata)
    }
}
