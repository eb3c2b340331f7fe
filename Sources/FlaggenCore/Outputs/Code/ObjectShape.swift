import Mustache

/// The keys of many context objects that all have the same keys, such as one per flag: the
/// translators name each key once and give the values by position.
struct ObjectShape {
    /// Every key, in the order of the positions ``object(_:)-(Int)`` asks values for.
    let keys: [String]

    /// A shape with these keys, which must be distinct.
    init(keys: [String]) {
        precondition(Set(keys).count == keys.count, "a shape's keys must be distinct")
        self.keys = keys
    }

    /// An object with the shape's keys, the value of each `value(position)` for the key's
    /// position in ``keys``. `value` is called once per key, in order.
    func object(_ value: (Int) -> MustacheValue) -> MustacheObject {
        var members: [String: MustacheValue] = [:]
        members.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { members[key] = value(position) }
        return MustacheObject(members)
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
