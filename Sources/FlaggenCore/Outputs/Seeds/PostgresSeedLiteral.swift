/// PostgreSQL text for values from the manifest: string constants that read back as exactly the
/// manifest's text, and comment text that cannot end a comment early.
///
/// The seed sets `standard_conforming_strings = on`, so inside `'...'` a backslash is an ordinary
/// character and only `'` needs escaping (written `''`). Text that holds control characters or
/// invisible formatting characters (bidirectional controls, zero-width characters, the byte order
/// mark) is written as a Unicode escape constant, `U&'...'`, with those characters as `\XXXX` or
/// `\+XXXXXX`, so the file shows no raw control bytes and cannot display misleadingly. U+0000 has
/// no representation in PostgreSQL text: validation refuses it (``PostgresRules``); written
/// anyway, it becomes `\0000`, which PostgreSQL refuses on load.
enum PostgresSeedLiteral {
    /// A string constant: `'it''s'`, or `U&'line\000Atwo'` when the text needs escapes.
    static func string(_ text: String) -> String {
        let escaped = text.unicodeScalars.contains(where: needsEscape)
        guard escaped || text.unicodeScalars.contains("'") else { return "'" + text + "'" }
        var result = escaped ? "U&'" : "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": result += "''"
            case "\\" where escaped: result += "\\\\"
            default:
                if needsEscape(scalar) {
                    result += unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// A string constant, or `NULL` for nil.
    static func optionalString(_ text: String?) -> String {
        text.map(string) ?? "NULL"
    }

    /// True when `text` holds U+0000, which neither PostgreSQL text nor jsonb can store.
    static func containsNUL(_ text: String) -> Bool {
        text.utf8.contains(0)
    }

    /// Text for a `--` comment line: control and invisible formatting characters become U+FFFD,
    /// so a line break in a file name cannot end the comment and turn the rest into SQL.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(needsEscape(scalar) ? "\u{FFFD}" : scalar)
        }
        return result
    }

    /// Control characters (C0, DEL, C1), format characters (bidirectional controls, zero-width
    /// characters, U+FEFF) and the Unicode line and paragraph separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII, most of any text, is neither; the Unicode table lookup cost 9% of
        // `generate` at 2,500 flags (callgrind).
        if (0x20...0x7E).contains(scalar.value) { return false }
        return switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `\XXXX` in the Basic Multilingual Plane, `\+XXXXXX` above it (uppercase hex).
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        scalar.value <= 0xFFFF ? "\\" + SourceText.hex(scalar.value, digits: 4) : "\\+" + SourceText.hex(scalar.value, digits: 6)
    }
}
