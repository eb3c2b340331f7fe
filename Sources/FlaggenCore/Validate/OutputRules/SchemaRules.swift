/// What the JSON Schemas cannot be written for, checked for every manifest (the schemas are
/// always among its outputs; see ``OutputRules``), each at the config's name:
///
/// - two configs whose names differ only in letter case: their files (`Plan.schema.json`,
///   `PLAN.schema.json`) would overwrite each other on the case-insensitive volumes of macOS
///   and Windows;
/// - configs that refer to so many others that the files, each repeating every config its
///   config refers to, would hold more than ``JSONSchemaEmitter/maxDefinitions`` definitions
///   in all: a chain of 1,000 configs makes 116 MB of schemas.
struct SchemaRules {
    let context: ValidationContext

    /// Reports the configs of `manifest` whose JSON Schemas cannot be written.
    func check(_ manifest: Manifest) {
        var seen: [String: ConfigDefinition] = [:]
        for config in manifest.configs {
            let folded = config.name.lowercased()
            if let first = seen[folded] {
                context.error(
                    "configs '\(first.name)' and '\(config.name)' differ only in letter case, so their JSON Schemas "
                        + "(\(JSONSchemaEmitter.fileName(forConfig: first.name)) and \(JSONSchemaEmitter.fileName(forConfig: config.name))) "
                        + "would overwrite each other on case-insensitive file systems such as macOS and Windows; rename one of them",
                    at: config.location)
            } else {
                seen[folded] = config
            }
        }
        checkDefinitionCount(of: manifest)
    }

    /// Counts the definitions as ``JSONSchemaEmitter`` writes them, one config's file after
    /// another, and reports the config whose file passes the limit.
    private func checkDefinitionCount(of manifest: Manifest) {
        let configs = manifest.configsByName
        var count = 0
        for config in manifest.configs {
            count += JSONSchemaConfigSchema(configs: configs, rootConfig: config.name).closure(of: [config.name]).count
            guard count > JSONSchemaEmitter.maxDefinitions else { continue }
            context.error(
                "the JSON Schemas would hold more than \(JSONSchemaEmitter.maxDefinitions) config definitions in all from config "
                    + "'\(config.name)' on, because each config's file repeats every config it refers to, directly or through "
                    + "others; make configs refer to fewer other configs",
                at: config.location)
            return
        }
    }
}
