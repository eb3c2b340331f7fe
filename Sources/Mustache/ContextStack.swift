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
        var count = 1
        // Only lists and objects wait here; other values are counted as they are met.
        var pending = [frames[0]]
        while let container = pending.popLast() {
            switch container {
            case .array(let items):
                count += items.count
                for item in items where Self.isContainer(item) { pending.append(item) }
            case .object(let members):
                count += members.count
                for member in members.values where Self.isContainer(member) { pending.append(member) }
            default:
                break
            }
        }
        return count
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
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
    @inline(__always)
    func lookup(_ name: Name, work: inout Int) -> JSONValue? {
        guard let first = name.parts.first else { return frames.last }
        // Through a buffer pointer, so each frame is read in place rather than copied out.
        let found: JSONValue? = frames.withUnsafeBufferPointer { frames in
            var index = frames.count - 1
            while index >= 0 {
                work += 1
                if case .object(let members) = frames[index], let value = members[first] { return value }
                index -= 1
            }
            return nil
        }
        guard var value = found else { return nil }
        var partIndex = 1
        while partIndex < name.parts.count {
            work += 1
            guard case .object(let members) = value, let member = members[name.parts[partIndex]] else {
                return nil
            }
            value = member
            partIndex += 1
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
