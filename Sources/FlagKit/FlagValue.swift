/// A flag's value as the server sent it: any JSON value, kept in this form in memory and in the
/// saved copy so that every type survives a restart unchanged. JSON numbers without a fraction
/// or exponent are `.int`; other numbers are `.double`.
public enum FlagValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction or an exponent, or too large for `Int`.
    case double(Double)
    /// A string.
    case string(String)
    /// A JSON array.
    case array([FlagValue])
    /// A JSON object.
    case object([String: FlagValue])
}

// MARK: - Typed access

extension FlagValue {
    /// The boolean, or `nil` when the value is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The whole number, or `nil` when the value is not a whole number: an integer within Int64,
    /// or a number written with a fraction or an exponent that is whole and at most 2^53 in
    /// magnitude, where doubles are exact (`3` and `3.0` give 3; `3.5`, `1e16` and 2^63 give
    /// `nil`). The generated Kotlin reads numbers the same way.
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): value.magnitude <= maximumExactDouble ? Int(exactly: value) : nil
        default: nil
        }
    }

    /// The number, or `nil` when the value is not a number.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }
}

/// 2^53: every whole number up to this is exact as a Double.
private let maximumExactDouble: Double = 9_007_199_254_740_992

// MARK: - Nesting

extension FlagValue {
    /// How deeply arrays and objects nest in this value: 0 for a scalar, 1 for `[]` or `{"a":1}`.
    public var nestingDepth: Int {
        var deepest = 0
        var pending: [(FlagValue, Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: elements.map { ($0, depth + 1) })
            case .object(let members):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: members.values.map { ($0, depth + 1) })
            default:
                break
            }
        }
        return deepest
    }
}

// MARK: - Literals

extension FlagValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension FlagValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension FlagValue: ExpressibleByFloatLiteral {
    /// A number with a fraction.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension FlagValue: ExpressibleByStringLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension FlagValue: ExpressibleByArrayLiteral {
    /// A JSON array.
    public init(arrayLiteral elements: FlagValue...) { self = .array(elements) }
}

extension FlagValue: ExpressibleByDictionaryLiteral {
    /// A JSON object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, FlagValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
