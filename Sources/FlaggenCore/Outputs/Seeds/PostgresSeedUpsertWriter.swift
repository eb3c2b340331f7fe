import FlaggenJSON

/// Writes the PostgreSQL seed's upserts, one per flag, straight into the file's bytes (see
/// ``PostgresSeedEmitter``).
///
/// What the upserts share is made once per manifest: the configs' versions by name. The
/// `default_value` and `rules` jsonb text is compact ``JSONWriter`` output.
struct PostgresSeedUpsertWriter {
    /// Each config's name and version, by name; the first config of a name wins, as in
    /// ``Manifest/config(named:)``.
    private let configs: [String: (name: String, version: Int)]

    /// A writer for the upserts of `manifest`'s flags.
    init(_ manifest: Manifest) {
        configs = Dictionary(manifest.configs.map { ($0.name, ($0.name, $0.version)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Appends one flag's upsert: inserted when missing; otherwise only its metadata is refreshed,
    /// and only when it changed (so an unchanged re-seed writes no row).
    func appendUpsert(of flag: FlagDefinition, to bytes: inout [UInt8]) {
        let config = flag.configName.flatMap { configs[$0] }
        Self.append("-- ", to: &bytes)
        bytes.append(contentsOf: flag.key.utf8)
        bytes.append(contentsOf: PostgresSeedEmitter.upsertHead)
        PostgresSeedLiteral.appendString(flag.key, to: &bytes)
        bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
        Self.typeValues.append(flag.type, to: &bytes)
        appendDefault(of: flag, to: &bytes)
        appendRules(of: flag, to: &bytes)
        PostgresSeedLiteral.appendString(flag.owner, to: &bytes)
        bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
        PostgresSeedLiteral.appendString(orNULL: flag.expires?.description, to: &bytes)
        bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
        Self.kindValues.append(flag.kind, to: &bytes)
        // The kill-switch mark with the separators around it, in one piece.
        if flag.killSwitch { Self.append(",\n    true,\n    ", to: &bytes) } else { Self.append(",\n    false,\n    ", to: &bytes) }
        PostgresSeedLiteral.appendString(orNULL: flag.description, to: &bytes)
        bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
        if let config {
            PostgresSeedLiteral.appendString(config.name, to: &bytes)
            bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
            bytes.append(contentsOf: String(config.version).utf8)
        } else {
            Self.append("NULL,\n    NULL", to: &bytes)
        }
        bytes.append(contentsOf: PostgresSeedEmitter.upsertTail)
    }

    /// Each type's value and the separator after it.
    private static let typeValues = PostgresSeedEnumLiterals<FlagType>(followedBy: ",\n    ")

    /// Each kind's value (the kill-switch mark adds the separator after it).
    private static let kindValues = PostgresSeedEnumLiterals<FlagKind>()

    // MARK: - jsonb values

    /// The default as a string constant holding its compact JSON, and the separator after it.
    private func appendDefault(of flag: FlagDefinition, to bytes: inout [UInt8]) {
        switch flag.defaultValue {
        // Neither needs the JSON writer: their JSON is their text.
        case .bool(true): Self.append("'true',\n    ", to: &bytes)
        case .bool(false): Self.append("'false',\n    ", to: &bytes)
        default:
            Self.appendJSON(CanonicalSeedValue.json(flag.defaultValue), to: &bytes)
            bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
        }
    }

    /// The rules as a string constant holding their compact JSON, and the separator after them.
    private func appendRules(of flag: FlagDefinition, to bytes: inout [UInt8]) {
        guard flag.rollout != nil else {
            Self.append("'[]',\n    ", to: &bytes)
            return
        }
        Self.appendJSON(CanonicalSeedValue.rules(of: flag), to: &bytes)
        bytes.append(contentsOf: PostgresSeedEmitter.valueSeparator)
    }

    /// Appends the string constant of `value`'s compact JSON.
    private static func appendJSON(_ value: JSONValue, to bytes: inout [UInt8]) {
        PostgresSeedLiteral.appendString(ValidatedJSON.compact(value), to: &bytes)
    }

    /// Appends the UTF-8 bytes of `text`.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }
}
