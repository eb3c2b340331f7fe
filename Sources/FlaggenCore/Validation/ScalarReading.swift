/// Typed reads of YAML nodes. Each reports a clear error at the node and returns nil when the
/// node is not of the expected type.
extension ValidationContext {
    func string(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard case .scalar(let scalar) = node else {
            error("\(what()) must be a string, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if scalar.isPlain, PlainScalar.resolve(scalar.text) != .string {
            if scalar.text.isEmpty || PlainScalar.resolve(scalar.text) == .null {
                error("\(what()) must be a string, found null; write a value or quote it (\"\")", at: node.location)
            } else {
                error(
                    "\(what()) must be a string, found \(node.kindDescription) '\(scalar.text)'; quote it (\"\(scalar.text)\") if you meant the text",
                    at: node.location)
            }
            return nil
        }
        return scalar.text
    }

    func nonEmptyString(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard let text = string(node, what()) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            error("\(what()) must not be empty", at: node.location)
            return nil
        }
        return text
    }

    func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        if case .scalar(let scalar) = node, scalar.isPlain, case .bool(let value) = PlainScalar.resolve(scalar.text) {
            return value
        }
        var message = "\(what()) must be true or false, found \(node.kindDescription)"
        if case .scalar(let scalar) = node {
            message += " '\(scalar.text)'"
            if ["yes", "no", "on", "off", "y", "n"].contains(scalar.text.lowercased()) {
                message += " (YAML 1.2 reads yes/no/on/off as text)"
            }
            message += "; write true or false"
        }
        error(message, at: node.location)
        return nil
    }

    func int(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Int? {
        if case .scalar(let scalar) = node, scalar.isPlain, case .int(let value) = PlainScalar.resolve(scalar.text) {
            guard let value else {
                error(
                    "\(what()) \(scalar.text) does not fit in a 64-bit integer (\(Int.min)...\(Int.max)); use a smaller number",
                    at: node.location)
                return nil
            }
            return value
        }
        error("\(what()) must be an integer, found \(describe(node))", at: node.location)
        return nil
    }

    /// A finite number; integers are accepted as doubles.
    func double(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Double? {
        if case .scalar(let scalar) = node, scalar.isPlain {
            switch PlainScalar.resolve(scalar.text) {
            case .int(let value?): return Double(value)
            case .int(nil): if let value = Double(scalar.text), value.isFinite { return value }
            case .double(let value) where value.isFinite: return value
            case .double:
                error(
                    "\(what()) must be a finite number, found '\(scalar.text)'; infinity and NaN cannot be represented in JSON, Swift literals or Kotlin literals",
                    at: node.location)
                return nil
            default: break
            }
        }
        error("\(what()) must be a number, found \(describe(node))", at: node.location)
        return nil
    }

    func date(_ node: YAMLNode, _ what: @autoclosure () -> String) -> ISODate? {
        guard case .scalar(let scalar) = node, let date = ISODate(scalar.text) else {
            error("\(what()) must be a date written YYYY-MM-DD (for example 2027-03-01), found \(describe(node))", at: node.location)
            return nil
        }
        return date
    }

    /// A list; reports and returns nil for anything else.
    func list(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [YAMLNode]? {
        guard case .sequence(let items, _) = node else {
            error("\(what()) must be a list, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return items
    }

    /// "an int '12'", "a list", ...: the node's kind and, for scalars, its text.
    func describe(_ node: YAMLNode) -> String {
        if case .scalar(let scalar) = node {
            if scalar.isPlain, PlainScalar.resolve(scalar.text) == .null { return "null" }
            return "\(node.kindDescription) '\(scalar.text)'"
        }
        return node.kindDescription
    }
}
