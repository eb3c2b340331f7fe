import FlaggenJSON

/// A seed that is one JSON document written straight to bytes with a ``JSONStreamWriter``: the
/// contract, flagd and Unleash seeds. Nothing is built as a value first, and with `chunks` the
/// bytes are handed over as they pile up (`chunks?.drainIfFull(&json)` after each flag).
enum StreamedSeedDocument {
    /// The file `fileName` that `write` writes; it holds the bytes not yet handed to `chunks`.
    /// `write` throws only where the JSON writer would for a value a validated manifest cannot
    /// hold (see ``ValidatedJSON``).
    static func file(
        named fileName: String, streamingTo chunks: ChunkedOutput?, write: (inout JSONStreamWriter) throws -> Void
    ) -> [GeneratedFile] {
        var json = JSONStreamWriter(JSONWriter(trailingNewline: true))
        ValidatedJSON.write { try write(&json) }
        return [GeneratedFile(path: fileName, contents: json.finish())]
    }
}

/// A seed emitter that can hand its one file over in pieces as it writes it (see
/// ``ChunkedOutput``), so `Generator` streams it to the sink.
protocol StreamingSeedEmitter {
    /// The seed's file name, relative to the seeds folder.
    static var fileName: String { get }

    /// The seed, its bytes handed to `chunks` as they are written when given.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) -> [GeneratedFile]
}

extension CanonicalSeedEmitter: StreamingSeedEmitter {}
extension PostgresSeedEmitter: StreamingSeedEmitter {}
extension FlagdSeedEmitter: StreamingSeedEmitter {}
extension UnleashSeedEmitter: StreamingSeedEmitter {}
