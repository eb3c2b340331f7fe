import FlaggenJSON

/// The values that names are looked up in: the render's data at the bottom, each entered
/// section's value above it.
struct ContextStack {
    private var frames: [JSONValue]

    init(_ root: JSONValue) {
        frames = [root]
    }

    /// How many values the render's data holds, at every depth (for the render step limit).
    var bottomValueCount: Int {
        var count = 0
        var pending = [frames[0]]
        while let value = pending.popLast() {
            count += 1
            switch value {
            case .array(let items): pending += items
            case .object(let members): pending += members.values
            default: break
            }
        }
        return count
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
    /// Adds to `work` how many frames and parts it looked in (for the render step limit: a
    /// lookup from deep inside nested sections costs as much as the levels it searches).
    func lookup(_ name: Name, work: inout Int) -> JSONValue? {
        guard let first = name.parts.first else { return frames.last }
        var found: JSONValue?
        for frame in frames.reversed() {
            work += 1
            if case .object(let members) = frame, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            work += 1
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
