/// The names a mapping's fields may have, in the order messages list them.
struct FieldNames {
    let names: [String]

    init(_ names: [String]) {
        self.names = names
    }

    /// The index of the name equal to `key`'s text, as Swift compares strings.
    func index(of key: YAMLTree.NodeID, in tree: YAMLTree) -> Int? {
        names.firstIndex(of: tree.text(key))
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
    let found: [Int]

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
