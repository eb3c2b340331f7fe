/// The names a mapping's fields may have, in the order messages list them; at most 16, all ASCII.
struct FieldNames {
    let names: [String]
    private let bytes: [[UInt8]]
    /// For a key of fewer than ``shortLength`` bytes, by its byte count and first byte (ASCII):
    /// the index of the one name that has both, ``noName`` when none has, or ``severalNames``.
    private let byCountAndFirstByte: [Int8]

    private static let shortLength = 32
    private static let noName: Int8 = -1
    private static let severalNames: Int8 = -2

    init(_ names: [String]) {
        precondition(names.count <= 16 && names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        self.names = names
        bytes = names.map { Array($0.utf8) }
        var table = [Int8](repeating: Self.noName, count: Self.shortLength << 7)
        for (index, name) in bytes.enumerated() where !name.isEmpty && name.count < Self.shortLength {
            let slot = Self.slot(count: name.count, first: name[0])
            table[slot] = table[slot] == Self.noName ? Int8(index) : Self.severalNames
        }
        byCountAndFirstByte = table
    }

    private static func slot(count: Int, first: UInt8) -> Int { count << 7 | Int(first) }

    /// The index of the name equal to `key`'s text, as Swift compares strings.
    ///
    /// The names are ASCII, and an ASCII string equals another string only if that one has the
    /// same bytes or is not ASCII: so bytes decide for ASCII keys, and only a key with other
    /// characters (the Kelvin sign equals "K") is compared as a string.
    func index(of key: YAMLTree.NodeID, in tree: YAMLTree) -> Int? {
        let text = tree.bytes(key)
        if let byBytes = indexBySameBytes(text) { return byBytes }
        if !tree.isASCII(key) {
            return names.firstIndex(of: tree.text(key))
        }
        return nil
    }

    /// The index of the name with exactly `text`'s bytes. A short key that starts with an ASCII
    /// byte is looked up by its byte count and first byte, so it is compared with one name at most.
    private func indexBySameBytes(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        if !text.isEmpty, text.count < Self.shortLength, text[0] < 0x80 {
            let candidate = byCountAndFirstByte[Self.slot(count: text.count, first: text[0])]
            if candidate == Self.noName { return nil }
            if candidate >= 0 { return text.hasSameBytes(as: bytes[Int(candidate)]) ? Int(candidate) : nil }
        }
        for index in bytes.indices where text.hasSameBytes(as: bytes[index]) {
            return index
        }
        return nil
    }
}

/// The fields one kind of mapping may have, one case each, numbered in the order of ``known``.
protocol FieldName: RawRepresentable<Int> {
    static var known: FieldNames { get }
}

extension FieldName {
    /// The field's name as written in a manifest.
    var name: String { Self.known.names[rawValue] }
}

/// The fields of one mapping, looked up by ``FieldName``.
///
/// Where each field is was found once, when the fields were read, so a lookup is an index.
struct Fields<Name: FieldName> {
    let tree: YAMLTree
    let location: SourceLocation
    /// For each field, the index of its entry in the tree's entries, or -1 when it is absent.
    let found: SIMD16<Int>

    subscript(_ name: Name) -> YAMLTree.NodeID? {
        let index = found[name.rawValue]
        return index < 0 ? nil : tree.entryList[index].value
    }

    /// The position of a field's key, or of the mapping when the field is absent.
    func keyLocation(_ name: Name) -> SourceLocation {
        let index = found[name.rawValue]
        return index < 0 ? location : tree.location(tree.entryList[index].key)
    }
}
