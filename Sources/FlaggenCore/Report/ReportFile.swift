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

    /// How a JSON report begins: its first key and the first count.
    private static let jsonStart = "{\n  \"counts\": {\n    \"expired\": "

    /// Whether `start`, the first bytes of a file, begin a report flaggen wrote: the JSON
    /// document's first bytes, or the page's first lines as the built-in template writes them,
    /// up to `<meta name="generator" content="flaggen `. A file that only quotes them further
    /// down (a doc, a config) is not a report.
    static func isReport(start: [UInt8]) -> Bool {
        // A checkout with `core.autocrlf` or `eol=crlf` makes the line ends CR LF: the same report.
        let text = String(decoding: LineEnds.withLF(start), as: UTF8.self)
        if text.hasPrefix(jsonStart) { return true }
        guard let template = TemplateLibrary.builtIn(ReportHTML.templateName) else { return false }
        let expected = template.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let generator = expected.firstIndex(where: { $0.contains("{{version}}") }), lines.count > generator + 1 else { return false }
        // Each line as the template writes it; one with a tag up to the tag.
        return zip(lines, expected[...generator]).allSatisfy { line, template in
            let fixed = template.split(separator: "{", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return fixed.count < template.count ? line.hasPrefix(fixed) : line == template
        }
    }

    /// Refuses a destination the report must not be written to, before any work is done.
    static func checkDestination(_ path: String, manifestPath: String) throws(CannotRunError) {
        let name = LexicalPath.lastComponent(of: path)
        guard !path.isEmpty, !name.isEmpty, name != ".", name != ".." else {
            throw CannotRunError(message: "--output '\(path)' names a folder; give the report file's path, such as reports/flags.html")
        }
        // Written through a temporary file beside it, as outputs are.
        if let problem = OutputWriter.fileNameProblem(name) {
            throw CannotRunError(message: "--output \(path) \(problem)")
        }
        if FileSystem.isSymlink(atPath: path) {
            throw CannotRunError(message: "--output \(path) is a symlink; replacing it would replace the link, not the file it leads to — name the file itself")
        }
        switch FileSystem.itemKind(atPath: path) {
        case .directory?:
            throw CannotRunError(message: "--output \(path) is a folder; give the report file's path, such as \(LexicalPath.joined(path, "flags.html"))")
        case .other?:
            throw CannotRunError(message: "--output \(path) is not a regular file (a pipe, socket or device); give the report file's path")
        case .file?:
            if let identity = FileSystem.identity(atPath: path), identity == FileSystem.identity(atPath: manifestPath) {
                throw CannotRunError(message: "--output \(path) is the manifest itself; write the report to another file")
            }
            guard let (start, _) = FileSystem.readEnds(ofRegularFileAtPath: path, count: recognizedBytes) else {
                throw CannotRunError(message: "--output \(path) exists but cannot be read (\(FileSystem.lastErrorText())); check its permissions")
            }
            if !start.isEmpty, !isReport(start: start) {
                throw CannotRunError(
                    message: "--output \(path) exists and is not a report flaggen wrote; flaggen replaces only its own reports — move the file away or name another one")
            }
        case nil:
            break
        }
        let folder = LexicalPath.parent(of: path)
        guard FileSystem.itemKind(atPath: folder) == .directory else {
            throw CannotRunError(message: "--output \(path): the folder \(folder) does not exist; create it first (mkdir -p \(folder))")
        }
    }

    /// Writes `bytes` into a temporary file beside `path`, then puts it in place. The
    /// destination is checked again just before: the scan takes a while, and a file may have
    /// appeared there. Where nothing is, the file is linked into place, which fails rather than
    /// replace a file that appears at the last moment. When a step fails, the temporary file is
    /// removed and `path` is left as it was.
    static func write(_ bytes: [UInt8], to path: String, manifestPath: String) throws(CannotRunError) {
        let temporary = LexicalPath.joined(LexicalPath.parent(of: path), OutputWriter.temporaryFileName(for: LexicalPath.lastComponent(of: path)))
        if let reason = FileSystem.writeNewFile(atPath: temporary, bytes) {
            throw CannotRunError(message: "cannot write \(path) (to a temporary file beside it): \(reason); the old file, if any, is unchanged")
        }
        do throws(CannotRunError) {
            try checkDestination(path, manifestPath: manifestPath)
            if FileSystem.itemKind(atPath: path) == nil {
                switch FileSystem.hardLink(temporary, to: path) {
                case .linked:
                    FileSystem.removeFile(atPath: temporary)
                    return
                case .exists:
                    throw CannotRunError(message: "--output \(path) appeared while flaggen was writing the report, so it was left as it is; run again")
                case .unsupported:
                    break  // A file system without hard links: renamed, as close as it allows.
                case .failed(let reason):
                    throw CannotRunError(message: "cannot put the new \(path) in place: \(reason)")
                }
            }
            if let reason = FileSystem.move(temporary, replacing: path) {
                throw CannotRunError(message: "cannot move the new \(path) into place: \(reason)")
            }
        } catch {
            FileSystem.removeFile(atPath: temporary)
            throw error
        }
    }
}
