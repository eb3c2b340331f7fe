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
    public func files(for manifest: Manifest, header: GeneratedHeader) throws(EmitError) -> [GeneratedFile] {
        try files(for: manifest, header: header, streamingTo: nil)
    }

    /// Like ``files(for:header:)``, handing the bytes to `chunks` as they are written whenever
    /// enough have piled up; the file returned holds the bytes not yet handed over.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) throws(EmitError) -> [GeneratedFile] {
        // Written flag by flag (see ``StreamedSeedDocument``).
        try StreamedSeedDocument.file(
            named: Self.fileName, streamingTo: chunks, wholeDocument: { () throws(EmitError) in try wholeDocument(for: manifest, header: header) }
        ) { writer in
            [
                .init("$comment") { try writer.append(.string(header.lines.joined(separator: " ")), depth: $1, to: &$0) },
                .init("formatVersion") { try writer.append(.int(Self.formatVersion), depth: $1, to: &$0) },
                .init("evaluation") { try writer.append(Self.evaluation, depth: $1, to: &$0) },
                .init("flags") { output, depth in
                    try writer.appendArray(manifest.flags, depth: depth, to: &output) { flag, output, depth in
                        try writer.append(Self.flag(flag, in: manifest), depth: depth, to: &output)
                        chunks?.drainIfFull(&output)
                    }
                },
                .init("retired") { try writer.append(.array(manifest.retired.map(JSONValue.string)), depth: $1, to: &$0) },
            ]
        }
    }

    /// The file from the document built as one value.
    private func wholeDocument(for manifest: Manifest, header: GeneratedHeader) throws(EmitError) -> [GeneratedFile] {
        let document = JSONValue.object([
            "$comment": .string(header.lines.joined(separator: " ")),
            "formatVersion": .int(Self.formatVersion),
            "evaluation": Self.evaluation,
            "flags": .array(manifest.flags.map { Self.flag($0, in: manifest) }),
            "retired": .array(manifest.retired.map(JSONValue.string)),
        ])
        let bytes: [UInt8]
        do {
            bytes = try JSONWriter(trailingNewline: true).utf8Bytes(for: document)
        } catch {
            throw EmitError("cannot write \(Self.fileName): \(error)")
        }
        return [GeneratedFile(path: Self.fileName, contents: bytes)]
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

    /// One flag: key, type, default, metadata and rules.
    static func flag(_ flag: FlagDefinition, in manifest: Manifest) -> JSONValue {
        .object([
            "key": .string(flag.key),
            "type": .string(flag.type.rawValue),
            "default": CanonicalSeedValue.json(flag.defaultValue),
            "killSwitch": .bool(flag.killSwitch),
            "owner": .string(flag.owner),
            "expires": flag.expires.map { .string($0.description) } ?? .null,
            "kind": .string(flag.kind.rawValue),
            "description": flag.description.map(JSONValue.string) ?? .null,
            "config": config(of: flag, in: manifest),
            "rules": CanonicalSeedValue.rules(of: flag),
        ])
    }

    /// For json flags, the config that types the value and its schema version; null otherwise.
    private static func config(of flag: FlagDefinition, in manifest: Manifest) -> JSONValue {
        guard let name = flag.configName, let config = manifest.config(named: name) else { return .null }
        return .object(["name": .string(name), "version": .int(config.version)])
    }
}
