/// Typed reads of YAML nodes. Each reports a clear error at the node and returns nil when the
/// node is not of the expected type.
extension ValidationContext {
    typealias Node = YAMLTree.NodeID

    func string(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        guard tree.kind(node) == .scalar else {
            return refuse("\(what()) must be a string, found \(tree.kindDescription(node))", at: tree.location(node))
        }
        if tree.isPlain(node), tree.plainMeaning(node) != .string {
            let text = tree.text(node)
            if text.isEmpty || tree.plainMeaning(node) == .null {
                error("\(what()) must be a string, found null; write a value or quote it (\"\")", at: tree.location(node))
            } else {
                error(
                    "\(what()) must be a string, found \(tree.kindDescription(node)) '\(text)'; quote it (\"\(text)\") if you meant the text",
                    at: tree.location(node))
            }
            return nil
        }
        return tree.text(node)
    }

    func nonEmptyString(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        guard let text = string(node, what()) else { return nil }
        if text.allSatisfy(\.isWhitespace) { return refuse("\(what()) must not be empty", at: tree.location(node)) }
        return text
    }

    func bool(_ node: Node, _ what: @autoclosure () -> String) -> Bool? {
        if case .bool(let value) = tree.plainMeaning(node) {
            return value
        }
        var message = "\(what()) must be true or false, found \(describe(node))"
        if tree.kind(node) == .scalar {
            if ["yes", "no", "on", "off", "y", "n"].contains(tree.text(node).lowercased()) {
                message += " (YAML 1.2 reads yes/no/on/off as text)"
            }
            message += "; write true or false"
        }
        return refuse(message, at: tree.location(node))
    }

    func int(_ node: Node, _ what: @autoclosure () -> String) -> Int? {
        if case .int(let value) = tree.plainMeaning(node) {
            guard let value else {
                return refuse(
                    "\(what()) \(tree.text(node)) does not fit in a 64-bit integer (\(Int.min)...\(Int.max)); use a smaller number",
                    at: tree.location(node))
            }
            return value
        }
        return refuse("\(what()) must be an integer, found \(describe(node))", at: tree.location(node))
    }

    /// A finite number; integers are accepted as doubles.
    func double(_ node: Node, _ what: @autoclosure () -> String) -> Double? {
        switch tree.plainMeaning(node) {
        case .int(let value?): return Double(value)
        case .int(nil): if let value = Double(tree.text(node)), value.isFinite { return value }
        case .double(let value) where value.isFinite:
            // `1e-400` reads as 0: every output would then hold 0 for a number that is not.
            if value == 0, Self.hasNonZeroDigit(beforeExponentOf: tree.text(node)) {
                return refuse(
                    "\(what()) is \(tree.text(node)), too small for a 64-bit floating-point number (it would be written as 0); write 0, or a number of at least 5e-324",
                    at: tree.location(node))
            }
            return value
        case .double:
            return refuse(
                "\(what()) must be a finite number, found '\(tree.text(node))'; infinity and NaN cannot be represented in JSON, Swift literals or Kotlin literals",
                at: tree.location(node))
        default: break
        }
        return refuse("\(what()) must be a number, found \(describe(node))", at: tree.location(node))
    }

    /// Whether the digits of a number before its `e` are not all zero (`1e-400`, not `0.0e5`).
    private static func hasNonZeroDigit(beforeExponentOf text: String) -> Bool {
        text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    func date(_ node: Node, _ what: @autoclosure () -> String) -> ISODate? {
        guard tree.kind(node) == .scalar, let date = ISODate(tree.text(node)) else {
            return refuse("\(what()) must be a date written YYYY-MM-DD (for example 2029-03-01), found \(describe(node))", at: tree.location(node))
        }
        return date
    }

    /// A list's items; reports and returns nil for anything else.
    func list(_ node: Node, _ what: @autoclosure () -> String) -> ArraySlice<Node>? {
        guard tree.kind(node) == .sequence else {
            return refuse("\(what()) must be a list, found \(tree.kindDescription(node))", at: tree.location(node))
        }
        return tree.items(node)
    }

    /// "an int '12'", "a list", ...: the node's kind and, for scalars, its text.
    func describe(_ node: Node) -> String {
        if tree.kind(node) == .scalar {
            if tree.plainMeaning(node) == .null { return "null" }
            let tag = tree.records[node.index].tag
            // `!!int 1` reads as text (docs/manifest.md), which the message alone would not explain.
            var tagged = ""
            if tag >= 0, tree.style(node) == .plain {
                let standard = "tag:yaml.org,2002:"
                let name = tree.tags[Int(tag)]
                tagged = " (the tag \(name.hasPrefix(standard) ? "!!" + name.dropFirst(standard.count) : name) makes it text; write the value without a tag)"
            }
            return "\(tree.kindDescription(node)) '\(tree.text(node))'" + tagged
        }
        return tree.kindDescription(node)
    }
}
