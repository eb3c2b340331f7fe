import FlaggenJSON

/// The keys of many context objects that all have the same keys, such as one per flag.
///
/// Building a dictionary hashes every key it inserts; at 10,000 flags of 13 to 17 keys that is
/// most of the cost of a flag's context. Here the keys are hashed once, into a prototype, and
/// each object is made from it by `mapValues`, which keeps the prototype's layout (no key is
/// hashed again) and writes each value once, straight into the new storage: no copy of the
/// prototype's values to overwrite one by one afterwards, each write checking the storage.
struct ObjectShape {
    typealias Object = [String: JSONValue]

    /// Every key, in the order of the positions ``object(_:)-(Int)`` asks values for.
    let keys: [String]
    /// Every key, with its position in ``keys`` as its value (`.int`).
    private let prototype: Object

    /// A shape with these keys, which must be distinct.
    init(keys: [String]) {
        var prototype = Object(minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { prototype[key] = .int(position) }
        precondition(prototype.count == keys.count, "an object shape's keys must be distinct")
        self.keys = keys
        self.prototype = prototype
    }

    /// An object with the shape's keys, the value of each `value(position)` for the key's
    /// position in ``keys``. `value` is called once per key, in no particular order.
    @inline(__always)
    func object(_ value: (Int) -> JSONValue) -> Object {
        prototype.mapValues { position in
            guard case .int(let position) = position else { preconditionFailure("an object shape's prototype holds positions") }
            return value(position)
        }
    }

    /// An object with the shape's keys: the first ones with `values`, given in the order of
    /// ``keys`` (debug builds check the keys), the others `null`.
    func object(_ values: KeyValuePairs<String, JSONValue>) -> Object {
        assert(values.count <= keys.count && zip(values, keys).allSatisfy { $0.key == $1 }, "keys out of the shape's order")
        return object { $0 < values.count ? values[$0].value : .null }
    }

    /// The position of `key` in ``keys``.
    func position(of key: String) -> Int {
        guard let position = keys.firstIndex(of: key) else { preconditionFailure("'\(key)' is not a key of this shape") }
        return position
    }
}
