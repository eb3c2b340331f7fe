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
        // The flags are written in key order; a flag that cannot be typed is looked for first,
        // in manifest order, so the error names the first one in the file.
        for index in manifest.flags.indices where manifest.flags[index].type == .json {
            _ = try configName(of: manifest.flags[index], shapes: shapes)
        }
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
        for index in Self.indicesInKeyOrder(flags) {
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
        if flag.type == .json {
            json.key("$ref")
            json.string(shapes.reference(to: try configName(of: flag, shapes: shapes)))
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

    /// The indices of `flags` sorted by key with `<`, as `flags.indices.sorted` gives them.
    ///
    /// Most comparisons are settled by the keys' first 24 bytes read as three big-endian
    /// integers: for two ASCII keys whose first 24 bytes differ, that order is the order of
    /// `<`. Other pairs are compared with `<` itself.
    static func indicesInKeyOrder(_ flags: [FlagDefinition]) -> [Int] {
        let sortKeys = flags.indices.map { KeyPrefix(flags[$0].key, index: $0) }
        return sortKeys.sorted { first, second in
            if first.isASCII, second.isASCII, first.words != second.words {
                return first.words < second.words
            }
            return flags[first.index].key < flags[second.index].key
        }.map(\.index)
    }

    /// A flag's index with the first 24 bytes of its key as big-endian integers, zero-padded (so
    /// a key that is a prefix of another sorts first, as with `<`).
    private struct KeyPrefix {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        /// Whether the whole key is ASCII; only then does the byte order of `words` agree with `<`.
        var isASCII = true
        var index: Int

        init(_ key: String, index: Int) {
            self.index = index
            var count = 0
            for byte in key.utf8 {
                if byte >= 0x80 { isASCII = false }
                let shift = UInt64(56 - 8 * (count % 8))
                switch count / 8 {
                case 0: words.0 |= UInt64(byte) << shift
                case 1: words.1 |= UInt64(byte) << shift
                case 2: words.2 |= UInt64(byte) << shift
                default: break
                }
                count += 1
            }
        }
    }

    /// The config a json flag's value is typed by.
    private func configName(of flag: FlagDefinition, shapes: JSONSchemaConfigSchema) throws(EmitError) -> String {
        // The validator guarantees a json flag names a defined config; refuse rather than guess.
        guard let name = flag.configName, shapes.configs[name] != nil else {
            throw EmitError(
                "json flag '\(flag.key)' names no defined config, so its JSON Schema cannot be written; run flaggen lint",
                at: flag.location)
        }
        return name
    }
}
