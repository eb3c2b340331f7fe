/// Lays out help sections as two aligned columns: a label and its text.
///
/// All sections of one page share the same text column so the page reads as
/// one table. A label wider than ``maximumLabelWidth`` gets its own line and
/// its text starts on the next line, in the shared column.
struct HelpLayout {
    /// One titled list, such as `COMMANDS:` or `OPTIONS:`.
    struct Section {
        var title: String
        var rows: [(label: String, text: String)]
    }

    /// Labels up to this many characters keep their text on the same line.
    static let maximumLabelWidth = 28
    /// Spaces before each label.
    static let indent = "  "
    /// Minimum spaces between a label and its text.
    static let gap = 2

    var sections: [Section]

    /// The rendered sections, separated by blank lines; empty sections are left out.
    func render() -> String {
        let nonEmpty = sections.filter { !$0.rows.isEmpty }
        let labelWidths = nonEmpty.flatMap { $0.rows.map(\.label.count) }
        let widest = labelWidths.filter { $0 <= Self.maximumLabelWidth }.max() ?? 0
        let textColumn = widest + Self.gap

        return nonEmpty.map { section in
            var lines = [section.title]
            for row in section.rows {
                lines.append(contentsOf: Self.lines(for: row, textColumn: textColumn))
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private static func lines(for row: (label: String, text: String), textColumn: Int) -> [String] {
        let label = indent + row.label
        if row.text.isEmpty { return [label] }
        if row.label.count + gap <= textColumn {
            let padding = String(repeating: " ", count: textColumn - row.label.count)
            return [label + padding + row.text]
        }
        return [label, indent + String(repeating: " ", count: textColumn) + row.text]
    }
}
