/// The names a mapping's fields may have, in the order messages list them; at most 16, all ASCII.
struct FieldNames {
    let names: [String]
    /// Every name's bytes, one name after another.
    private let joined: [UInt8]
    /// Where each name starts in `joined`, and its byte count.
    private let starts: [Int]
    private let lengths: [Int]

    init(_ names: [String]) {
        precondition(names.count <= 16 && names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        self.names = names
        joined = names.flatMap { Array($0.utf8) }
        lengths = names.map { $0.utf8.count }
        var starts: [Int] = []
        var start = 0
        for length in lengths {
            starts.append(start)
            start += length
        }
        self.starts = starts
    }

    /// The index of the name equal to `key`'s text, as Swift compares strings.
    ///
    /// The names are ASCII, and an ASCII string equals another string only if that one has the
    /// same bytes or is not ASCII: so bytes decide for ASCII keys, and only a key with other
    /// characters (the Kelvin sign equals "K") is compared as a string.
    func index(of key: YAMLTree.NodeID, in tree: YAMLTree) -> Int? {
        let text = tree.bytes(key)
        let byBytes = joined.withUnsafeBufferPointer { joined -> Int? in
            for index in lengths.indices where lengths[index] == text.count {
                let start = starts[index]
                if text.hasSameBytes(as: UnsafeBufferPointer(rebasing: joined[start..<start + text.count])) { return index }
            }
            return nil
        }
        if let byBytes { return byBytes }
        if !tree.isASCII(key) {
            return names.firstIndex(of: tree.text(key))
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
