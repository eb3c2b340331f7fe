import FlaggenJSON

/// How the generated code writes a config's value: a call of the config's initializer (Swift,
/// `PaywallConfig(title: "Go Pro", trialDays: 7)`) or constructor (Kotlin, `PaywallConfig(title
/// = "Go Pro", trialDays = 7L)`) with a labelled argument for each property the value has, in
/// the config's order; omitted properties take their defaults.
struct ConfigCall {
    /// The config.
    let definition: ConfigDefinition
    /// Each property's argument label and what follows it: `title: `, `title = `.
    let labels: [String]

    /// The call of every config, by the config's name (the first config of a name wins), with
    /// `label` spelling a property's label.
    static func calls(for configs: [ConfigDefinition], label: (String) -> String) -> [String: ConfigCall] {
        Dictionary(
            configs.map { ($0.name, ConfigCall(definition: $0, labels: $0.properties.map { label($0.name) })) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The arguments of the call for `object`: each property the object has, by its index among
    /// the config's properties, with its value, in the config's order.
    func arguments(for object: [String: JSONValue]) -> [(index: Int, value: JSONValue)] {
        definition.properties.indices.compactMap { index in object[definition.properties[index].name].map { (index, $0) } }
    }
}
