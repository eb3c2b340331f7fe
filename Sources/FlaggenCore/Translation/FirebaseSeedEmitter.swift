import FlaggenJSON

/// The Firebase Remote Config seed, `remoteconfig.template.json`: a client template in the REST
/// API's shape, deployable with `firebase deploy --only remoteconfig`.
///
/// Each flag is a parameter keyed by its flag key, with its default as a string value (Firebase
/// values are strings), a `valueType`, a one-line description, and, for a rollout, a conditional
/// value under a condition named `flaggen_rollout_<key>` (see ``FirebaseSeedCondition``). The
/// header goes into `version.description`, the one free-text field of a template that is not a
/// parameter's. What Firebase cannot hold throws an ``EmitError``. See docs/server-seeds.md.
public struct FirebaseSeedEmitter: Sendable {
    /// The seed's file name inside the seeds folder.
    public static let fileName = "remoteconfig.template.json"

    /// The custom signal the app sets to its rollout bucket, 0...9999, for rollout conditions.
    public static let bucketSignal = FirebaseSeedCondition.bucketSignal

    /// The flag key the app hashes with its stable ID to get the bucket it sends as
    /// ``bucketSignal``: one bucket for every flag, as the design seeds describe
    /// (`Bucket.of(stableID:flagKey: "all")`).
    public static let bucketSignalFlagKey = "all"

    /// Firebase's documented limits (https://firebase.google.com/docs/remote-config/quotas-limits).
    public enum Limits {
        /// Parameters in a client template.
        public static let parameters = 3_000
        /// Conditions in a project.
        public static let conditions = 2_000
        /// Characters in a parameter key.
        public static let keyLength = 256
        /// Characters in a condition name (the console's limit).
        public static let conditionNameLength = 256
        /// Characters in all parameter values together, counted in UTF-16 code units.
        public static let totalValueLength = 1_000_000
        /// Characters in the template version's description.
        public static let versionDescriptionLength = 1_024
    }

    /// Creates the emitter.
    public init() {}

    /// Files with paths relative to the seeds folder: `remoteconfig.template.json`.
    public func files(for manifest: Manifest, header: GeneratedHeader) throws(EmitError) -> [GeneratedFile] {
        if manifest.flags.count > Limits.parameters {
            throw EmitError(
                "the manifest has \(manifest.flags.count) flags, but a Firebase Remote Config template holds at most \(Limits.parameters) parameters; split the flags across Firebase projects or use another seed")
        }
        var conditions: [JSONValue] = []
        var parameters: [String: JSONValue] = [:]
        var totalValueLength = 0
        for flag in manifest.flags {
            try Self.checkKey(flag)
            let defaultText = Self.value(flag.defaultValue)
            var parameter: [String: JSONValue] = [
                "defaultValue": .object(["value": .string(defaultText)]),
                "valueType": .string(Self.valueType(flag.type)),
                "description": .string(FirebaseSeedDescription.text(for: flag)),
            ]
            totalValueLength += defaultText.utf16.count
            if let rollout = flag.rollout {
                let condition = FirebaseSeedCondition(flagKey: flag.key, rollout: rollout)
                try Self.check(rollout, condition: condition, of: flag)
                let served = Self.value(rollout.value)
                totalValueLength += served.utf16.count
                conditions.append(.object(["name": .string(condition.name), "expression": .string(condition.expression)]))
                parameter["conditionalValues"] = .object([condition.name: .object(["value": .string(served)])])
            }
            parameters[flag.key] = .object(parameter)
        }
        if conditions.count > Limits.conditions {
            throw EmitError(
                "the manifest has \(conditions.count) rollouts, but a Firebase project holds at most \(Limits.conditions) conditions; remove finished rollouts from the manifest")
        }
        if totalValueLength > Limits.totalValueLength {
            throw EmitError(
                "the flags' values add up to \(totalValueLength) characters, but Firebase Remote Config holds at most \(Limits.totalValueLength) in one project; make the large json values smaller")
        }
        let template = JSONValue.object([
            "conditions": .array(conditions),
            "parameters": .object(parameters),
            "version": .object(["description": .string(try Self.versionDescription(header))]),
        ])
        do {
            return [GeneratedFile(path: Self.fileName, contents: try JSONWriter(trailingNewline: true).utf8Bytes(for: template))]
        } catch {
            throw EmitError("cannot write \(Self.fileName): \(error)")
        }
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
    static func value(_ value: FlagValue) -> String {
        switch value {
        case .bool(let on): on ? "true" : "false"
        case .string(let text): text
        case .int(let number): FirebaseSeedNumber.text(number)
        case .double(let number): FirebaseSeedNumber.text(number)
        case .json(let document): ValidatedJSON.write { try JSONWriter(format: .compact).string(for: document) }
        }
    }

    /// The header, as the version description (see ``GeneratedFileOwner``): whole when it fits
    /// Firebase's limit, else its first sentence, which names the manifest. A manifest path so
    /// long that even that does not fit is refused, since flaggen could not recognize the file.
    static func versionDescription(_ header: GeneratedHeader) throws(EmitError) -> String {
        for text in [header.text, header.lines[0]] where text.utf16.count <= Limits.versionDescriptionLength {
            return text
        }
        throw EmitError(
            "the manifest's path, \(header.manifestName), is too long for the Firebase template's version description (\(Limits.versionDescriptionLength) characters), which must name it; move the manifest to a shorter path or leave firebase out of outputs.servers")
    }

    // MARK: - Checks

    /// Firebase keys start with a letter or `_`, hold letters, digits and `_`, and are at most
    /// 256 characters long. Manifest keys always have the form; only the length can fail.
    static func checkKey(_ flag: FlagDefinition) throws(EmitError) {
        let key = flag.key
        let wellFormed = key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
            && !(key.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? true)
        guard wellFormed else {
            throw EmitError("flag key '\(key)' is not a valid Firebase Remote Config parameter key (letters, digits and '_', not starting with a digit)", at: flag.location)
        }
        guard key.utf16.count <= Limits.keyLength else {
            throw EmitError(
                "flag key '\(key)' is \(key.utf16.count) characters long, but Firebase Remote Config keys hold at most \(Limits.keyLength); pick a shorter key",
                at: flag.location)
        }
    }

    /// A rollout Firebase can express: a release `minAppVersion` and a condition name that fits.
    static func check(_ rollout: Rollout, condition: FirebaseSeedCondition, of flag: FlagDefinition) throws(EmitError) {
        if let version = rollout.minAppVersion, !version.prerelease.isEmpty {
            throw EmitError(
                "minAppVersion \(version) of the rollout of flag '\(flag.key)' has a pre-release part, which Firebase's app.version comparison cannot express (it compares dot-separated numbers only); use a release version such as \(version.major).\(version.minor).\(version.patch)",
                at: rollout.location)
        }
        if condition.name.utf16.count > Limits.conditionNameLength {
            throw EmitError(
                "the Firebase condition for the rollout of flag '\(flag.key)' would be named '\(condition.name)', longer than Firebase's \(Limits.conditionNameLength) characters; pick a shorter key",
                at: rollout.location)
        }
    }
}
