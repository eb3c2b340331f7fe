/// Text from the inputs (a manifest's keys and strings, file names, the lines of a file on disk)
/// made safe to print to a terminal or a CI log: control characters and the invisible
/// bidirectional formatting characters are written as escapes such as `\u{1B}`, so an escape
/// sequence cannot clear a terminal, and a newline cannot start a GitHub Actions workflow command
/// such as `::warning file=…::` in the middle of a message.
public enum TerminalText {
    /// `text` with its control characters (C0, DEL, C1), bidirectional formatting characters and
    /// line and paragraph separators escaped, except tabs and, when `keepsLines`, newlines.
    public static func escaped(_ text: String, keepsLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepsLines: keepsLines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepsLines: keepsLines) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepsLines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x0A: return !keepsLines
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        // Bidirectional embeddings, overrides and isolates, and the marks: they reorder what a
        // reader sees ("Trojan Source").
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
