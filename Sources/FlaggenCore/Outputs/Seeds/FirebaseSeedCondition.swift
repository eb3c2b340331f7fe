/// The Firebase Remote Config condition for a flag's rollout: a name and an expression in
/// Firebase's condition syntax (https://firebase.google.com/docs/remote-config/condition-reference).
///
/// The expression is a conjunction (` && `) of these clauses, in this order, each only when the
/// rollout needs it:
///
/// | Clause | When |
/// |---|---|
/// | `device.os == 'ios'` (or `'android'`) | the rollout names one platform |
/// | `app.version.>=(['2.4.0'])` | the rollout has a `minAppVersion` |
/// | `app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 1000` | the rollout is below 100 percent |
/// | `percent <= 100` | none of the above: the rule serves everyone |
///
/// The app sends its account-stable bucket as the custom signal `rollout_bucket`; a signal that
/// is missing makes the clause false, and the `>= 0` clause keeps out an app that sends -1 for
/// "no stable ID". See docs/server-seeds.md.
struct FirebaseSeedCondition: Sendable, Hashable {
    /// The custom signal that carries the app's rollout bucket, 0...9999.
    static let bucketSignal = "rollout_bucket"

    /// What condition names start with, so flaggen's conditions stand apart in the console.
    static let namePrefix = "flaggen_rollout_"

    /// The condition's name, unique in the template: `flaggen_rollout_<flag key>`.
    var name: String
    /// The condition expression.
    var expression: String

    /// The condition for a flag's rollout.
    init(flagKey: String, rollout: Rollout) {
        name = Self.namePrefix + flagKey
        expression = Self.clauses(for: rollout).joined(separator: " && ")
    }

    /// The clauses of a rollout's expression; never empty.
    static func clauses(for rollout: Rollout) -> [String] {
        var clauses: [String] = []
        let platforms = CanonicalSeedValue.platforms(of: rollout)
        if platforms.count == 1, let platform = platforms.first {
            clauses.append("device.os == '\(platform.rawValue)'")
        }
        if let version = rollout.minAppVersion {
            clauses.append("app.version.>=(['\(version.major).\(version.minor).\(version.patch)'])")
        }
        if rollout.basisPoints < Rollout.everyone {
            let signal = "app.customSignal['\(bucketSignal)']"
            clauses.append("\(signal) >= 0")
            clauses.append("\(signal) < \(max(0, rollout.basisPoints))")
        }
        if clauses.isEmpty {
            clauses.append("percent <= 100")
        }
        return clauses
    }
}
