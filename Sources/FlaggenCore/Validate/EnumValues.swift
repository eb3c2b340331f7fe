extension ValidationContext {
    /// The values of an `enum:` list (of a string flag or a string config property): one or
    /// more strings, none listed twice. Values that Swift's `String ==` treats as equal
    /// (canonically equivalent Unicode) count as the same value, since a Swift enum cannot hold
    /// both as raw values.
    func enumValues(_ node: Node, _ what: @autoclosure () -> String) -> [String]? {
        guard let items = list(node, what()) else { return nil }
        var values: [String] = []
        for item in items {
            guard let value = string(item, "a value of \(what())") else { continue }
            if let first = values.first(where: { $0 == value }) {
                if first.unicodeScalars.elementsEqual(value.unicodeScalars) {
                    error("'\(value)' is listed twice in \(what())", at: tree.location(item))
                } else {
                    // `é` and `e` with a combining accent look the same and are equal to Swift.
                    func scalars(_ text: String) -> String { text.unicodeScalars.map { "U+" + SourceText.hex($0.value, digits: 4) }.joined(separator: " ") }
                    error(
                        "'\(value)' (\(scalars(value))) is listed twice in \(what()): Swift compares it equal to '\(first)' (\(scalars(first))), so a Swift enum cannot hold both; keep one spelling",
                        at: tree.location(item))
                }
            } else {
                values.append(value)
            }
        }
        if items.isEmpty { error("\(what()) must list at least one value", at: tree.location(node)) }
        return values
    }
}
