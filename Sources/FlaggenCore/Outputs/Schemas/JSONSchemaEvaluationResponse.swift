import FlaggenJSON

/// The schema of the flag server's answer, `POST /v1/flags/evaluate` ->
/// `200 {"version": "...", "flags": {"new_checkout": true, ...}}`.
///
/// Every flag of the manifest is typed under `flags`, none is required (a missing key means
/// "use the default in the code"), and keys the manifest does not know are allowed: apps ignore
/// them, and a newer server may serve flags an older manifest lacks. `json` flags refer to their
/// config under `$defs`.
struct JSONSchemaEvaluationResponse {
    /// The document's keywords, without `$schema`, `$id` and `$comment`.
    func schema(for manifest: Manifest, configs: [String: ConfigDefinition]) -> [String: JSONValue] {
        let shapes = JSONSchemaConfigSchema(configs: configs, rootConfig: nil)
        var flags: [String: JSONValue] = [:]
        flags.reserveCapacity(manifest.flags.count)
        for flag in manifest.flags { flags[flag.key] = .object(schema(for: flag, shapes: shapes)) }
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

    /// One flag's schema: its type (or its config's `$ref`), default and description.
    private func schema(for flag: FlagDefinition, shapes: JSONSchemaConfigSchema) -> [String: JSONValue] {
        var schema = shapes.typeSchema(for: flag.valueType)
        schema["default"] = CanonicalSeedValue.json(flag.defaultValue)
        if let description = flag.description { schema["description"] = .string(description) }
        return schema
    }
}
