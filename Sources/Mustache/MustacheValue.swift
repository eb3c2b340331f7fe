import FlaggenJSON

/// The data a template renders: JSON's kinds of value.
///
/// Any `JSONValue` converts to a `MustacheValue` and back (``init(_:)``, `JSONValue(_:)`), with
/// the same meaning for templates.
public enum MustacheValue: Sendable {
    /// Renders as nothing; a section over it is hidden.
    case null
    /// `false` hides a section, `true` shows it once.
    case bool(Bool)
    /// A whole number, rendered in decimal.
    case int(Int)
    /// A number, rendered as Swift prints it.
    case double(Double)
    /// Text, rendered as it is (HTML-escaped in `{{name}}` when escaping is on).
    case string(String)
    /// A list: a section repeats for each item.
    case array([MustacheValue])
    /// An object: names are looked up in its members.
    case object(MustacheObject)
}

extension MustacheValue {
    /// The value with the same meaning as `json`.
    ///
    /// Iterative, so data nested however deep converts without overflowing the stack.
    public init(_ json: JSONValue) {
        /// A list or object whose items are being converted.
        struct Open {
            var keys: [String]?
            var items: [JSONValue]
            var converted: [MustacheValue] = []
        }
        var open: [Open] = []
        var next = json
        while true {
            var value: MustacheValue
            switch next {
            case .null: value = .null
            case .bool(let flag): value = .bool(flag)
            case .int(let number): value = .int(number)
            case .double(let number): value = .double(number)
            case .string(let string): value = .string(string)
            case .array(let items):
                guard let first = items.first else { value = .array([]); break }
                open.append(Open(keys: nil, items: items, converted: []))
                open[open.count - 1].converted.reserveCapacity(items.count)
                next = first
                continue
            case .object(let members):
                guard let first = members.first else { value = .object([:]); break }
                open.append(Open(keys: Array(members.keys), items: Array(members.values), converted: []))
                open[open.count - 1].converted.reserveCapacity(members.count)
                next = first.value
                continue
            }
            // `value` is done: it completes the innermost open container, and maybe more.
            while let top = open.indices.last {
                open[top].converted.append(value)
                let done = open[top].converted.count
                guard done == open[top].items.count else {
                    next = open[top].items[done]
                    break
                }
                let finished = open.removeLast()
                value = finished.keys.map { .object(MustacheObject(Dictionary(uniqueKeysWithValues: zip($0, finished.converted)))) }
                    ?? .array(finished.converted)
            }
            if open.isEmpty {
                self = value
                return
            }
        }
    }

    /// Frees `value` without recursing through its levels (a value's own release recurses once
    /// per level, which deep enough data turns into a stack overflow).
    static func release(_ value: consuming MustacheValue) {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .array(let items): pending.append(contentsOf: items)
            case .object(let object): pending.append(contentsOf: object.members.values)
            default: break
            }
        }
    }

    /// The members, or `nil` when the value is not an object.
    public var objectValue: MustacheObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The member `key` of an object, `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> MustacheValue? {
        objectValue?[key]
    }
}

extension JSONValue {
    /// The JSON value with the same meaning as `value` (an object's keys lose their order,
    /// which carries none). Iterative, like ``MustacheValue/init(_:)``.
    public init(_ value: MustacheValue) {
        struct Open {
            var keys: [String]?
            var items: [MustacheValue]
            var converted: [JSONValue] = []
        }
        var open: [Open] = []
        var next = value
        while true {
            var json: JSONValue
            switch next {
            case .null: json = .null
            case .bool(let flag): json = .bool(flag)
            case .int(let number): json = .int(number)
            case .double(let number): json = .double(number)
            case .string(let string): json = .string(string)
            case .array(let items):
                guard let first = items.first else { json = .array([]); break }
                open.append(Open(keys: nil, items: items))
                next = first
                continue
            case .object(let object):
                guard let first = object.members.values.first else { json = .object([:]); break }
                open.append(Open(keys: Array(object.members.keys), items: Array(object.members.values)))
                next = first
                continue
            }
            while let top = open.indices.last {
                open[top].converted.append(json)
                let done = open[top].converted.count
                guard done == open[top].items.count else {
                    next = open[top].items[done]
                    break
                }
                let finished = open.removeLast()
                if let keys = finished.keys {
                    json = .object(Dictionary(uniqueKeysWithValues: zip(keys, finished.converted)))
                } else {
                    json = .array(finished.converted)
                }
            }
            if open.isEmpty {
                self = json
                return
            }
        }
    }
}
