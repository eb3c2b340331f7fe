/// The text being rendered, with the indentation of the standalone partials it is inside.
///
/// Indentation goes before each line that the *template* starts, never inside interpolated
/// values (the spec's rule), and not on empty lines, so generated code gets no trailing
/// whitespace. It is written lazily, when a line's first content arrives, so a line that a
/// section repeats is indented on every repetition.
///
/// The text is kept as UTF-8 bytes: appending bytes is much cheaper than appending to a
/// `String`, and every piece is a whole `String`, so the bytes are always valid UTF-8.
struct Output: ~Copyable {
    /// The text not yet handed out by ``drain(into:)``.
    private(set) var bytes = ByteBuffer()
    /// How many bytes ``drain(into:)`` has handed out.
    private(set) var drainedCount = 0
    /// Every byte rendered so far, handed out or not.
    var totalCount: Int { drainedCount + bytes.count }
    /// The indentation of the innermost standalone partial being rendered, outer ones included.
    var indentation = "" {
        didSet { isIndented = !indentation.isEmpty }
    }
    /// Whether ``indentation`` is not empty, kept as a flag because template text, written on
    /// almost every step, checks it.
    private var isIndented = false
    /// Whether the next content starts a template line (and so gets the indentation).
    var atLineStart = true

    /// The rendered text.
    var text: String { bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Hands the bytes rendered since the last call to `receive`, and forgets them.
    mutating func drain(into receive: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(receive)
        drainedCount += bytes.count
        bytes.removeAll()
    }

    /// The rendered bytes not yet handed out, as an array of exactly their size.
    var byteArray: [UInt8] { bytes.array() }

    /// Writes literal template text, given as UTF-8 bytes.
    @inline(__always)
    mutating func writeTemplateText(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        guard !isIndented else { return writeIndentedTemplateText(text) }
        bytes.append(text)
        atLineStart = text[text.count - 1] == Byte.newline
    }

    /// ``writeTemplateText(_:)`` inside a standalone partial with indentation: indents each line.
    private mutating func writeIndentedTemplateText(_ text: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        while lineStart < text.count {
            let newline = text[lineStart...].firstIndex(of: Byte.newline)
            let lineEnd = newline.map { $0 + 1 } ?? text.count
            let line = UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])
            if atLineStart, !Self.isLineBreak(line) { Self.append(indentation, to: &bytes) }
            bytes.append(line)
            atLineStart = newline != nil
            lineStart = lineEnd
        }
    }

    /// Writes an interpolated value; newlines inside it get no indentation.
    mutating func writeValue(_ string: String) {
        if atLineStart {
            // An empty value starts nothing, so the line start (and its indentation) waits.
            guard !string.isEmpty else { return }
            Self.append(indentation, to: &bytes)
            atLineStart = false
        }
        Self.append(string, to: &bytes)
    }

    /// Appends a string's UTF-8 bytes with one copy from its contiguous storage, which costs less
    /// than appending its `utf8` view.
    @inline(__always)
    private static func append(_ string: String, to bytes: inout ByteBuffer) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append($0) }) == nil {
            var string = string
            string.withUTF8 { bytes.append($0) }
        }
    }

    /// Whether a line is only a line break, `\n` or `\r\n`: an empty line gets no indentation.
    private static func isLineBreak(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.elementsEqual([Byte.newline]) || line.elementsEqual([Byte.carriageReturn, Byte.newline])
    }
}
