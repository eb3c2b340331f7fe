/// The fields one kind of mapping may have, one case each, in the order messages list them.
protocol FieldName: CaseIterable, Equatable, RawRepresentable<String> {}

extension FieldName {
    /// The field's name as written in a manifest.
    var name: String { rawValue }

    /// Every field's name, in order.
    static var names: [String] { allCases.map(\.rawValue) }
}

/// The fields of one mapping, looked up by ``FieldName``.
struct Fields<Name: FieldName> {
    let tree: YAMLTree
    let location: SourceLocation
    /// Each field the mapping has, with its (first) entry.
    let found: [(field: Name, entry: YAMLTree.Entry)]

    subscript(_ name: Name) -> YAMLTree.NodeID? {
        found.first { $0.field == name }?.entry.value
    }

    /// The position of a field's key, or of the mapping when the field is absent.
    func keyLocation(_ name: Name) -> SourceLocation {
        found.first { $0.field == name }.map { tree.location($0.entry.key) } ?? location
    }
}
