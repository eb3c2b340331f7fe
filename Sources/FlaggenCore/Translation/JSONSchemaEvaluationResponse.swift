import FlaggenJSON

/// The schema of the flag server's answer, `POST /v1/flags/evaluate` ->
/// `200 {"version": "...", "flags": {"new_checkout": true, ...}}`.
///
/// Every flag of the manifest is typed under `flags`, none is required (a missing key means
/// "use the default in the code"), and keys the manifest does not know are allowed: apps ignore
/// them, and a newer server may serve flags an older manifest lacks. `json` flags refer to their
/// config under `$defs`.
struct JSONSchemaEvaluationResponse {
    /// The file name and `$id`.
    static let fileName = "evaluation-response.schema.json"

    /// The document's keywords, without `$schema`, `$id` and `$comment`.
    func schema(for manifest: Manifest, configs: [String: ConfigDefinition]) throws(EmitError) -> [String: JSONValue] {
        let shapes = JSONSchemaConfigSchema(configs: configs, rootConfig: nil)
        var flags: [String: JSONValue] = [:]
        for flag in manifest.flags {
            flags[flag.key] = .object(try schema(for: flag, shapes: shapes))
        }
        var schema: [String: JSONValue] = [
            "title": .string("\(manifest.name) evaluation response"),
            "description": .string(
                "The body of a 200 answer to POST /v1/flags/evaluate: the evaluated value of each flag for one app. "
                    + "A missing flag means the app uses the default in its code; apps ignore keys they do not know."),
            "type": "object",
            "properties": [
                "version": [
                    "type": "string",
                    "description": "The version of this answer; the app sends it back in If-None-Match and gets 304 when nothing changed.",
                ],
                "flags": [
                    "type": "object",
                    "description": "The value of each flag, by key. Keys this schema does not list are allowed: apps ignore them.",
                    "properties": .object(flags),
                    "additionalProperties": true,
                ],
            ],
            "required": ["version", "flags"],
        ]
        let definitions = shapes.definitions(for: shapes.closure(of: manifest.flags.compactMap(\.configName)))
        if !definitions.isEmpty { schema["$defs"] = .object(definitions) }
        return schema
    }

    private func schema(for flag: FlagDefinition, shapes: JSONSchemaConfigSchema) throws(EmitError) -> [String: JSONValue] {
        var schema: [String: JSONValue]
        switch flag.type {
        case .bool: schema = shapes.typeSchema(for: .bool)
        case .string: schema = shapes.typeSchema(for: .string)
        case .int: schema = shapes.typeSchema(for: .int)
        case .double: schema = shapes.typeSchema(for: .double)
        case .json:
            // The validator guarantees a json flag names a defined config; refuse rather than guess.
            guard let name = flag.configName, shapes.configs[name] != nil else {
                throw EmitError(
                    "json flag '\(flag.key)' names no defined config, so its JSON Schema cannot be written; run flaggen lint",
                    at: flag.location)
            }
            schema = ["$ref": .string(shapes.reference(to: name))]
        }
        schema["default"] = Self.json(flag.defaultValue)
        if let description = flag.description { schema["description"] = .string(description) }
        return schema
    }

    /// A flag value as JSON.
    static func json(_ value: FlagValue) -> JSONValue {
        switch value {
        case .bool(let value): .bool(value)
        case .string(let value): .string(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .json(let value): value
        }
    }
}
