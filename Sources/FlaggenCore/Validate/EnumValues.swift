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
            if values.contains(value) {
                error("'\(value)' is listed twice in \(what())", at: tree.location(item))
            } else {
                values.append(value)
            }
        }
        if items.isEmpty { error("\(what()) must list at least one value", at: tree.location(node)) }
        return values
    }
}
