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
    public static let onVariant = "on"
    /// The variant of a bool flag that serves `false`.
    public static let offVariant = "off"
    /// The variant of a string, int, double or json flag that serves the manifest's default.
    public static let defaultVariant = "default"
    /// The variant of a string, int, double or json flag that serves its rollout's value.
    public static let rolloutVariant = "rollout"

    /// Creates an emitter.
    public init() {}

    /// Files with paths relative to the output folder (manifest.outputs.seeds).
    ///
    /// Throws when an `int` flag holds a value flagd cannot serve exactly (beyond ±2^53).
    public func files(for manifest: Manifest, header: GeneratedHeader) throws(EmitError) -> [GeneratedFile] {
        try files(for: manifest, header: header, streamingTo: nil)
    }

    /// Like ``files(for:header:)``, handing the bytes to `chunks` as they are written whenever
    /// enough have piled up; the file returned holds the bytes not yet handed over.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) throws(EmitError) -> [GeneratedFile] {
        // Written flag by flag (see ``StreamedSeedDocument``), in key order as the whole
        // document is; the whole document, built on an error, is in manifest order.
        try StreamedSeedDocument.file(
            named: Self.fileName, streamingTo: chunks, wholeDocument: { () throws(EmitError) in try wholeDocument(for: manifest, header: header) }
        ) { writer in
            let flags = manifest.flags.map { flag in
                JSONWriter.Member(flag.key) { output, depth in
                    try writer.append(try definition(of: flag), depth: depth, to: &output)
                    chunks?.drainIfFull(&output)
                }
            }
            return [
                .init("$comment") { try writer.append(.string(header.lines.joined(separator: " ")), depth: $1, to: &$0) },
                .init("$schema") { try writer.append(.string(Self.schemaURI), depth: $1, to: &$0) },
                .init("flags") { try writer.appendObject(flags, depth: $1, to: &$0) },
            ]
        }
    }

    /// The file from the document built as one value.
    private func wholeDocument(for manifest: Manifest, header: GeneratedHeader) throws(EmitError) -> [GeneratedFile] {
        var flags: [String: JSONValue] = [:]
        for flag in manifest.flags {
            flags[flag.key] = try definition(of: flag)
        }
        let document: JSONValue = [
            "$comment": .string(header.lines.joined(separator: " ")),
            "$schema": .string(Self.schemaURI),
            "flags": .object(flags),
        ]
        do {
            return [GeneratedFile(path: Self.fileName, contents: try JSONWriter(trailingNewline: true).utf8Bytes(for: document))]
        } catch {
            throw EmitError("cannot write the flagd seed \(Self.fileName): \(error)")
        }
    }

    /// One flag's definition: state, variants, default variant, targeting and metadata.
    private func definition(of flag: FlagDefinition) throws(EmitError) -> JSONValue {
        var variants: [String: JSONValue] = [:]
        if flag.type == .bool {
            // Both bool variants are always present, so an operator can flip defaultVariant.
            variants = [Self.onVariant: true, Self.offVariant: false]
        } else {
            variants[Self.defaultVariant] = try variantValue(flag.defaultValue, of: flag, at: flag.location)
        }
        let defaultName = variantName(of: flag.defaultValue, role: Self.defaultVariant)
        var definition: [String: JSONValue] = [
            "state": "ENABLED",
            "defaultVariant": .string(defaultName),
        ]
        var metadata = metadata(of: flag)
        if let rollout = flag.rollout {
            let servedName = variantName(of: rollout.value, role: Self.rolloutVariant)
            if flag.type != .bool {
                variants[servedName] = try variantValue(rollout.value, of: flag, at: rollout.location)
            }
            let targeting = FlagdTargeting(rollout: rollout, servedVariant: servedName, defaultVariant: defaultName)
            definition["targeting"] = targeting.rule
            if targeting.usesFractional {
                metadata["rolloutBucketing"] = .string(FlagdTargeting.bucketingNote)
            }
        }
        definition["variants"] = .object(variants)
        definition["metadata"] = .object(metadata)
        return .object(definition)
    }

    /// The variant that serves `value`: `on` or `off` for bools, else the value's role
    /// (`default` or `rollout`).
    private func variantName(of value: FlagValue, role: String) -> String {
        if case .bool(let on) = value { return on ? Self.onVariant : Self.offVariant }
        return role
    }

    /// The flag's metadata: flat strings and bools, as the flagd schema requires.
    private func metadata(of flag: FlagDefinition) -> [String: JSONValue] {
        var metadata: [String: JSONValue] = [
            "owner": .string(flag.owner),
            "kind": .string(flag.kind.rawValue),
            "killSwitch": .bool(flag.killSwitch),
            "type": .string(flag.type.rawValue),
        ]
        if let expires = flag.expires { metadata["expires"] = .string(expires.description) }
        if let description = flag.description { metadata["description"] = .string(description) }
        if let configName = flag.configName { metadata["schema"] = .string(configName) }
        return metadata
    }

    /// A flag value as a flagd variant value.
    private func variantValue(_ value: FlagValue, of flag: FlagDefinition, at location: SourceLocation) throws(EmitError) -> JSONValue {
        switch value {
        case .bool(let value): return .bool(value)
        case .string(let value): return .string(value)
        case .double(let value): return .double(value)
        case .int(let value):
            guard value.magnitude <= Self.largestExactInteger.magnitude else {
                throw EmitError(
                    "flagd: the int flag '\(flag.key)' holds \(value), but flagd reads numbers as 64-bit floating point and serves "
                        + "integers exactly only between -\(Self.largestExactInteger) and \(Self.largestExactInteger) (2^53); "
                        + "use a smaller value, or a string flag for large identifiers",
                    at: location)
            }
            return .int(value)
        case .json(let value):
            guard case .object = value else {
                throw EmitError("flagd: the json flag '\(flag.key)' must hold a JSON object; flagd object flags serve objects only", at: location)
            }
            return value
        }
    }
}
