#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlaggenJSON

/// How diagnostics are printed: for people, for GitHub Actions annotations, or for tools.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `flags.yaml:3:5: error: message`, one per line, like a compiler.
    case text
    /// `::error file=flags.yaml,line=3,col=5::message`, GitHub Actions workflow commands.
    case github
    /// One JSON document: `{"diagnostics": [...], "errors": N, "warnings": N}`.
    case json

    /// Renders diagnostics in this format. Text and GitHub output end with a newline unless empty.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch self {
        case .text:
            return diagnostics.map { $0.formatted + "\n" }.joined()
        case .github:
            let checkout = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]
            return diagnostics.map { Self.githubLine($0, checkout: checkout) }.joined()
        case .json:
            // Escaped as in the other formats: a tool that prints or posts a message (a pull
            // request comment, a log) must not get a raw escape sequence or bidirectional mark.
            let items: [JSONValue] = diagnostics.map { diagnostic in
                .object([
                    "file": .string(TerminalText.escaped(diagnostic.file)),
                    "line": .int(diagnostic.location.line),
                    "column": .int(diagnostic.location.column),
                    "severity": .string(diagnostic.severity.rawValue),
                    "message": .string(TerminalText.escaped(diagnostic.message)),
                ])
            }
            let document: JSONValue = .object([
                "diagnostics": .array(items),
                "errors": .int(diagnostics.filter { $0.severity == .error }.count),
                "warnings": .int(diagnostics.filter { $0.severity == .warning }.count),
            ])
            // Only finite numbers are written here, so the writer cannot fail.
            return (try? JSONWriter().string(for: document)) ?? "{}\n"
        }
    }

    /// One GitHub Actions workflow command. Data and property values are escaped as the
    /// Actions toolkit does: `%`, CR and LF everywhere, and `:` and `,` in properties; before
    /// that, every control character from the input becomes an escape (``TerminalText``), so the
    /// log shows no raw escape sequence either.
    static func githubLine(_ diagnostic: Diagnostic, checkout: String? = nil) -> String {
        let command = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
        let file = escaped(TerminalText.escaped(annotationPath(diagnostic.file, checkout: checkout)), isProperty: true)
        let properties = "file=\(file),line=\(diagnostic.location.line),col=\(diagnostic.location.column)"
        return "::\(command) \(properties)::\(escaped(TerminalText.escaped(diagnostic.message), isProperty: false))\n"
    }

    /// `file` as GitHub places an annotation: relative to the checkout (`GITHUB_WORKSPACE`), or
    /// the annotation shows on no line of the pull request (a job that runs in the app's folder,
    /// `working-directory: ios`, names `flags.yaml` for `ios/flags.yaml`; `./flags.yaml` is not
    /// matched either). Outside the checkout, or outside Actions, the path as given, without `./`.
    static func annotationPath(_ file: String, checkout: String?) -> String {
        var given = Substring(file)
        while given.hasPrefix("./") { given = given.dropFirst(2).drop { $0 == "/" } }
        guard let checkout, checkout.hasPrefix("/"), !given.isEmpty else { return String(given) }
        let absolute = file.hasPrefix("/") ? file : LexicalPath.joined(FileManager.default.currentDirectoryPath, file)
        // The file where it really is when it exists (`link/../flags.yaml` is where the link
        // leads, not `flags.yaml`), else as written; the checkout as named or resolved.
        let path = FileSystem.realPath(absolute) ?? LexicalPath.standardized(absolute)
        for root in [LexicalPath.standardized(checkout), FileSystem.realPath(checkout)] {
            if let relative = root.flatMap({ relativePath(of: path, inside: $0) }) { return relative }
        }
        return String(given)
    }

    /// `path` relative to `folder` when it lies strictly inside it (both absolute).
    private static func relativePath(of path: String, inside folder: String) -> String? {
        guard folder != "/", path != folder, LexicalPath.isInside(path, folder) else { return nil }
        return String(decoding: path.utf8.dropFirst(folder.utf8.count + 1), as: UTF8.self)
    }

    /// `text` escaped for a workflow command, one Unicode scalar at a time (so the `\r` of a
    /// `\r\n` pair is found too, and a `%` an escape adds is never escaped again).
    private static func escaped(_ text: String, isProperty: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where isProperty: result += "%3A"
            case "," where isProperty: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
