import FlagKitBucket
import FlaggenJSON

/// The canonical server seed, `flags.seed.json`: every flag with its metadata and its rules,
/// plus the exact bucket definition, so a self-hosted flag server evaluates a rollout exactly as
/// `flaggen bucket` and the generated `Bucket` do.
///
/// The file is the contract's own format: it carries nothing a server could not use and loses
/// nothing the manifest says about a flag. Flags are listed in manifest order. See
/// docs/server-seeds.md.
struct CanonicalSeedEmitter: Sendable {
    /// The seed's file name inside the seeds folder.
    static let fileName = "flags.seed.json"

    /// The version of this file's format; raised when a field changes meaning.
    static let formatVersion = 1

    /// The example the seed states for checking an implementation of the bucket.
    static let bucketExample = (flagKey: "new_checkout", stableID: "acct-42")

    /// Files with paths relative to the seeds folder: `flags.seed.json`.
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        let configs = manifest.configsByName
        let document: JSONValue = .object([
            "$comment": .string(header.text),
            "evaluation": Self.evaluation,
            "flags": .array(manifest.flags.map { Self.flag($0, configs: configs) }),
            "formatVersion": .int(Self.formatVersion),
            "retired": .array(manifest.retired.map(JSONValue.string)),
        ])
        return [GeneratedFile(path: Self.fileName, contents: ValidatedJSON.fileBytes(document))]
    }

    // MARK: - Parts

    /// How a server evaluates the rules: the bucket definition and the rule order, in words a
    /// server author can implement, with an example to check the implementation against.
    static var evaluation: JSONValue {
        let example = bucketExample
        return .object([
            "stableId": "The account ID when the user is signed in, else the install ID.",
            "bucket": .object([
                "hash": "SHA-256",
                "input": "the UTF-8 bytes of flagKey + \":\" + stableId, without Unicode normalization",
                "value": "the first 4 bytes of the digest read as a big-endian unsigned 32-bit integer, modulo count",
                "count": .int(Bucket.count),
                "inRule": "bucket < basisPoints (basisPoints 1000 is 10 percent, 10000 everyone)",
                "example": .object([
                    "flagKey": .string(example.flagKey),
                    "stableId": .string(example.stableID),
                    "bucket": .int(Bucket.of(stableID: example.stableID, flagKey: example.flagKey)),
                ]),
            ]),
            "rules": .string(
                "Try a flag's rules in order. A rule matches when its platforms include the app's platform, "
                    + "its minAppVersion is null or not greater than the app's version (Semantic Versioning 2.0.0 "
                    + "precedence: pre-releases sort before their release, build metadata is ignored; an app version "
                    + "that is not SemVer matches no rule that has a minAppVersion), and the bucket of the flag key "
                    + "and the stable ID is below its basisPoints. The first matching rule serves its value; when "
                    + "none matches, the flag serves its default."),
        ])
    }

    /// One flag: key, type, default, metadata and rules; `configs` by name.
    static func flag(_ flag: FlagDefinition, configs: [String: ConfigDefinition]) -> JSONValue {
        var config = JSONValue.null
        if let name = flag.configName, let version = configs[name]?.version {
            config = .object(["name": .string(name), "version": .int(version)])
        }
        return .object([
            "config": config,
            "default": CanonicalSeedValue.json(flag.defaultValue),
            "description": flag.description.map(JSONValue.string) ?? .null,
            "expires": flag.expires.map { .string($0.description) } ?? .null,
            "key": .string(flag.key),
            "killSwitch": .bool(flag.killSwitch),
            "kind": .string(flag.kind.rawValue),
            "owner": .string(flag.owner),
            "rules": CanonicalSeedValue.rules(of: flag),
            "type": .string(flag.type.rawValue),
        ])
    }
}
