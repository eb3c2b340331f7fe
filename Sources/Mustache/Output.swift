/// The text being rendered, with the indentation of the standalone partials it is inside.
///
/// Indentation goes before each line that the *template* starts, never inside interpolated
/// values (the spec's rule), and not on empty lines, so generated code gets no trailing
/// whitespace. It is written lazily, when a line's first content arrives, so a line that a
/// section repeats is indented on every repetition.
///
/// The text is kept as UTF-8 bytes, from whole strings and template text, so the bytes are
/// always valid UTF-8.
struct Output {
    /// The text rendered so far.
    private(set) var bytes: [UInt8] = []
    /// The indentation of the innermost standalone partial being rendered, outer ones included.
    var indentation = "" {
        didSet { isIndented = !indentation.isEmpty }
    }
    /// Whether ``indentation`` is not empty, kept as a flag because template text, written on
    /// almost every step, checks it.
    private var isIndented = false
    /// Whether the next content starts a template line (and so gets the indentation).
    var atLineStart = true

    /// Writes literal template text, given as UTF-8 bytes.
    mutating func writeTemplateText(_ text: ArraySlice<UInt8>) {
        guard let last = text.last else { return }
        guard !isIndented else { return writeIndentedTemplateText(text) }
        bytes.append(contentsOf: text)
        atLineStart = last == Byte.newline
    }

    /// ``writeTemplateText(_:)`` inside a standalone partial with indentation: indents each line.
    private mutating func writeIndentedTemplateText(_ text: ArraySlice<UInt8>) {
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let newline = text[lineStart...].firstIndex(of: Byte.newline)
            let lineEnd = newline.map { $0 + 1 } ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if atLineStart, !Self.isLineBreak(line) { bytes.append(contentsOf: indentation.utf8) }
            bytes.append(contentsOf: line)
            atLineStart = newline != nil
            lineStart = lineEnd
        }
    }

    /// Writes an interpolated value; newlines inside it get no indentation.
    mutating func writeValue(_ string: String) {
        if atLineStart {
            // An empty value starts nothing, so the line start (and its indentation) waits.
            guard !string.isEmpty else { return }
            bytes.append(contentsOf: indentation.utf8)
            atLineStart = false
        }
        bytes.append(contentsOf: string.utf8)
    }

    /// Whether a line is only a line break, `\n` or `\r\n`: an empty line gets no indentation.
    private static func isLineBreak(_ line: ArraySlice<UInt8>) -> Bool {
        line.elementsEqual([Byte.newline]) || line.elementsEqual([Byte.carriageReturn, Byte.newline])
    }
}
