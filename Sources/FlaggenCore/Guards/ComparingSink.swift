#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen check`'s sink: compares each output with the file on disk as it renders, piece by
/// piece, and keeps the bytes only of outputs that differ (which the diff needs). An up-to-date
/// tree is checked without holding any output in memory.
final class ComparingSink: GeneratedFileSink, @unchecked Sendable {
    private let rules: OutputGuard
    private let lock = Lock()
    private var matching: Set<String> = []

    /// A sink whose every output passes `rules` before anything there is opened, as in
    /// `generate`.
    init(guard rules: OutputGuard) {
        self.rules = rules
    }

    func open(path: String) throws -> any GeneratedFileStream {
        try rules.check(path)
        // A folder, a pipe or an unreadable file where the output goes counts as missing.
        let existing = try? FileComparison.opening(rules.root.appendingPathComponent(path).path)
        return ComparingStream(path: path, existing: existing) { [self] in lock.withLock { _ = matching.insert(path) } }
    }

    /// The outputs found equal to their files, by path.
    var matchingPaths: Set<String> {
        lock.withLock { matching }
    }
}

/// One output compared with its file as it arrives (see ``ComparingSink``).
final class ComparingStream: GeneratedFileStream {
    private let path: String
    private var existing: FileComparison?
    private let onMatch: () -> Void
    /// The output's bytes, kept from the first difference on (with the matching part before it).
    private var collected: [UInt8]?

    init(path: String, existing: FileComparison?, onMatch: @escaping () -> Void) {
        self.path = path
        self.existing = existing
        self.onMatch = onMatch
        if existing == nil { collected = [] }
    }

    deinit {
        existing?.close()
    }

    func write(_ bytes: [UInt8]) throws {
        if collected == nil, existing?.continues(with: bytes) == true { return }
        try startCollecting()
        collected!.append(contentsOf: bytes)
    }

    func close() throws -> GeneratedFile {
        defer {
            existing?.close()
            existing = nil
        }
        if collected == nil, existing?.endsAfterMatch() == true {
            onMatch()
            return GeneratedFile(path: path, contents: [])
        }
        try startCollecting()
        defer { collected = nil }
        return GeneratedFile(path: path, contents: collected!)
    }

    func abandon() {
        existing?.close()
        existing = nil
        collected = nil
    }

    /// Keeps the output's bytes from here on, starting with the part that matched the file.
    private func startCollecting() throws {
        guard collected == nil else { return }
        var bytes: [UInt8] = []
        try existing?.readMatchedPart { bytes.append(contentsOf: $0) }
        collected = bytes
    }
}
