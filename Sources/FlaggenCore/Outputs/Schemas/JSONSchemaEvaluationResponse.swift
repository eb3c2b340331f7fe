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

    /// The document, written straight to bytes: at 10,000 flags it is the largest schema, and
    /// building it as one value first cost more than writing it.
    func document(for manifest: Manifest, configs: [String: ConfigDefinition], comment: String) throws -> [UInt8] {
        let shapes = JSONSchemaConfigSchema(configs: configs, rootConfig: nil)
        let definitions = shapes.definitions(for: shapes.closure(of: manifest.flags.compactMap(\.configName)))
        var json = JSONStreamWriter(JSONWriter(trailingNewline: true))
        json.beginObject()
        json.key("$comment")
        json.string(comment)
        if !definitions.isEmpty {
            json.key("$defs")
            try json.value(.object(definitions))
        }
        json.key("$id")
        json.string(Self.fileName)
        json.key("$schema")
        json.string(JSONSchemaEmitter.dialect)
        json.key("description")
        json.string(
            "The body of a 200 answer to POST /v1/flags/evaluate: the evaluated value of each flag for one app. "
                + "A missing flag means the app uses the default in its code; apps ignore keys they do not know.")
        json.key("properties")
        json.beginObject()
        json.key("flags")
        json.beginObject()
        json.key("additionalProperties")
        json.bool(true)
        json.key("description")
        json.string("The value of each flag, by key. Keys this schema does not list are allowed: apps ignore them.")
        json.key("properties")
        json.beginObject()
        let flags = manifest.flags
        // Flag keys are ASCII (the validator sees to it), where `<` is the writer's byte order.
        for index in FlagKeyOrder.positions(of: flags) {
            let flag = flags[index]
            json.key(flag.key)
            try writeSchema(for: flag, shapes: shapes, to: &json)
        }
        json.endObject()
        json.key("type")
        json.string("object")
        json.endObject()
        json.key("version")
        json.beginObject()
        json.key("description")
        json.string("The version of this answer; the app sends it back in If-None-Match and gets 304 when nothing changed.")
        json.key("type")
        json.string("string")
        json.endObject()
        json.endObject()
        json.key("required")
        json.beginArray()
        json.string("version")
        json.string("flags")
        json.endArray()
        json.key("title")
        json.string("\(manifest.name) evaluation response")
        json.key("type")
        json.string("object")
        json.endObject()
        return json.finish()
    }

    /// One flag's schema: its type (or its config's `$ref`), default and description.
    private func writeSchema(for flag: FlagDefinition, shapes: JSONSchemaConfigSchema, to json: inout JSONStreamWriter) throws {
        json.beginObject()
        // The validator sees to it that a json flag names a defined config.
        if flag.type == .json, let name = flag.configName {
            json.key("$ref")
            json.string(shapes.reference(to: name))
        }
        json.key("default")
        try CanonicalSeedValue.write(flag.defaultValue, to: &json)
        if let description = flag.description {
            json.key("description")
            json.string(description)
        }
        switch flag.type {
        case .bool:
            json.key("type")
            json.string("boolean")
        case .string:
            json.key("type")
            json.string("string")
        case .int:
            // The same keywords as JSONSchemaConfigSchema.typeSchema(for: .int).
            json.key("maximum")
            json.int(Int.max)
            json.key("minimum")
            json.int(Int.min)
            json.key("type")
            json.string("integer")
        case .double:
            json.key("type")
            json.string("number")
        case .json:
            break
        }
        json.endObject()
    }
}
