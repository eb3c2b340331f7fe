// The fields of each kind of mapping in a manifest, in the order messages and the JSON Schema
// list them; each case's raw value is the name written in a manifest.

enum TopLevelField: String, FieldName {
    case version, name, kotlinPackage, retired, outputs, templates, flags, configs, swiftAccess
}

enum FlagField: String, FieldName {
    case type, defaultValue = "default", owner, expires, kind, description, rollout, killSwitch, schema, enumValues = "enum", deprecated
}

enum RolloutField: String, FieldName {
    case percent, platforms, minAppVersion, value
}

enum OutputField: String, FieldName {
    case swift, kotlin, kotlinRuntime, schemas, seeds, servers
}

enum ConfigField: String, FieldName {
    case version, description, properties, required, additionalProperties
}

enum PropertyField: String, FieldName {
    case type, items, description, defaultValue = "default", enumValues = "enum", minimum, maximum, maxLength
}
