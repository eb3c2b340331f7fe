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
            return diagnostics.map(Self.githubLine).joined()
        case .json:
            let items: [JSONValue] = diagnostics.map { diagnostic in
                .object([
                    "file": .string(diagnostic.file),
                    "line": .int(diagnostic.location.line),
                    "column": .int(diagnostic.location.column),
                    "severity": .string(diagnostic.severity.rawValue),
                    "message": .string(diagnostic.message),
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
    static func githubLine(_ diagnostic: Diagnostic) -> String {
        let command: String
        switch diagnostic.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let file = escapeProperty(TerminalText.escaped(diagnostic.file))
        let properties = "file=\(file),line=\(diagnostic.location.line),col=\(diagnostic.location.column)"
        return "::\(command) \(properties)::\(escapeData(TerminalText.escaped(diagnostic.message)))\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Replaces every occurrence of one Unicode scalar, without Foundation. Works on scalars,
    /// not characters, so the `\r` of a `\r\n` pair is found too.
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }
}
