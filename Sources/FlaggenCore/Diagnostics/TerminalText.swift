/// Text from the inputs (a manifest's keys and strings, file names, the lines of a file on disk)
/// made safe to print to a terminal or a CI log: control characters and the invisible
/// bidirectional formatting characters are written as escapes such as `\u{1B}`, so an escape
/// sequence cannot clear a terminal, and a newline cannot start a GitHub Actions workflow command
/// such as `::warning file=…::` in the middle of a message.
public enum TerminalText {
    /// `text` with every ``isUnsafe(_:)`` character escaped, except newlines when `keepsLines`.
    public static func escaped(_ text: String, keepsLines: Bool = false) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool { isUnsafe(scalar) && !(keepsLines && scalar == "\n") }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` must not reach a terminal, a log or a comment line raw: a control
    /// character (C0 but tab, DEL, C1; newline included), a line or paragraph separator, or a
    /// bidirectional formatting character. The one list flaggen keeps such characters out by:
    /// here, in generated headers (``GeneratedHeader``) and in output paths.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        // Bidirectional embeddings, overrides and isolates, and the marks: they reorder what a
        // reader sees ("Trojan Source").
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
