/// The fields one kind of mapping may have, one case each, in the order messages list them.
protocol FieldName: CaseIterable, Equatable, RawRepresentable<String> where AllCases == [Self] {}

extension FieldName {
    /// The field's name as written in a manifest.
    var name: String { rawValue }

    /// Every field's name, in order.
    static var names: [String] { allCases.map(\.rawValue) }

    /// The field whose name equals `key`'s text, as Swift compares strings.
    static func named(_ key: YAMLTree.NodeID, in tree: YAMLTree) -> Self? {
        Self(rawValue: tree.text(key))
    }

    /// The field's place in ``allCases``.
    var index: Int { Self.allCases.firstIndex(of: self)! }
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
        let index = found[name.index]
        return index < 0 ? nil : tree.entryList[index].value
    }

    /// The position of a field's key, or of the mapping when the field is absent.
    func keyLocation(_ name: Name) -> SourceLocation {
        let index = found[name.index]
        return index < 0 ? location : tree.location(tree.entryList[index].key)
    }
}
