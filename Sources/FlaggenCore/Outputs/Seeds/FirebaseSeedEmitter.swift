import FlaggenJSON

/// The Firebase Remote Config seed, `remoteconfig.template.json`: a client template in the REST
/// API's shape, deployable with `firebase deploy --only remoteconfig`.
///
/// Each flag is a parameter keyed by its flag key, with its default as a string value (Firebase
/// values are strings), a `valueType`, a one-line description, and, for a rollout, a conditional
/// value under a condition named `flaggen_rollout_<key>` (see ``FirebaseSeedCondition``). The
/// header goes into `version.description`, the one free-text field of a template that is not a
/// parameter's. See docs/server-seeds.md.
///
/// What Firebase cannot hold (its limits below, pre-release versions) is refused by validation
/// when firebase is among `outputs.servers` (``FirebaseRules``), so the emitter never refuses a
/// manifest: given one that leaves firebase out and breaks a limit, it writes a template that
/// Firebase would refuse on deploy, and a pre-release `minAppVersion` as its release version.
struct FirebaseSeedEmitter: Sendable {
    /// The seed's file name inside the seeds folder.
    static let fileName = "remoteconfig.template.json"

    /// The custom signal the app sets to its rollout bucket, 0...9999, for rollout conditions.
    static let bucketSignal = FirebaseSeedCondition.bucketSignal

    /// The flag key the app hashes with its stable ID to get the bucket it sends as
    /// ``bucketSignal``: one bucket for every flag, as the design seeds describe
    /// (`Bucket.of(stableID:flagKey: "all")`).
    static let bucketSignalFlagKey = "all"

    /// Firebase's documented limits (https://firebase.google.com/docs/remote-config/quotas-limits).
    enum Limits {
        /// Parameters in a client template.
        static let parameters = 3_000
        /// Conditions in a project.
        static let conditions = 2_000
        /// Characters in a parameter key.
        static let keyLength = 256
        /// Characters in a condition name, in the console or the API.
        static let conditionNameLength = 100
        /// Characters in all parameter values together, counted in UTF-16 code units.
        static let totalValueLength = 1_000_000
        /// Characters in the template version's description.
        static let versionDescriptionLength = 1_024
    }

    /// Files with paths relative to the seeds folder: `remoteconfig.template.json`.
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        var conditions: [JSONValue] = []
        var parameters: [String: JSONValue] = [:]
        for flag in manifest.flags {
            var parameter: [String: JSONValue] = [
                "defaultValue": .object(["value": .string(Self.value(flag.defaultValue))]),
                "valueType": .string(Self.valueType(flag.type)),
                "description": .string(FirebaseSeedDescription.text(for: flag)),
            ]
            if let rollout = flag.rollout {
                let condition = FirebaseSeedCondition(flagKey: flag.key, rollout: rollout)
                conditions.append(.object(["name": .string(condition.name), "expression": .string(condition.expression)]))
                parameter["conditionalValues"] = .object([condition.name: .object(["value": .string(Self.value(rollout.value))])])
            }
            parameters[flag.key] = .object(parameter)
        }
        let template = JSONValue.object([
            "conditions": .array(conditions),
            "parameters": .object(parameters),
            "version": .object(["description": .string(Self.versionDescription(header) ?? header.lines[0])]),
        ])
        return [GeneratedFile(path: Self.fileName, contents: ValidatedJSON.fileBytes(template))]
    }

    // MARK: - Values

    /// The Remote Config value type of a flag type.
    static func valueType(_ type: FlagType) -> String {
        switch type {
        case .bool: "BOOLEAN"
        case .string: "STRING"
        case .int, .double: "NUMBER"
        case .json: "JSON"
        }
    }

    /// A value as Remote Config text: `true`/`false`, the string itself, a plain decimal number,
    /// or compact JSON. ``FirebaseRules`` counts the template's characters with it.
    static func value(_ value: ManifestValue) -> String {
        switch value {
        case .bool(let on): on ? "true" : "false"
        case .string(let text): text
        case .int(let number): FirebaseSeedNumber.text(number)
        case .double(let number): FirebaseSeedNumber.text(number)
        case .json(let document): ValidatedJSON.compact(document)
        }
    }

    /// The header, as the version description (see ``GeneratedFileOwner``): whole when it fits
    /// Firebase's limit, else its first sentence, which names the manifest. Nil when even that
    /// does not fit, since flaggen could not recognize the file: `Generate` refuses to write the
    /// seed then (the emitter writes the first sentence regardless).
    static func versionDescription(_ header: GeneratedHeader) -> String? {
        [header.text, header.lines[0]].first { $0.utf16.count <= Limits.versionDescriptionLength }
    }
}
