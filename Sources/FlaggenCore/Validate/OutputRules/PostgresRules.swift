import FlaggenJSON

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
            if Self.containsNUL(flag.defaultValue) {
                report("the default of flag '\(flag.key)'", at: location(of: nodes.field(.defaultValue, of: flag), or: flag.location))
            }
            if let rollout = flag.rollout, Self.containsNUL(rollout.value) {
                report("the value of the rollout of flag '\(flag.key)'", at: location(of: nodes.field(.value, ofRolloutOf: flag), or: rollout.location))
            }
        }
    }

    /// Where the string with U+0000 is written in the value `node`: the node itself for a string,
    /// the string or key inside it for a json value.
    private func location(of node: YAMLTree.NodeID?, or fallback: SourceLocation) -> SourceLocation {
        guard let node else { return fallback }
        return nodes.tree.location(nodes.firstScalar(under: node, where: PostgresSeedLiteral.containsNUL) ?? node)
    }

    /// Whether any string of the value, as the seed writes it, holds U+0000.
    static func containsNUL(_ value: ManifestValue) -> Bool {
        switch value {
        case .string(let text): PostgresSeedLiteral.containsNUL(text)
        case .json(let document): containsNUL(document)
        case .bool, .int, .double: false
        }
    }

    /// Whether any string in a JSON value, object keys included, holds U+0000.
    private static func containsNUL(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): PostgresSeedLiteral.containsNUL(text)
        case .array(let items): items.contains(where: containsNUL)
        case .object(let members): members.contains { PostgresSeedLiteral.containsNUL($0.key) || containsNUL($0.value) }
        default: false
        }
    }

    private func report(_ what: String, at location: SourceLocation) {
        context.error(
            "\(what) contains the character U+0000, which PostgreSQL text and jsonb cannot store; remove it, "
                + "or leave postgres out of outputs.servers",
            at: location)
    }
}
