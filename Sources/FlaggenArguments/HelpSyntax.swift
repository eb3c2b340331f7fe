// How specs are spelled in usage lines and help rows.

extension OptionSpec {
    /// How the option appears in a usage line: `[--strict]`,
    /// `[--format text|json|github]`, `[--define NAME ...]`.
    var usageSyntax: String {
        var syntax = longFlag
        if let valueName {
            syntax += " " + (allowedValues.isEmpty ? valueName : allowedValues.joined(separator: "|"))
        }
        if isRepeatable { syntax += " ..." }
        return "[\(syntax)]"
    }

    /// The option's row in an options list: `-f, --format FORMAT` and its
    /// help followed by `(values: ...; default: ...; repeatable)`.
    var helpRow: (label: String, text: String) {
        var label = shortFlag.map { "\($0), \(longFlag)" } ?? longFlag
        if let valueName { label += " " + valueName }

        var notes: [String] = []
        if !isSwitch, !allowedValues.isEmpty { notes.append("values: " + allowedValues.joined(separator: ", ")) }
        if let defaultValue { notes.append("default: " + defaultValue) }
        if isRepeatable { notes.append("repeatable") }

        var text = help
        if !notes.isEmpty {
            let parenthetical = "(" + notes.joined(separator: "; ") + ")"
            text = text.isEmpty ? parenthetical : text + " " + parenthetical
        }
        return (label, text)
    }
}

extension PositionalSpec {
    /// How the argument appears in a usage line: `<flag>`, `[<flag>]`,
    /// `<paths> ...` or `[<paths> ...]`.
    var usageSyntax: String {
        var syntax = "<\(name)>"
        if isVariadic { syntax += " ..." }
        return isOptional ? "[\(syntax)]" : syntax
    }
}
