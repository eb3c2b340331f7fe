import FlaggenJSON

/// A strategy variant that serves a non-bool flag's value as a typed Unleash payload.
///
/// Unleash payloads are text with a type: `string` as is, `number` for ints and doubles
/// (`"42"`, `"1.5"`, `"3.0"`), `json` for JSON configs (compact, keys sorted). Each strategy
/// carries one variant with the full weight (1000), so the strategy that matches decides the
/// value.
struct UnleashVariant {
    /// The variant that serves the manifest's default.
    static let defaultName = "default"
    /// The variant that serves the rollout's value.
    static let rolloutName = "rollout"

    /// The variant's name, ``defaultName`` or ``rolloutName``.
    let name: String
    /// The payload's type: `string`, `number` or `json`.
    let payloadType: String
    /// The payload's text.
    let payloadValue: String

    /// The variant named `name` that serves `value`.
    static func serving(_ value: ManifestValue, named name: String) -> UnleashVariant {
        switch value {
        case .string(let text): UnleashVariant(name: name, payloadType: "string", payloadValue: text)
        case .int(let number): UnleashVariant(name: name, payloadType: "number", payloadValue: String(number))
        case .double(let number):
            UnleashVariant(name: name, payloadType: "number", payloadValue: ValidatedJSON.compact(.double(number)))
        case .json(let object):
            UnleashVariant(name: name, payloadType: "json", payloadValue: ValidatedJSON.compact(object))
        // Bool flags answer with `isEnabled` and carry no payload; a bool would be the text
        // `true` or `false`.
        case .bool(let flag): UnleashVariant(name: name, payloadType: "string", payloadValue: flag ? "true" : "false")
        }
    }

    /// The variant: the full weight, fixed, with its typed payload.
    var json: JSONValue {
        .object([
            "name": .string(name),
            "payload": .object(["type": .string(payloadType), "value": .string(payloadValue)]),
            "stickiness": "default",
            "weight": 1000,
            "weightType": "variable",
        ])
    }
}
