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

    /// Every scalar at or under `node` (mapping keys too with `keys`) that passes `test`, in
    /// document order, each once though aliases repeat it: the numbers or strings inside a value
    /// that a rule refuses. Iterative: the depth costs no stack.
    func scalars(under node: Node, keys: Bool = false, where test: (Node) -> Bool) -> [Node] {
        var found: [Node] = []
        var seen: Set<Int> = []
        var pending = [node]
        while let next = pending.popLast() {
            switch tree.kind(next) {
            case .scalar:
                if seen.insert(next.index).inserted, test(next) { found.append(next) }
            case .sequence:
                pending += tree.items(next).reversed()
            case .mapping:
                pending += tree.entries(next).flatMap { keys ? [$0.key, $0.value] : [$0.value] }.reversed()
            }
        }
        return found
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
