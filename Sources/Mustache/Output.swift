/// The text being rendered, with the indentation of the standalone partials it is inside.
///
/// Indentation goes before each line that the *template* starts, never inside interpolated
/// values (the spec's rule), and not on empty lines, so generated code gets no trailing
/// whitespace. It is written lazily, when a line's first content arrives, so a line that a
/// section repeats is indented on every repetition.
struct Output {
    private(set) var text = ""
    /// The indentation of the innermost standalone partial being rendered, outer ones included.
    var indentation = ""
    /// Whether the next content starts a template line (and so gets the indentation).
    var atLineStart = true

    /// Writes literal template text.
    mutating func writeTemplateText(_ string: String) {
        guard !indentation.isEmpty else {
            text += string
            if let last = string.utf8.last { atLineStart = last == Byte.newline }
            return
        }
        let bytes = string.utf8
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let newline = bytes[lineStart...].firstIndex(of: Byte.newline)
            let lineEnd = newline.map { bytes.index(after: $0) } ?? bytes.endIndex
            // A newline always ends a Character, so these indices are Character boundaries.
            let line = string[lineStart..<lineEnd]
            if atLineStart, line != "\n", line != "\r\n" { text += indentation }
            text += line
            atLineStart = newline != nil
            lineStart = lineEnd
        }
    }

    /// Writes an interpolated value; newlines inside it get no indentation.
    mutating func writeValue(_ string: String) {
        guard !string.isEmpty else { return }
        if atLineStart { text += indentation }
        text += string
        atLineStart = false
    }
}
