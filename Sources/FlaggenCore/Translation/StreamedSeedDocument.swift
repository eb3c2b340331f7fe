import FlaggenJSON

/// A seed that is one JSON document written straight to bytes with a ``JSONStreamWriter``: the
/// contract, flagd and Unleash seeds. Nothing is built as a value first, and with `chunks` the
/// bytes are handed over as they pile up (`chunks?.drainIfFull(&json)` after each flag).
enum StreamedSeedDocument {
    /// The file `fileName` that `write` writes; it holds the bytes not yet handed to `chunks`.
    ///
    /// An ``EmitError`` from `write` is thrown as is; any other error (a value JSON cannot hold)
    /// becomes one naming the file.
    static func file(
        named fileName: String, streamingTo chunks: ChunkedOutput?, write: (inout JSONStreamWriter) throws -> Void
    ) throws(EmitError) -> [GeneratedFile] {
        var json = JSONStreamWriter(JSONWriter(trailingNewline: true))
        do {
            try write(&json)
        } catch let error as EmitError {
            throw error
        } catch {
            throw EmitError("cannot write \(fileName): \(error)")
        }
        return [GeneratedFile(path: fileName, contents: json.finish())]
    }
}

/// A seed emitter that can hand its one file over in pieces as it writes it (see
/// ``ChunkedOutput``), so `Generator` streams it to the sink.
protocol StreamingSeedEmitter {
    /// The seed's file name, relative to the seeds folder.
    static var fileName: String { get }

    /// The seed, its bytes handed to `chunks` as they are written when given.
    func files(for manifest: Manifest, header: GeneratedHeader, streamingTo chunks: ChunkedOutput?) throws(EmitError) -> [GeneratedFile]
}

extension CanonicalSeedEmitter: StreamingSeedEmitter {}
extension PostgresSeedEmitter: StreamingSeedEmitter {}
extension FlagdSeedEmitter: StreamingSeedEmitter {}
extension UnleashSeedEmitter: StreamingSeedEmitter {}
