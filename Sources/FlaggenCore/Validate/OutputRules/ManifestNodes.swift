/// Finds the YAML nodes that hold what a ``Manifest`` read, so an output rule reports at the
/// value it refuses (the `percent`, the `minAppVersion`, the string with U+0000, the path under
/// `outputs`) rather than at the flag as a whole.
///
/// A flag is found by where its key is written (``FlagDefinition/location``), a field by its
/// name. The index of the flags is built on first use: most manifests break no output rule.
final class ManifestNodes {
    typealias Node = YAMLTree.NodeID

    /// The document the manifest was read from.
    let tree: YAMLTree
    /// Each flag's mapping, by the location of its key.
    private var flagsByKeyLocation: [SourceLocation: Node]?

    init(tree: YAMLTree) {
        self.tree = tree
    }

    /// The value of a top-level field, when the manifest writes it.
    func topLevel(_ field: TopLevelField) -> Node? {
        value(of: field, in: tree.root)
    }

    /// The key of a top-level field (`flags:`), when the manifest writes it: where a rule about
    /// the field as a whole reports.
    func topLevelKey(_ field: TopLevelField) -> Node? {
        tree.entries(tree.root).first { TopLevelField(rawValue: tree.text($0.key)) == field }?.key
    }

    /// The value of an `outputs` entry, when the manifest writes it.
    func output(_ field: OutputField) -> Node? {
        topLevel(.outputs).flatMap { value(of: field, in: $0) }
    }

    /// The value of one of the flag's fields, when the flag writes it.
    func field(_ field: FlagField, of flag: FlagDefinition) -> Node? {
        mapping(of: flag).flatMap { value(of: field, in: $0) }
    }

    /// The value of one of the fields of the flag's rollout, when the rollout writes it.
    func field(_ field: RolloutField, ofRolloutOf flag: FlagDefinition) -> Node? {
        self.field(.rollout, of: flag).flatMap { value(of: field, in: $0) }
    }

    /// Where the flag's field is written; the flag's key when it is not.
    func location(of field: FlagField, of flag: FlagDefinition) -> SourceLocation {
        self.field(field, of: flag).map(tree.location) ?? flag.location
    }

    /// Where a field of the flag's rollout is written; the rollout when it is not.
    func location(of field: RolloutField, ofRolloutOf flag: FlagDefinition) -> SourceLocation {
        self.field(field, ofRolloutOf: flag).map(tree.location) ?? flag.rollout?.location ?? flag.location
    }

    /// The first scalar at or under `node`, keys included, whose text passes `test`: the string
    /// inside a json value that a rule refuses. Aliases are followed (the parser bounds them).
    func firstScalar(under node: Node, where test: (String) -> Bool) -> Node? {
        switch tree.kind(node) {
        case .scalar:
            return test(tree.text(node)) ? node : nil
        case .sequence:
            for item in tree.items(node) {
                if let found = firstScalar(under: item, where: test) { return found }
            }
            return nil
        case .mapping:
            for entry in tree.entries(node) {
                if test(tree.text(entry.key)) { return entry.key }
                if let found = firstScalar(under: entry.value, where: test) { return found }
            }
            return nil
        }
    }

    // MARK: - Lookups

    /// The flag's mapping: the value of the `flags` entry whose key is at the flag's location.
    private func mapping(of flag: FlagDefinition) -> Node? {
        if flagsByKeyLocation == nil {
            var index: [SourceLocation: Node] = [:]
            if let flags = topLevel(.flags) {
                for entry in tree.entries(flags) { index[tree.location(entry.key)] = entry.value }
            }
            flagsByKeyLocation = index
        }
        return flagsByKeyLocation?[flag.location]
    }

    /// The value of the first entry of `mapping` whose key is `field`'s name.
    private func value<Name: FieldName>(of field: Name, in mapping: Node) -> Node? {
        tree.entries(mapping).first { Name(rawValue: tree.text($0.key)) == field }?.value
    }
}
