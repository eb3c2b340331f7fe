#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the report file as `flaggen generate` writes its outputs, and over an earlier report
/// only (docs/cleanup.md, `--output`); the temporary file is named as `generate` names its own,
/// so `generate` tidies one a killed run left behind.
enum ReportFile {
    /// How much of an existing file is read to recognize a report.
    static let recognizedBytes = 4_096

    /// Whether `start`, the first bytes of a file, begin a report flaggen wrote: the page's
    /// `<meta name="generator" content="flaggen ...">`, or the JSON document's first keys.
    static func isReport(start: [UInt8]) -> Bool {
        let text = String(decoding: start, as: UTF8.self)
        if text.contains("<meta name=\"generator\" content=\"flaggen ") { return true }
        return text.hasPrefix("{") && text.contains("\"counts\":") && text.contains("\"expiringSoonDays\":")
    }

    /// Refuses a destination the report must not be written to, before any work is done.
    static func checkDestination(_ path: String, manifestPath: String) throws(ReportError) {
        let name = LexicalPath.lastComponent(of: path)
        guard !path.isEmpty, !name.isEmpty, name != ".", name != ".." else {
            throw ReportError(message: "--output '\(path)' names a folder; give the report file's path, such as reports/flags.html")
        }
        if FileSystem.isSymlink(atPath: path) {
            throw ReportError(message: "--output \(path) is a symlink; replacing it would replace the link, not the file it leads to — name the file itself")
        }
        switch FileSystem.itemKind(atPath: path) {
        case .directory?:
            throw ReportError(message: "--output \(path) is a folder; give the report file's path, such as \(LexicalPath.joined(path, "flags.html"))")
        case .other?:
            throw ReportError(message: "--output \(path) is not a regular file (a pipe, socket or device); give the report file's path")
        case .file?:
            if let identity = FileSystem.identity(atPath: path), identity == FileSystem.identity(atPath: manifestPath) {
                throw ReportError(message: "--output \(path) is the manifest itself; write the report to another file")
            }
            guard let (start, _) = FileSystem.readEnds(ofRegularFileAtPath: path, count: recognizedBytes) else {
                throw ReportError(message: "--output \(path) exists but cannot be read (\(FileSystem.lastErrorText())); check its permissions")
            }
            if !start.isEmpty, !isReport(start: start) {
                throw ReportError(
                    message: "--output \(path) exists and is not a report flaggen wrote; flaggen replaces only its own reports — move the file away or name another one")
            }
        case nil:
            break
        }
        let folder = LexicalPath.parent(of: path)
        guard FileSystem.itemKind(atPath: folder) == .directory else {
            throw ReportError(message: "--output \(path): the folder \(folder) does not exist; create it first (mkdir -p \(folder))")
        }
    }

    /// Writes `bytes` into a temporary file beside `path`, then renames it over `path`. When a
    /// step fails, the temporary file is removed and `path` is left as it was.
    static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        let temporary = LexicalPath.joined(LexicalPath.parent(of: path), OutputWriter.temporaryFileName(for: LexicalPath.lastComponent(of: path)))
        if let reason = FileSystem.writeNewFile(atPath: temporary, bytes) {
            throw ReportError(message: "cannot write \(path) (to a temporary file beside it): \(reason); the old file, if any, is unchanged")
        }
        if let reason = FileSystem.move(temporary, replacing: path) {
            FileSystem.removeFile(atPath: temporary)
            throw ReportError(message: "cannot move the new \(path) into place: \(reason)")
        }
    }
}

/// Why `flaggen report` wrote nothing: an input it cannot read, or an output it must not write.
public struct ReportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do.
    var message: String

    public var description: String { message }
}
