/// A config as the Kotlin code calls its data class constructor with named arguments, such as
/// `PaywallConfig(title = "Go Pro", trialDays = 7L)`. The constructor call resolves to the class
/// even where a property has its name, so the name is never qualified.
struct KotlinConfigCall {
    /// The config.
    let definition: ConfigDefinition
    /// Each property's argument label, keyword escaped: `title = `, `` `when` = ``.
    let labels: [String]

    init(_ definition: ConfigDefinition) {
        self.definition = definition
        labels = definition.properties.map { Identifiers.kotlinEscaped($0.name) + " = " }
    }
}
