import FlaggenJSON

/// The values that names are looked up in: the render's data at the bottom, each entered
/// section's value above it.
struct ContextStack {
    private var frames: [JSONValue]

    init(_ root: JSONValue) {
        frames = [root]
    }

    mutating func push(_ value: JSONValue) {
        frames.append(value)
    }

    mutating func pop() {
        _ = frames.popLast()
    }

    /// The value a name refers to, or `nil` when nothing matches (which renders as empty).
    ///
    /// The first part of a dotted name is looked up from the top of the stack down, in
    /// objects only; each further part only inside the value found for the part before it.
    func lookup(_ name: Name) -> JSONValue? {
        guard let first = name.parts.first else { return frames.last }
        var found: JSONValue?
        for frame in frames.reversed() {
            if case .object(let members) = frame, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .object(let members) = value, let member = members[part] else {
                return nil
            }
            value = member
        }
        return value
    }

    /// Whether a section shows (and an inverted section hides): everything except a missing
    /// value, `null`, `false` and the empty list. `0`, `""` and `{}` count as true.
    static func isTruthy(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: false
        case .bool(let flag)?: flag
        case .array(let items)?: !items.isEmpty
        default: true
        }
    }
}
