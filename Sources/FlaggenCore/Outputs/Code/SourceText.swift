/// Text helpers shared by the Swift and Kotlin writers (and the PostgreSQL seed's literals).
enum SourceText {
    /// Control characters, and the bidirectional-text controls that "Trojan Source" attacks use.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    /// `text` between double quotes, each scalar replaced by its `escaping` when it has one.
    static func quoted(_ text: String, escaping escape: (Unicode.Scalar) -> String?) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
        }
        return result + "\""
    }

    /// `value` in uppercase hexadecimal, with leading zeros to at least `digits` digits.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    /// `value` in decimal with its digits in threes: `-1_234_567` with `_`, `1,234` with `,`.
    static func grouped(_ value: Int, by separator: Character) -> String {
        let digits = Array(String(value.magnitude))
        var grouped = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(separator) }
            grouped.append(digit)
        }
        return grouped
    }

    /// Swift's shortest round-trip form, which always has a `.` or an exponent: `1.0`, `0.1`,
    /// `1e-05`, `5e-324`. The same on every platform (Swift's own algorithm, not the C library's).
    static func shortestDouble(_ value: Double) -> String {
        let text = value.description
        if text.contains(".") || text.contains("e") { return text }
        return text + ".0"
    }

    /// The number of characters in `text`, as `text.count` gives it; for ASCII without a
    /// carriage return (each byte one character) without walking grapheme clusters, as the
    /// writers ask this of every line they lay out.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? text.utf8.count : text.count
    }

    /// True when ``commentLines(_:)`` is `[text]` because `text` needs no change: printable
    /// ASCII (U+0020...U+007E, so no control, format or non-ASCII character and no line feed)
    /// without a trailing space.
    static func isSingleCommentLine(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && text.utf8.last != 0x20
    }

    /// Doc-comment lines for a text: one line per source line, carriage returns dropped, tabs
    /// as two spaces, other control and bidi characters as U+FFFD, trailing spaces removed.
    static func commentLines(_ text: String) -> [String] {
        if isSingleCommentLine(text) { return [text] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var cleaned = String(line)
            if line.unicodeScalars.contains(where: needsEscape) {
                cleaned = ""
                for scalar in line.unicodeScalars where scalar != "\r" {
                    if needsEscape(scalar) {
                        cleaned += scalar == "\t" ? "  " : "\u{FFFD}"
                    } else {
                        cleaned.unicodeScalars.append(scalar)
                    }
                }
            }
            while cleaned.last == " " { cleaned.removeLast() }
            return cleaned
        }
    }
}
