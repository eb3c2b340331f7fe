/// What flagd cannot serve, checked when flagd is among `outputs.servers` (see
/// ``OutputRules``): an integer beyond ±2^53 (an int flag's value, or one inside a json flag's),
/// which flagd, reading JSON numbers as 64-bit floating point, would serve rounded. Every other value of a valid manifest has a flagd
/// variant (json values are always objects, as flagd's object flags need).
struct FlagdRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every int value of `manifest` that flagd cannot serve exactly, each at its number.
    func check(_ manifest: Manifest) {
        for flag in manifest.flags where flag.type == .int || flag.type == .json {
            let verb = flag.type == .json ? "holds" : "is"
            check(
                flag.defaultValue, "the default of flag '\(flag.key)' \(verb)", node: nodes.field(.defaultValue, of: flag),
                at: nodes.location(of: .defaultValue, of: flag))
            if let rollout = flag.rollout {
                check(
                    rollout.value, "the value of the rollout of flag '\(flag.key)' \(verb)", node: nodes.field(.value, ofRolloutOf: flag),
                    at: nodes.location(of: .value, ofRolloutOf: flag))
            }
        }
    }

    /// Reports each number flagd cannot serve in `value`, at the scalar under `node` that
    /// writes it (once each, though aliases repeat it); at `location` when none is found there.
    private func check(_ value: ManifestValue, _ what: String, node: YAMLTree.NodeID?, at location: SourceLocation) {
        guard let first = Self.inexactInteger(in: value) else { return }  // the usual case: nothing to search
        let tree = context.tree
        // The integer a scalar writes, when flagd cannot serve it exactly.
        func inexact(_ scalar: YAMLTree.NodeID) -> Int? {
            guard case .int(let number?) = tree.plainMeaning(scalar), !Self.servesExactly(number) else { return nil }
            return number
        }
        let found = node.map { nodes.scalars(under: $0) { inexact($0) != nil } } ?? []
        guard !found.isEmpty else { return report(first, what, at: location) }
        for scalar in found {
            if let number = inexact(scalar) { report(number, what, at: tree.location(scalar)) }
        }
    }

    /// The first integer in `value` (an int flag's, or anywhere in a json flag's) that flagd
    /// cannot serve exactly.
    static func inexactInteger(in value: ManifestValue) -> Int? {
        switch value {
        case .int(let number): return servesExactly(number) ? nil : number
        case .json(let json): return json.first { $0.intValue.map { !servesExactly($0) } ?? false }?.intValue
        case .bool, .string, .double: return nil
        }
    }

    /// Whether flagd serves `number` exactly: its magnitude is at most 2^53.
    static func servesExactly(_ number: Int) -> Bool {
        number.magnitude <= FlagdSeedEmitter.largestExactInteger.magnitude
    }

    private func report(_ number: Int, _ what: String, at location: SourceLocation) {
        let limit = FlagdSeedEmitter.largestExactInteger
        context.error(
            "\(what) \(number), which flagd cannot serve exactly: flagd reads numbers as 64-bit floating point, exact only "
                + "from -\(limit) to \(limit) (2^53); use a smaller number, or a string flag for large identifiers, "
                + "or leave flagd out of outputs.servers",
            at: location)
    }
}
