import FlaggenJSON

/// Writes JSON Schemas (draft 2020-12) for the values a manifest describes, into the folder
/// `outputs.schemas` names:
///
/// - `<Config>.schema.json` for each config, in manifest order: the shape of a `json` flag's
///   value, with every config it refers to under `$defs`, so each file stands alone;
/// - `evaluation-response.schema.json`: the flag server's answer to `POST /v1/flags/evaluate`.
///
/// Each file's `$id` is its own file name, a relative URI that resolves against wherever the
/// folder is served or stored. A config's `version` is carried as `x-flaggen-schema-version`.
/// flaggen's header is the root `$comment`. See docs/json-schema.md.
struct JSONSchemaEmitter: Sendable {
    /// The JSON Schema dialect of every generated file.
    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The evaluation-response schema's file name, also its `$id`.
    static let evaluationResponseFileName = "evaluation-response.schema.json"

    /// The most config definitions all the schema files may hold together (each file holds its
    /// config and every config that one refers to). Real manifests need a few hundred.
    static let maxDefinitions = 100_000

    /// The file name, also the `$id`, of a config's schema: `PaywallConfig.schema.json`.
    static func fileName(forConfig name: String) -> String { "\(name).schema.json" }

    /// The names of the files ``files(for:header:)`` writes, in its order: one per config, then
    /// the evaluation-response schema.
    static func fileNames(for manifest: Manifest) -> [String] {
        manifest.configs.map { fileName(forConfig: $0.name) } + [evaluationResponseFileName]
    }

    /// Files with paths relative to the output folder (manifest.outputs.schemas).
    ///
    /// Configs whose names differ only in letter case, whose files would overwrite each other on
    /// case-insensitive file systems, and configs that would make more than ``maxDefinitions``
    /// definitions are refused by validation (``SchemaRules``), so every file is written.
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        let configs = manifest.configsByName
        let comment = JSONValue.string(header.text)
        var files: [GeneratedFile] = []
        for config in manifest.configs {
            let shapes = JSONSchemaConfigSchema(configs: configs, rootConfig: config.name)
            var schema = shapes.objectSchema(for: config)
            // Each file repeats every config it refers to (SchemaRules bounds how many in all).
            let definitions = shapes.definitions(for: shapes.closure(of: [config.name]))
            if !definitions.isEmpty { schema["$defs"] = .object(definitions) }
            files.append(file(Self.fileName(forConfig: config.name), schema, comment: comment))
        }
        files.append(file(Self.evaluationResponseFileName, JSONSchemaEvaluationResponse().schema(for: manifest, configs: configs), comment: comment))
        return files
    }

    /// Adds the document keywords (`$schema`, `$id`, `$comment`) and writes the JSON.
    private func file(_ name: String, _ schema: [String: JSONValue], comment: JSONValue) -> GeneratedFile {
        var document = schema
        document["$schema"] = .string(Self.dialect)
        document["$id"] = .string(name)
        document["$comment"] = comment
        return GeneratedFile(path: name, contents: ValidatedJSON.fileBytes(.object(document)))
    }
}
