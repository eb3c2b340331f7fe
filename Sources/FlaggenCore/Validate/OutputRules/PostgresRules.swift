/// What the PostgreSQL seed cannot store, checked when postgres is among `outputs.servers`
/// (see ``OutputRules``): a flag key longer than its table's index holds, and the character U+0000 (`"\0"` in YAML), which PostgreSQL `text` and
/// `jsonb` refuse, in any string the seed writes: a flag's owner, its description, a string
/// default or rollout value, and any string or key of a json one. Each is reported at the
/// string that holds it.
struct PostgresRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// The most bytes of a flag key: the seed's table is keyed by it, and a btree index entry
    /// holds at most 2,704 bytes (a third of a page), its header included.
    static let maxKeyBytes = 2_600

    /// Reports every string of `manifest`'s flags that holds U+0000, at the string, and every
    /// key too long for the table's index.
    func check(_ manifest: Manifest) {
        for flag in manifest.flags {
            if flag.key.utf8.count > Self.maxKeyBytes {
                context.error(
                    "flag key '\(flag.key)' is \(flag.key.utf8.count) bytes long, more than the 2,600 a PostgreSQL index "
                        + "entry of the seed's flags table holds; pick a shorter key, or leave postgres out of outputs.servers",
                    at: flag.location)
            }
            if PostgresSeedLiteral.containsNUL(flag.owner) {
                report("the owner of flag '\(flag.key)'", at: nodes.location(of: .owner, of: flag))
            }
            if let description = flag.description, PostgresSeedLiteral.containsNUL(description) {
                report("the description of flag '\(flag.key)'", at: nodes.location(of: .description, of: flag))
            }
            // A valid value's strings and keys are the scalars written under its node, and only
            // a quoted scalar can hold U+0000 (as an escape), so the value's node is searched.
            for found in nodes.field(.defaultValue, of: flag).map(stringsWithNUL) ?? [] {
                report("the default of flag '\(flag.key)'", at: nodes.tree.location(found))
            }
            for found in nodes.field(.value, ofRolloutOf: flag).map(stringsWithNUL) ?? [] {
                report("the value of the rollout of flag '\(flag.key)'", at: nodes.tree.location(found))
            }
        }
    }

    /// Every string or key at or under `node` that holds U+0000.
    private func stringsWithNUL(under node: YAMLTree.NodeID) -> [YAMLTree.NodeID] {
        nodes.scalars(under: node, keys: true) { PostgresSeedLiteral.containsNUL(nodes.tree.text($0)) }
    }

    private func report(_ what: String, at location: SourceLocation) {
        context.error(
            "\(what) contains the character U+0000, which PostgreSQL text and jsonb cannot store; remove it, "
                + "or leave postgres out of outputs.servers",
            at: location)
    }
}
