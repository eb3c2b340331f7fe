// The fields of each kind of mapping in a manifest, numbered in the order of the name lists
// that messages and the JSON Schema use (``ManifestValidator/flagFields`` and the like).

enum TopLevelField: Int, FieldName {
    case version, name, kotlinPackage, retired, outputs, templates, flags, configs, swiftAccess
    static let known = FieldNames(ManifestValidator.topLevelFields)
}

enum FlagField: Int, FieldName {
    case type, defaultValue, owner, expires, kind, description, rollout, killSwitch, schema, enumValues, deprecated
    static let known = FieldNames(ManifestValidator.flagFields)
}

enum RolloutField: Int, FieldName {
    case percent, platforms, minAppVersion, value
    static let known = FieldNames(ManifestValidator.rolloutFields)
}

enum OutputField: Int, FieldName {
    case swift, kotlin, kotlinRuntime, schemas, seeds, servers
    static let known = FieldNames(ManifestValidator.outputFields)
}

enum ConfigField: Int, FieldName {
    case version, description, properties, required, additionalProperties
    static let known = FieldNames(ConfigValidation.configFields)
}

enum PropertyField: Int, FieldName {
    case type, items, description, defaultValue, enumValues, minimum, maximum, maxLength
    static let known = FieldNames(ConfigValidation.propertyFields)
}
