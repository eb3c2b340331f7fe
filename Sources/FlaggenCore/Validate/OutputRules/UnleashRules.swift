/// What Unleash cannot express, checked when unleash is among `outputs.servers` (see
/// ``OutputRules``), both reported at the rollout's `percent`:
///
/// - a rollout Unleash writes as strategies whose share is not a whole percent: Unleash
///   rollouts are whole percents, and its engine reads `"12.5"` as 0 percent;
/// - a bool flag that defaults to true with a rollout that serves false to a share strictly
///   between 0 and 100 percent: Unleash strategies can only turn a feature on for a share.
///
/// A rollout that serves the flag's default becomes no strategy at all
/// (``UnleashSeedEmitter``), so its percent does not matter.
struct UnleashRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every rollout of `manifest` that Unleash cannot express, at its `percent`.
    func check(_ manifest: Manifest) {
        for flag in manifest.flags {
            guard let rollout = flag.rollout else { continue }
            if case .bool(let defaultValue) = flag.defaultValue {
                if rollout.value == flag.defaultValue { continue }
                if defaultValue {
                    if UnleashStrategies.isPartial(rollout) { reportTurnedOffForAShare(flag, rollout) }
                    continue
                }
            }
            if rollout.basisPoints % 100 != 0 { reportNotWhole(flag, rollout) }
        }
    }

    private func reportNotWhole(_ flag: FlagDefinition, _ rollout: Rollout) {
        let lower = rollout.basisPoints / 100
        context.error(
            "percent of the rollout of flag '\(flag.key)' is \(rollout.percentText), but Unleash rollouts are whole percents "
                + "(Unleash's engine reads \(rollout.percentText) as 0 percent); use percent: \(lower) or \(lower + 1), "
                + "or leave unleash out of outputs.servers",
            at: nodes.location(of: .percent, ofRolloutOf: flag))
    }

    private func reportTurnedOffForAShare(_ flag: FlagDefinition, _ rollout: Rollout) {
        context.error(
            "the rollout of flag '\(flag.key)' turns a flag that defaults to true off for \(rollout.percentText) percent of users, "
                + "and Unleash rollouts can only turn a feature on for a share; invert the flag (default: false, a rollout "
                + "that serves true), use percent 0 or 100, or leave unleash out of outputs.servers",
            at: nodes.location(of: .percent, ofRolloutOf: flag))
    }
}
