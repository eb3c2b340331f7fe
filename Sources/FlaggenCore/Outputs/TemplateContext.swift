import FlaggenJSON

/// A template context, wrapped so every list item also carries `isFirst` and `isLast`.
struct TemplateContext: Sendable {
    /// The decorated context, as the renderer reads it.
    let value: JSONValue

    /// Wraps a context given as JSON (such as `flaggen render`'s data), adding `isFirst` and
    /// `isLast` to every object inside an array, so templates can place separators without logic.
    init(_ value: JSONValue) {
        self.value = Self.decoratedIfChanged(value) ?? value
    }

    /// Wraps a context whose lists of objects already carry `isFirst` and `isLast`: the
    /// built-in translators set them as they build each list, which saves walking (and at
    /// 10,000 flags, 0.47 G instructions of hashing) the whole context again. Debug builds, so
    /// every test, check that nothing is missing.
    init(decoratedByTranslator value: JSONValue) {
        assert(Self.decoratedIfChanged(value) == nil, "a translator left a list of objects without isFirst/isLast")
        self.value = value
    }

    /// The decorated value, or nil when decorating changes nothing, so unchanged parts of the
    /// context (most of it: strings, and lists of strings) are shared instead of copied.
    private static func decoratedIfChanged(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let object):
            var changed: [String: JSONValue]?
            for (key, member) in object {
                guard let decoratedMember = decoratedIfChanged(member) else { continue }
                if changed == nil { changed = object }
                changed?[key] = decoratedMember
            }
            return changed.map(JSONValue.object)
        case .array(let items):
            var changed: [JSONValue]?
            for (index, item) in items.enumerated() {
                var decoratedItem = decoratedIfChanged(item)
                if case .object(var object) = decoratedItem ?? item, object["isFirst"] == nil || object["isLast"] == nil {
                    object.reserveCapacity(object.count + 2)
                    object["isFirst"] = object["isFirst"] ?? .bool(index == 0)
                    object["isLast"] = object["isLast"] ?? .bool(index == items.count - 1)
                    decoratedItem = .object(object)
                }
                guard let decoratedItem else { continue }
                if changed == nil { changed = items }
                changed?[index] = decoratedItem
            }
            return changed.map(JSONValue.array)
        default:
            return nil
        }
    }
}

extension JSONValue {
    /// A list of objects for a template, each with its place in the list, `isFirst` and
    /// `isLast`, as ``TemplateContext/init(decoratedByTranslator:)`` expects of the translators.
    static func list(_ objects: consuming [[String: JSONValue]]) -> JSONValue {
        // In place, on objects the list owns: copying each object's dictionary cost 8 M
        // instructions of 1.58 G at 2,500 flags (callgrind).
        var objects = objects
        for index in objects.indices {
            objects[index]["isFirst"] = .bool(index == 0)
            objects[index]["isLast"] = .bool(index == objects.count - 1)
        }
        return .array(objects.map(JSONValue.object))
    }
}
