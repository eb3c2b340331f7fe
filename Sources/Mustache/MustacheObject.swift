/// The keys of objects that all have the same keys, such as one context object per flag, and
/// the slot each key's value has in them.
///
/// A class, so that objects share it: at 10,000 flags a hash table of keys per flag object took
/// 27 MB (half of `generate`'s peak) and much of the render's time; with one shared shape an
/// object is just its values.
public final class MustacheShape: Sendable {
    /// The keys, in slot order.
    public let keys: [String]
    /// Each key's slot.
    private let slots: [String: Int]

    /// A shape with these keys, which must be distinct (as Swift strings: canonically equivalent
    /// keys are the same key).
    public init(keys: [String]) {
        var slots = [String: Int](minimumCapacity: keys.count)
        for (slot, key) in keys.enumerated() {
            precondition(slots.updateValue(slot, forKey: key) == nil, "a shape's keys must be distinct; '\(key)' is there twice")
        }
        self.keys = keys
        self.slots = slots
    }

    /// The slot of `key`, or `nil` when the shape has no such key.
    @inline(__always)
    public func slot(of key: String) -> Int? {
        slots[key]
    }
}

/// An object of template data: a ``MustacheShape`` and one value per key of it.
///
/// Build the objects of a list from one shape (``init(shape:values:)``); a dictionary literal
/// makes an object with a shape of its own, which suits objects made once.
public struct MustacheObject: Sendable, ExpressibleByDictionaryLiteral {
    /// The object's keys.
    public private(set) var shape: MustacheShape
    /// The value of each of ``shape``'s keys, in its slot order.
    public private(set) var values: [MustacheValue]

    /// An object with `shape`'s keys and `values` in their order; there must be one value per key.
    public init(shape: MustacheShape, values: [MustacheValue]) {
        precondition(values.count == shape.keys.count, "an object needs one value per key of its shape")
        self.shape = shape
        self.values = values
    }

    /// An object with these members, and a shape of its own. Keys must be distinct.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(shape: MustacheShape(keys: elements.map(\.0)), values: elements.map(\.1))
    }

    /// How many members the object has.
    public var count: Int { values.count }

    /// The value of `key`, or `nil` when there is none. Setting a value for a new key, or `nil`,
    /// gives the object a new shape of its own (so do it only for objects made once).
    public subscript(key: String) -> MustacheValue? {
        get {
            shape.slot(of: key).map { values[$0] }
        }
        set {
            switch (shape.slot(of: key), newValue) {
            case (let slot?, let value?):
                values[slot] = value
            case (nil, let value?):
                shape = MustacheShape(keys: shape.keys + [key])
                values.append(value)
            case (let slot?, nil):
                var keys = shape.keys
                keys.remove(at: slot)
                shape = MustacheShape(keys: keys)
                values.remove(at: slot)
            case (nil, nil):
                break
            }
        }
    }
}
