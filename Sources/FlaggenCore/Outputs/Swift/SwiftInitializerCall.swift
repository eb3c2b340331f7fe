/// The initializer call a config's values are written as, `PaywallConfig(title: "Go Pro",
/// trialDays: 7)`: its arguments, in the config's order.
struct SwiftInitializerCall {
    /// One of the config's properties, as an argument of the call.
    struct Argument {
        /// The property's name: the key of its value in a JSON object.
        let name: String
        /// The property's type.
        let type: PropertyType
        /// `title: `: the argument label (see ``SwiftTranslator/argumentLabel(_:)``) and its colon.
        let label: String
        /// The cases of the property's nested enum, when it has `enum:` values: its values are
        /// written as cases (`.dark`), typed by the argument.
        let enumCases: EnumCases?
        /// The property's `enum:` values, in the order of ``enumCases``; empty without them.
        let enumValues: [String]
    }

    /// Every property of the config, in the config's order.
    let arguments: [Argument]

    /// The call for a config. The call's name, `PaywallConfig(`, depends on where it is written
    /// (``SwiftScope/config(_:)``).
    init(_ config: ConfigDefinition) {
        arguments = config.properties.map { property in
            let label = SwiftTranslator.argumentLabel(property.name) + ": "
            return Argument(
                name: property.name, type: property.type, label: label,
                enumCases: property.enumValues.map(EnumCases.init), enumValues: property.enumValues ?? [])
        }
    }

    /// The call for every config, by the config's name (the first config of a name wins).
    static func calls(for configs: [ConfigDefinition]) -> [String: SwiftInitializerCall] {
        Dictionary(configs.map { ($0.name, SwiftInitializerCall($0)) }, uniquingKeysWith: { first, _ in first })
    }
}
