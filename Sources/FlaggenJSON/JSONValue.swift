/// A JSON document or a part of one.
///
/// Objects are stored as Swift dictionaries; their key order carries no
/// meaning, and ``JSONWriter`` always writes keys sorted by their UTF-8 bytes.
///
/// Integers and floating-point numbers are kept apart: ``JSONParser`` produces
/// ``int(_:)`` for a number without fraction or exponent that fits `Int`, and
/// ``double(_:)`` otherwise, and ``JSONWriter`` always writes a `.double` with a
/// fraction or exponent, so `parse(write(v)) == v` keeps the kind.
///
/// Keys and strings compare with Swift `String` equality, which is Unicode
/// canonical equivalence: `"\u{E9}"` and `"e\u{301}"` are the same key.
public enum JSONValue: Sendable, Hashable {
    /// The JSON literal `null`.
    case null
    /// The JSON literal `true` or `false`.
    case bool(Bool)
    /// A JSON number without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other JSON number. Only finite values can be written.
    case double(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object.
    case object([String: JSONValue])
}

// MARK: - Accessors

extension JSONValue {
    /// `true` when the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The Boolean, or `nil` when the value is not a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, or `nil` when the value is not an `.int`.
    ///
    /// A `.double` is never converted, even when it is integral.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`: a `.double` as is, an `.int` converted
    /// (rounded to the nearest `Double` if needed); `nil` for other kinds.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or `nil` when the value is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or `nil` when the value is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, or `nil` when the value is not an object or
    /// has no such member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index`, or `nil` when the value is not an array or the
    /// index is out of range (negative indices are out of range).
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) {
            return elements[index]
        }
        return nil
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates an `.int` from an integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a `.double` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal. If a key appears more than
    /// once, the last value wins (no trap).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
