/// What the PostgreSQL seed cannot store, checked when postgres is among `outputs.servers`
/// (see ``OutputRules``): the character U+0000 (`"\0"` in YAML), which PostgreSQL `text` and
/// `jsonb` refuse, in any string the seed writes: a flag's owner, its description, a string
/// default or rollout value, and any string or key of a json one. Each is reported at the
/// string that holds it.
struct PostgresRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every string of `manifest`'s flags that holds U+0000, at the string.
    func check(_ manifest: Manifest) {
        for flag in manifest.flags {
            if PostgresSeedLiteral.containsNUL(flag.owner) {
                report("the owner of flag '\(flag.key)'", at: nodes.location(of: .owner, of: flag))
            }
            if let description = flag.description, PostgresSeedLiteral.containsNUL(description) {
                report("the description of flag '\(flag.key)'", at: nodes.location(of: .description, of: flag))
            }
            // A valid value's strings and keys are the scalars written under its node, and only
            // a quoted scalar can hold U+0000 (as an escape), so the value's node is searched.
            if let found = nodes.field(.defaultValue, of: flag).flatMap(firstNUL) {
                report("the default of flag '\(flag.key)'", at: nodes.tree.location(found))
            }
            if let found = nodes.field(.value, ofRolloutOf: flag).flatMap(firstNUL) {
                report("the value of the rollout of flag '\(flag.key)'", at: nodes.tree.location(found))
            }
        }
    }

    /// The first string or key at or under `node` that holds U+0000.
    private func firstNUL(under node: YAMLTree.NodeID) -> YAMLTree.NodeID? {
        nodes.firstScalar(under: node, where: PostgresSeedLiteral.containsNUL)
    }

    private func report(_ what: String, at location: SourceLocation) {
        context.error(
            "\(what) contains the character U+0000, which PostgreSQL text and jsonb cannot store; remove it, "
                + "or leave postgres out of outputs.servers",
            at: location)
    }
}
