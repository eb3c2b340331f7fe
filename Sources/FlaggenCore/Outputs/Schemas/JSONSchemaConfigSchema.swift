import FlaggenJSON

/// Turns configs into JSON Schema (draft 2020-12) objects: the shapes both the per-config
/// schemas and the evaluation-response schema are built from.
///
/// A config's schema is `type: object` with `properties`, `required` (omitted when empty) and
/// `additionalProperties` (false unless the config says true). Property types map as
/// string -> `string`, int -> `integer` (bounded to 64 bits), double -> `number`,
/// bool -> `boolean`, array -> `array` with `items`, and a config -> a `$ref`.
struct JSONSchemaConfigSchema {
    /// Every config of the manifest, by name.
    var configs: [String: ConfigDefinition]
    /// The config whose schema is the document's root: references to it are `#`. Nil when
    /// every config lives under `$defs` (the evaluation-response schema).
    var rootConfig: String?

    /// The keyword that carries a config's `version`: JSON Schema allows unknown keywords
    /// and validators ignore them.
    static let schemaVersionKeyword = "x-flaggen-schema-version"

    /// The object schema of a config: its keywords, without `$schema`, `$id` or `$defs`.
    func objectSchema(for config: ConfigDefinition) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for property in config.properties {
            properties[property.name] = .object(schema(for: property))
        }
        var schema: [String: JSONValue] = [
            "title": .string(config.name),
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": .bool(config.additionalProperties),
            Self.schemaVersionKeyword: .int(config.version),
        ]
        if let description = config.description { schema["description"] = .string(description) }
        let required = config.requiredNames
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return schema
    }

    /// `#` for the root config, `#/$defs/Name` for any other.
    func reference(to name: String) -> String {
        name == rootConfig ? "#" : "#/$defs/\(name)"
    }

    /// The configs `names` refer to, directly or through other configs, including `names`
    /// themselves; the `$defs` a self-contained document needs.
    func closure(of names: [String]) -> Set<String> {
        var found: Set<String> = []
        var pending = names
        while let name = pending.popLast() {
            guard !found.contains(name), let config = configs[name] else { continue }
            found.insert(name)
            pending += config.properties.compactMap(\.type.referencedConfig)
        }
        return found
    }

    /// The `$defs` object for the configs in `names` (the root config is left out: it is `#`).
    func definitions(for names: Set<String>) -> [String: JSONValue] {
        var definitions: [String: JSONValue] = [:]
        for name in names where name != rootConfig {
            guard let config = configs[name] else { continue }
            definitions[name] = .object(objectSchema(for: config))
        }
        return definitions
    }

    // MARK: - Properties

    private func schema(for property: ConfigProperty) -> [String: JSONValue] {
        var schema = typeSchema(for: property.type)
        if let description = property.description { schema["description"] = .string(description) }
        if let defaultValue = property.defaultValue { schema["default"] = defaultValue }
        if let values = property.enumValues { schema["enum"] = .array(values.map(JSONValue.string)) }
        if let maxLength = property.maxLength { schema["maxLength"] = .int(maxLength) }
        if let minimum = property.minimum { schema["minimum"] = minimum }
        if let maximum = property.maximum { schema["maximum"] = maximum }
        return schema
    }

    /// The schema of a value of `type`, without annotations.
    func typeSchema(for type: PropertyType) -> [String: JSONValue] {
        switch type {
        case .string: ["type": "string"]
        // Bounded to the smallest and largest 64-bit integers, the range of flaggen's `int`.
        case .int: ["type": "integer", "minimum": .int(Int.min), "maximum": .int(Int.max)]
        case .double: ["type": "number"]
        case .bool: ["type": "boolean"]
        case .config(let name): ["$ref": .string(reference(to: name))]
        case .array(let items): ["type": "array", "items": .object(typeSchema(for: items))]
        }
    }
}
