/// The text of a call to a config's data class constructor with named arguments, such as
/// `PaywallConfig(title = "Go Pro", trialDays = 7L)`, that every value of the config shares:
/// built once per manifest, not once per value (a flag's default, a property's default).
struct KotlinConfigCall {
    /// The config.
    let definition: ConfigDefinition
    /// `PaywallConfig(`. A constructor call resolves to the class even where a property has
    /// its name, so the name is never qualified.
    let opening: String
    /// ``opening`` followed by a line feed, for the multi-line form.
    let openingLine: String
    /// Each property's argument label, keyword escaped: `title = `, `` `when` = ``.
    let labels: [String]
    /// Each of ``labels`` after the previous argument: `, title = `.
    let labelsAfterComma: [String]
    /// The width (``SourceText/width(_:)``) of each of ``labels``.
    let labelWidths: [Int]

    init(_ definition: ConfigDefinition) {
        self.definition = definition
        opening = definition.name + "("
        openingLine = opening + "\n"
        labels = definition.properties.map { Identifiers.kotlinEscaped($0.name) + " = " }
        labelsAfterComma = labels.map { ", " + $0 }
        labelWidths = labels.map(SourceText.width)
    }
}
