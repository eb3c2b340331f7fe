import Mustache

/// The keys of many context objects that all have the same keys, such as one per flag.
///
/// The objects share one ``MustacheShape``, so the renderer finds the slot of each name once
/// for all of them, and each object is just its values, written once, in the order of
/// ``keys``: no key is hashed per object, and no per-object hash table is built (at 10,000
/// flags, the per-flag dictionaries this replaced took 27 MB and most of the render's time).
struct ObjectShape {
    /// The shape the objects share.
    let shape: MustacheShape

    /// Every key, in the order of the positions ``object(_:)-(Int)`` asks values for.
    var keys: [String] { shape.keys }

    /// A shape with these keys, which must be distinct.
    init(keys: [String]) {
        shape = MustacheShape(keys: keys)
    }

    /// An object with the shape's keys, the value of each `value(position)` for the key's
    /// position in ``keys``. `value` is called once per key, in order.
    @inline(__always)
    func object(_ value: (Int) -> MustacheValue) -> MustacheObject {
        MustacheObject(shape: shape, values: (0..<shape.keys.count).map(value))
    }

    /// An object with the shape's keys: the first ones with `values`, given in the order of
    /// ``keys`` (debug builds check the keys), the others `null`.
    func object(_ values: KeyValuePairs<String, MustacheValue>) -> MustacheObject {
        assert(values.count <= keys.count && zip(values, keys).allSatisfy { $0.key == $1 }, "keys out of the shape's order")
        return object { $0 < values.count ? values[$0].value : .null }
    }

    /// The position of `key` in ``keys``.
    func position(of key: String) -> Int {
        guard let position = keys.firstIndex(of: key) else { preconditionFailure("'\(key)' is not a key of this shape") }
        return position
    }
}
