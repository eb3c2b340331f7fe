import FlaggenJSON

/// A strategy variant that serves a non-bool flag's value as a typed Unleash payload.
///
/// Unleash payloads are text with a type: `string` as is, `number` for ints and doubles
/// (`"42"`, `"1.5"`, `"3.0"`), `json` for JSON configs (compact, keys sorted). Each strategy
/// carries one variant with the full weight (1000), so the strategy that matches decides the
/// value.
enum UnleashVariant {
    /// The variant that serves the manifest's default.
    static let defaultName = "default"
    /// The variant that serves the rollout's value.
    static let rolloutName = "rollout"

    /// The variant named `name` that serves `value`.
    static func serving(_ value: FlagValue, named name: String, flag: FlagDefinition, at location: SourceLocation) throws(EmitError) -> JSONValue {
        [
            "name": .string(name),
            "weight": 1000,
            "weightType": "variable",
            "stickiness": "default",
            "payload": try payload(value, flag: flag, at: location),
        ]
    }

    /// The typed payload of a value. Bool flags answer with `isEnabled` and carry no payload;
    /// a bool would be the text `true` or `false`.
    static func payload(_ value: FlagValue, flag: FlagDefinition, at location: SourceLocation) throws(EmitError) -> JSONValue {
        do {
            switch value {
            case .string(let text): return ["type": "string", "value": .string(text)]
            case .int(let number): return ["type": "number", "value": .string(String(number))]
            case .double(let number): return ["type": "number", "value": .string(try JSONWriter(format: .compact).string(for: .double(number)))]
            case .json(let object): return ["type": "json", "value": .string(try JSONWriter(format: .compact).string(for: object))]
            case .bool(let flag): return ["type": "string", "value": .string(flag ? "true" : "false")]
            }
        } catch {
            throw EmitError("Unleash: cannot write the value of '\(flag.key)' as a payload: \(error)", at: location)
        }
    }
}
