import FlaggenJSON

/// The values that names are looked up in: the render's data at the bottom, each entered
/// section's value above it.
///
/// The top value is kept apart from the ones below it. Most lookups find their name in the top
/// value, and the renderer keeps the stack in a local variable, so the top value is read in
/// place; a value in an array has to be copied (and retained) first, because the compiler
/// cannot tell that the search leaves the array alone.
struct ContextStack {
    /// The innermost section's value (the data when no section is open).
    private(set) var top: JSONValue
    /// The values under ``top``, bottom first.
    private var below: [JSONValue] = []

    init(_ root: JSONValue) {
        top = root
    }

    @inline(__always)
    mutating func push(_ value: JSONValue) {
        below.append(top)
        top = value
    }

    /// Replaces the top value, as a section over a list moves to its next item.
    @inline(__always)
    mutating func replaceTop(with value: borrowing JSONValue) {
        top = copy value
    }

    @inline(__always)
    mutating func pop() {
        top = below.removeLast()
    }

    /// The value the name with `parts` refers to, or `nil` when nothing matches (which renders
    /// as empty). No parts is the implicit iterator `.`, the top of the stack.
    ///
    /// The first part of a dotted name is looked up from the top of the stack down, in
    /// objects only; each further part only inside the value found
    /// for the part before it. Adds to `work` how many frames and parts it looked in (for the
    /// render step limit: a lookup from deep inside nested sections costs as much as the
    /// levels it searches).
    func lookup(_ parts: ArraySlice<String>, work: inout Int) -> JSONValue? {
        guard let first = parts.first else { return top }
        work += 1
        var found = Self.member(first, of: top)
        var index = below.count - 1
        while found == nil, index >= 0 {
            work += 1
            found = Self.member(first, of: below[index])
            index -= 1
        }
        guard let found else { return nil }
        return parts.count == 1 ? found : Self.follow(parts.dropFirst(), from: found, work: &work)
    }

    /// The member `key` of `value` when it is an object, `nil` otherwise.
    @inline(__always)
    private static func member(_ key: String, of value: borrowing JSONValue) -> JSONValue? {
        switch value {
        case .object(let object):
            return object[key]
        default:
            return nil
        }
    }

    /// Looks up the parts of a dotted name after the first, each inside the value before it.
    private static func follow(_ parts: ArraySlice<String>, from first: JSONValue, work: inout Int) -> JSONValue? {
        var value = first
        for part in parts {
            work += 1
            guard let member = value[part] else { return nil }
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
