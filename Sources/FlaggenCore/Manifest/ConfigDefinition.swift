import FlaggenJSON

/// A typed JSON config (for `json` flags): generated as a Codable struct, a Kotlin data class
/// and a JSON Schema.
public struct ConfigDefinition: Sendable, Hashable {
    /// The type name, `^[A-Z][A-Za-z0-9]*$`.
    var name: String
    /// The schema version carried with the config; raise it when the shape changes.
    var version: Int
    /// What the config is for.
    var description: String?
    /// The properties, in manifest order.
    var properties: [ConfigProperty]
    /// Whether a JSON document may hold keys that are not properties (default false).
    var additionalProperties: Bool
    /// Where the config's name is written.
    var location: SourceLocation

    /// The names of the required properties, in property order.
    var requiredNames: [String] { properties.filter(\.isRequired).map(\.name) }
}

/// The type of a config property.
indirect enum PropertyType: Sendable, Hashable, CustomStringConvertible {
    case string
    case int
    case double
    case bool
    /// Another config, by name.
    case config(String)
    /// A list of items of one type.
    case array(PropertyType)

    var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .config(let name): name
        case .array(let items): "array of \(items)"
        }
    }

    /// The config this type names, directly or as array items.
    var referencedConfig: String? {
        switch self {
        case .config(let name): name
        case .array(let items): items.referencedConfig
        default: nil
        }
    }
}

/// One property of a config.
struct ConfigProperty: Sendable, Hashable {
    /// The JSON key, also the Swift and Kotlin property name (escaped where it is a keyword).
    var name: String
    /// The type.
    var type: PropertyType
    /// What the property means.
    var description: String?
    /// The value used when a document omits the property.
    var defaultValue: JSONValue?
    /// For strings, the allowed values.
    var enumValues: [String]?
    /// For numbers, the smallest allowed value (`.int` or `.double`).
    var minimum: JSONValue?
    /// For numbers, the largest allowed value.
    var maximum: JSONValue?
    /// For strings, the most characters (Unicode scalars, as JSON Schema counts them).
    var maxLength: Int?
    /// True when every document must carry the property.
    var isRequired = false
    /// Where the property is written.
    var location: SourceLocation
}
