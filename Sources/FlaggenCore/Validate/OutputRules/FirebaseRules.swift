/// What a Firebase Remote Config template cannot hold, checked when firebase is among
/// `outputs.servers` (see ``OutputRules``), with Firebase's limits
/// (``FirebaseSeedEmitter/Limits``, https://firebase.google.com/docs/remote-config/quotas-limits):
///
/// - a `minAppVersion` with a pre-release part: `app.version` compares dot-separated numbers;
/// - a flag key longer than 256 characters, or, for a flag with a rollout, longer than its
///   condition's name allows (`flaggen_rollout_` and the key, at most 100 characters);
/// - more than 3,000 flags (parameters), more than 2,000 rollouts (conditions), and values of
///   more than 1,000,000 characters in all, each reported once, where the count passes the limit.
///
/// The length of the template's version description depends on where the manifest is, not on
/// what it says, so `Generate` checks it (see ``FirebaseSeedEmitter/versionDescription(_:)``).
struct FirebaseRules {
    typealias Limits = FirebaseSeedEmitter.Limits

    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports everything of `manifest` that a Firebase template cannot hold.
    func check(_ manifest: Manifest) {
        let rolloutCount = manifest.flags.count(where: { $0.rollout != nil })
        var rollouts = 0
        for (index, flag) in manifest.flags.enumerated() {
            if index == Limits.parameters { reportTooManyParameters(at: flag, count: manifest.flags.count) }
            checkKey(of: flag)
            guard let rollout = flag.rollout else { continue }
            rollouts += 1
            if rollouts == Limits.conditions + 1 { reportTooManyConditions(at: flag, count: rolloutCount) }
            if let version = rollout.minAppVersion, !version.prerelease.isEmpty {
                context.error(
                    "minAppVersion \(version) of the rollout of flag '\(flag.key)' has a pre-release part, which Firebase's app.version "
                        + "comparison cannot express (it compares dot-separated numbers only); use a release version such as "
                        + "\(version.major).\(version.minor).\(version.patch), or leave firebase out of outputs.servers",
                    at: nodes.location(of: .minAppVersion, ofRolloutOf: flag))
            }
        }
        checkValueLength(of: manifest)
    }

    /// The template's values, as ``FirebaseSeedEmitter`` writes them, hold at most 1,000,000
    /// characters (UTF-16 code units) together; reported at the value that passes the limit.
    private func checkValueLength(of manifest: Manifest) {
        func length(_ value: ManifestValue) -> Int { FirebaseSeedEmitter.value(value).utf16.count }
        let total = manifest.flags.reduce(0) { $0 + length($1.defaultValue) + ($1.rollout.map { length($0.value) } ?? 0) }
        guard total > Limits.totalValueLength else { return }
        var sum = 0
        for flag in manifest.flags {
            sum += length(flag.defaultValue)
            if sum > Limits.totalValueLength {
                return reportValueLength(total, passedBy: "the default of flag '\(flag.key)'", at: nodes.location(of: .defaultValue, of: flag))
            }
            guard let rollout = flag.rollout else { continue }
            sum += length(rollout.value)
            if sum > Limits.totalValueLength {
                return reportValueLength(
                    total, passedBy: "the value of the rollout of flag '\(flag.key)'", at: nodes.location(of: .value, ofRolloutOf: flag))
            }
        }
    }

    /// A parameter key holds at most 256 characters, and a rollout's condition name, the key
    /// after `flaggen_rollout_`, at most 100. Manifest keys always have Firebase's form.
    private func checkKey(of flag: FlagDefinition) {
        let length = flag.key.utf16.count
        if length > Limits.keyLength {
            context.error(
                "flag key '\(flag.key)' is \(length) characters long, but Firebase Remote Config keys hold at most "
                    + "\(Limits.keyLength); pick a shorter key, or leave firebase out of outputs.servers",
                at: flag.location)
        } else if flag.rollout != nil, FirebaseSeedCondition.namePrefix.utf16.count + length > Limits.conditionNameLength {
            let longest = Limits.conditionNameLength - FirebaseSeedCondition.namePrefix.utf16.count
            context.error(
                "flag key '\(flag.key)' is \(length) characters long, too long for the name of the Firebase condition of its "
                    + "rollout ('\(FirebaseSeedCondition.namePrefix)' and the key, at most \(Limits.conditionNameLength) characters); "
                    + "pick a key of at most \(longest) characters, or leave firebase out of outputs.servers",
                at: flag.location)
        }
    }

    private func reportTooManyParameters(at flag: FlagDefinition, count: Int) {
        context.error(
            "flag '\(flag.key)' is flag number \(Limits.parameters + 1) of \(count), but a Firebase Remote Config template holds "
                + "at most \(Limits.parameters) parameters; split the flags into manifests of at most \(Limits.parameters) "
                + "(one Firebase project each), or leave firebase out of outputs.servers",
            at: flag.location)
    }

    private func reportTooManyConditions(at flag: FlagDefinition, count: Int) {
        context.error(
            "the rollout of flag '\(flag.key)' is rollout number \(Limits.conditions + 1) of \(count), but a Firebase project "
                + "holds at most \(Limits.conditions) conditions (those made in the console count too); remove finished "
                + "rollouts from the manifest, or leave firebase out of outputs.servers",
            at: nodes.location(of: .rollout, of: flag))
    }

    private func reportValueLength(_ total: Int, passedBy what: String, at location: SourceLocation) {
        context.error(
            "the flags' values add up to \(total) characters, but a Firebase Remote Config template holds at most "
                + "\(Limits.totalValueLength), which \(what) passes; make the large values smaller, "
                + "or leave firebase out of outputs.servers",
            at: location)
    }
}
