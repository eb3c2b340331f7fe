import FlaggenJSON

/// A template context, wrapped so every list item also carries `isFirst` and `isLast`.
public struct TemplateContext: Sendable {
    /// The decorated context.
    public let value: JSONValue

    /// Wraps a context built by a translator.
    public init(_ value: JSONValue) {
        self.value = Self.decorated(value)
    }

    /// Adds `isFirst` and `isLast` to every object inside an array, so templates can place
    /// separators without logic.
    static func decorated(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(object.mapValues(decorated))
        case .array(let items):
            return .array(
                items.enumerated().map { index, item in
                    guard case .object(var object) = decorated(item) else { return decorated(item) }
                    object["isFirst"] = object["isFirst"] ?? .bool(index == 0)
                    object["isLast"] = object["isLast"] ?? .bool(index == items.count - 1)
                    return .object(object)
                })
        default:
            return value
        }
    }
}
