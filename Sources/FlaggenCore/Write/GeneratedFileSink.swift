import FlaggenJSON

/// Where a generation run's files go as each output is rendered: kept in memory
/// (``InMemorySink``, for ``Generate/render()``), compared with the disk (`flaggen check`,
/// ``ComparingSink``), or staged on disk (`flaggen generate`, ``StagingSink``).
///
/// The Swift and Kotlin sources, the largest outputs, are streamed to the sink in pieces as
/// they are rendered; the JSON and SQL outputs are handed over whole.
public protocol GeneratedFileSink: Sendable {
    /// Starts a file that arrives in pieces.
    func open(path: String) throws -> any GeneratedFileStream
}

extension GeneratedFileSink {
    /// Takes a whole file; returns what to keep of it (the file itself, or only its path).
    func accept(_ file: GeneratedFile) throws -> GeneratedFile {
        let stream = try open(path: file.path)
        try stream.write(file.contents)
        return try stream.close()
    }
}

/// One file arriving in pieces. Not shared between threads: one render job writes it.
public protocol GeneratedFileStream: AnyObject {
    /// Appends bytes to the file.
    func write(_ bytes: [UInt8]) throws
    /// Ends the file; returns what to keep of it: the whole file, or only its path.
    func close() throws -> GeneratedFile
    /// Drops the file after a failure elsewhere (nothing it wrote stays behind).
    func abandon()
}

/// Keeps every file in memory.
public struct InMemorySink: GeneratedFileSink {
    /// Creates a sink.
    public init() {}

    public func open(path: String) throws -> any GeneratedFileStream {
        Buffer(path: path)
    }

    private final class Buffer: GeneratedFileStream {
        private let path: String
        private var bytes: [UInt8] = []

        init(path: String) {
            self.path = path
        }

        func write(_ chunk: [UInt8]) throws {
            bytes.append(contentsOf: chunk)
        }

        func close() throws -> GeneratedFile {
            defer { bytes = [] }
            return GeneratedFile(path: path, contents: bytes)
        }

        func abandon() {
            bytes = []
        }
    }
}

/// Hands the pieces a producer gives (the Mustache renderer) to a stream, keeping the stream's
/// first error.
final class ChunkedOutput {
    private let stream: any GeneratedFileStream
    /// The first error the stream threw; later pieces are dropped.
    private(set) var failure: (any Error)?

    init(_ stream: any GeneratedFileStream) {
        self.stream = stream
    }

    /// Hands one piece on.
    func receive(_ piece: [UInt8]) {
        guard failure == nil else { return }
        do {
            try stream.write(piece)
        } catch {
            failure = error
        }
    }
}
