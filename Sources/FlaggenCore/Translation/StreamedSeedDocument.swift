import FlaggenJSON

/// A seed that is one JSON object written member by member (`JSONWriter.appendObject`), so the
/// document is never held as one value: the contract, flagd and Unleash seeds.
enum StreamedSeedDocument {
    /// The file `fileName` holding the object whose members `members` makes with the writer it
    /// is given. With `chunks`, the members hand their bytes over as they go
    /// (`chunks?.drainIfFull`), and the file returned holds the bytes not yet handed over.
    ///
    /// On any error the document is built whole by `wholeDocument`, which reports the error
    /// exactly as the one-value path does. When bytes were handed over already, the whole
    /// document is only for its error: without one, the writing error itself is thrown.
    static func file(
        named fileName: String, streamingTo chunks: ChunkedOutput?,
        wholeDocument: () throws(EmitError) -> [GeneratedFile],
        members: (JSONWriter) -> [JSONWriter.Member]
    ) throws(EmitError) -> [GeneratedFile] {
        let writer = JSONWriter(trailingNewline: true)
        var output: [UInt8] = []
        do {
            try writer.appendObject(members(writer), depth: 0, to: &output)
            return [GeneratedFile(path: fileName, contents: writer.finish(&output))]
        } catch {
            let whole = try wholeDocument()
            guard chunks == nil else { throw EmitError("cannot write \(fileName): \(error)") }
            return whole
        }
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
