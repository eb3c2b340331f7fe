import FlagKitBucket
import FlaggenJSON

/// The canonical server seed, `flags.seed.json`: every flag with its metadata and its rules,
/// plus the exact bucket definition, so a self-hosted flag server evaluates a rollout exactly as
/// `flaggen bucket` and the generated `Bucket` do.
///
/// The file is the contract's own format: it carries nothing a server could not use and loses
/// nothing the manifest says about a flag. Flags are listed in manifest order. See
/// docs/server-seeds.md.
public struct CanonicalSeedEmitter: Sendable {
    /// The seed's file name inside the seeds folder.
    public static let fileName = "flags.seed.json"

    /// The version of this file's format; raised when a field changes meaning.
    public static let formatVersion = 1

    /// The example the seed states for checking an implementation of the bucket.
    static let bucketExample = (flagKey: "new_checkout", stableID: "acct-42")

    /// Creates the emitter.
    public init() {}

    /// Files with paths relative to the seeds folder: `flags.seed.json`.
    public func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        files(for: manifest, header: header, streamingTo: nil)
    }

    /// Like ``files(for:header:)``, handing the bytes to `chunks` as they are written whenever
    /// enough have piled up; the file returned holds the bytes not yet handed over.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) -> [GeneratedFile] {
        // Written flag by flag (see ``StreamedSeedDocument``); keys in the writer's order.
        StreamedSeedDocument.file(named: Self.fileName, streamingTo: chunks) { json in
            json.beginObject()
            json.key("$comment")
            json.string(header.lines.joined(separator: " "))
            json.key("evaluation")
            try json.value(Self.evaluation)
            json.key("flags")
            json.beginArray()
            let configVersions = Self.configVersions(of: manifest)
            for index in manifest.flags.indices {
                try Self.write(manifest.flags[index], configVersions: configVersions, to: &json)
                chunks?.drainIfFull(&json)
            }
            json.endArray()
            json.key("formatVersion")
            json.int(Self.formatVersion)
            json.key("retired")
            json.beginArray()
            for key in manifest.retired { json.string(key) }
            json.endArray()
            json.endObject()
        }
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

    /// Each config's version, by name; the first config of a name wins, as in
    /// ``Manifest/config(named:)``. Made once, so no flag searches the configs.
    static func configVersions(of manifest: Manifest) -> [String: Int] {
        Dictionary(manifest.configs.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    }

    /// One flag: key, type, default, metadata and rules.
    static func write(_ flag: FlagDefinition, configVersions: [String: Int], to json: inout JSONStreamWriter) throws {
        json.beginObject()
        json.key("config")
        if let name = flag.configName, let version = configVersions[name] {
            json.beginObject()
            json.key("name")
            json.string(name)
            json.key("version")
            json.int(version)
            json.endObject()
        } else {
            json.null()
        }
        json.key("default")
        try CanonicalSeedValue.write(flag.defaultValue, to: &json)
        json.key("description")
        json.string(orNull: flag.description)
        json.key("expires")
        json.string(orNull: flag.expires?.description)
        json.key("key")
        json.string(flag.key)
        json.key("killSwitch")
        json.bool(flag.killSwitch)
        json.key("kind")
        json.string(flag.kind.rawValue)
        json.key("owner")
        json.string(flag.owner)
        json.key("rules")
        try CanonicalSeedValue.writeRules(of: flag, to: &json)
        json.key("type")
        json.string(flag.type.rawValue)
        json.endObject()
    }
}
