import FlaggenJSON

/// The keys of many context objects that all have the same keys, such as one per flag.
///
/// Building a dictionary hashes every key it inserts; at 10,000 flags of 13 to 17 keys that is
/// most of the cost of a flag's context. Here the keys are hashed once, into a prototype, and
/// each object starts as a copy of it (the copy keeps the prototype's layout, so no key is
/// hashed again) whose values are then set by position.
struct ObjectShape {
    typealias Object = [String: JSONValue]

    /// Every key, in the order ``object(_:)`` takes values.
    let keys: [String]
    /// Every key with a `null` value.
    private let prototype: Object
    /// Where each of ``keys`` is in ``prototype`` (and in every copy of it).
    private let positions: [Object.Index]

    /// A shape with these keys, which must be distinct.
    init(keys: [String]) {
        var prototype = Object(minimumCapacity: keys.count)
        for key in keys { prototype[key] = .null }
        precondition(prototype.count == keys.count, "an object shape's keys must be distinct")
        self.keys = keys
        self.prototype = prototype
        self.positions = keys.map { prototype.index(forKey: $0)! }
    }

    /// An object with the shape's keys: the first ones with `values`, given in the order of
    /// ``keys`` (debug builds check the keys), the others `null` until ``set(_:_:in:)`` sets them.
    func object(_ values: KeyValuePairs<String, JSONValue>) -> Object {
        assert(values.count <= keys.count && zip(values, keys).allSatisfy { $0.key == $1 }, "keys out of the shape's order")
        var object = prototype
        for (position, value) in zip(positions, values) {
            object.values[position] = value.value
        }
        return object
    }

    /// The position of `key` for ``set(_:_:in:)``; looked up once, not per object.
    func position(of key: String) -> Int {
        guard let position = keys.firstIndex(of: key) else { preconditionFailure("'\(key)' is not a key of this shape") }
        return position
    }

    /// Sets the value of the key at `position` (see ``position(of:)``) in an object that
    /// ``object(_:)`` made.
    func set(_ position: Int, _ value: JSONValue, in object: inout Object) {
        object.values[positions[position]] = value
    }
}
