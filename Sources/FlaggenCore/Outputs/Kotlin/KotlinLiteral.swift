/// Kotlin source text for values from the manifest: string and number literals, and KDoc lines.
/// Every literal reads back as exactly the manifest's value, with kotlinc 1.3 and later.
enum KotlinLiteral {
    /// A double-quoted string literal. Escapes quotes, backslashes (so `\(` stays text), `$`
    /// (so `${x}` and `$x` are not templates), control characters and bidirectional-text
    /// controls (so the source cannot display misleadingly). A `"""` inside stays text: it is
    /// written `\"\"\"`.
    static func string(_ text: String) -> String {
        SourceText.quoted(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "$": "\\$"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{8}": "\\b"
            // `\uXXXX`: every scalar that needs an escape is in the Basic Multilingual Plane.
            default: SourceText.needsEscape(scalar) ? "\\u" + SourceText.hex(scalar.value, digits: 4) : nil
            }
        }
    }

    /// A `Long` literal: `7L`, `-5L`. `Long.MIN_VALUE` has no literal (its digits overflow before
    /// the minus applies), so it is written `Long.MIN_VALUE`, or `(-9223372036854775807L - 1L)`
    /// where a property named `Long` hides the type.
    static func long(_ value: Int, longIsHidden: Bool = false) -> String {
        guard value == Int.min else { return "\(value)L" }
        return longIsHidden ? "(-9223372036854775807L - 1L)" : "Long.MIN_VALUE"
    }

    /// An `Int` literal, for `Int` parameters such as `maxLength`: `40`.
    static func int(_ value: Int) -> String {
        String(value)
    }

    /// A `Double` literal that reads back as exactly `value` (finite values only): Swift's
    /// shortest round-trip form, which always has a `.` or an exponent, so Kotlin reads a
    /// `Double`: `1.0`, `0.1`, `1e-05`, `5e-324`, `-0.0`. No locale is involved.
    static func double(_ value: Double) -> String {
        SourceText.shortestDouble(value)
    }

    /// A `Boolean` literal.
    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    // MARK: - Comments

    /// Text made safe inside a Kotlin comment, one entry per line: control and bidi characters
    /// replaced as in Swift doc comments, trailing spaces and leading and trailing empty lines
    /// removed, and `/*` and `*/` broken up. Kotlin block comments nest, so a `/*` in a KDoc
    /// would swallow the rest of the file and a `*/` would end the comment early; they become
    /// `/&#42;` and `*&#47;`, which KDoc renders as `/*` and `*/`.
    static func commentLines(_ text: String) -> [String] {
        // One non-empty line of printable ASCII without a trailing space, a `/*` or a `*/`
        // stays as it is.
        if SourceText.isSingleCommentLine(text) && !text.isEmpty && !hasCommentDelimiter(text) { return [text] }
        var lines = SourceText.commentLines(text).map(neutralizingCommentDelimiters)
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    /// Text on one comment line: line breaks become spaces.
    static func commentText(_ text: String) -> String {
        commentLines(text).joined(separator: " ")
    }

    /// Whether `text` holds a `/*` or a `*/`, scalar next to scalar. ASCII bytes never occur
    /// inside a multi-byte UTF-8 sequence, so adjacent bytes are adjacent scalars.
    private static func hasCommentDelimiter(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (previous == 0x2F && byte == 0x2A) || (previous == 0x2A && byte == 0x2F) { return true }
            previous = byte
        }
        return false
    }

    /// Replaces `/*` with `/&#42;` and `*/` with `*&#47;`. Scans Unicode scalars, not characters
    /// (a combining mark after `*` does not hide it from kotlinc), left to right, so overlapping
    /// forms (`/*/`, `*/*`) leave no delimiter behind.
    static func neutralizingCommentDelimiters(_ line: String) -> String {
        if !hasCommentDelimiter(line) { return line }
        var result = ""
        var pending: Unicode.Scalar?
        for scalar in line.unicodeScalars {
            switch (pending, scalar) {
            case ("/", "*"):
                result += "/&#42;"
                pending = nil
            case ("*", "/"):
                result += "*&#47;"
                pending = nil
            default:
                if let pending { result.unicodeScalars.append(pending) }
                pending = scalar
            }
        }
        if let pending { result.unicodeScalars.append(pending) }
        return result
    }

    /// The width generated lines aim for; longer values and KDoc are spread over several lines.
    static let lineLength = 100

    /// A KDoc comment for already safe lines (see ``commentLines(_:)``), to be placed at
    /// `indent` columns: `/** One line. */` when a single line fits, else `/**`, ` * ` lines and
    /// ` */`, where empty lines get no trailing space. Without lines, no comment at all.
    static func kdoc(_ lines: [String], indent: Int) -> [String] {
        guard !lines.isEmpty else { return [] }
        if lines.count == 1, let line = lines.first, !line.isEmpty, indent + SourceText.width(line) + 7 <= lineLength {
            return ["/** " + line + " */"]
        }
        var comment = ["/**"]
        comment.reserveCapacity(lines.count + 2)
        for line in lines { comment.append(line.isEmpty ? " *" : " * " + line) }
        comment.append(" */")
        return comment
    }
}
