/// What flagd cannot serve, checked when flagd is among `outputs.servers` (see
/// ``OutputRules``): an `int` beyond ±2^53, which flagd, reading JSON numbers as 64-bit
/// floating point, would serve rounded. Every other value of a valid manifest has a flagd
/// variant (json values are always objects, as flagd's object flags need).
struct FlagdRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every int value of `manifest` that flagd cannot serve exactly.
    func check(_ manifest: Manifest) {
        for flag in manifest.flags where flag.type == .int {
            if case .int(let number) = flag.defaultValue, !Self.servesExactly(number) {
                report(number, "the default of flag '\(flag.key)'", at: nodes.location(of: .defaultValue, of: flag))
            }
            if let rollout = flag.rollout, case .int(let number) = rollout.value, !Self.servesExactly(number) {
                report(number, "the value of the rollout of flag '\(flag.key)'", at: nodes.location(of: .value, ofRolloutOf: flag))
            }
        }
    }

    /// Whether flagd serves `number` exactly: its magnitude is at most 2^53.
    static func servesExactly(_ number: Int) -> Bool {
        number.magnitude <= FlagdSeedEmitter.largestExactInteger.magnitude
    }

    private func report(_ number: Int, _ what: String, at location: SourceLocation) {
        let limit = FlagdSeedEmitter.largestExactInteger
        context.error(
            "\(what) is \(number), which flagd cannot serve exactly: flagd reads numbers as 64-bit floating point, exact only "
                + "from -\(limit) to \(limit) (2^53); use a smaller number, or a string flag for large identifiers, "
                + "or leave flagd out of outputs.servers",
            at: location)
    }
}
