/// Splits a template's source into text and tag tokens, following set-delimiter tags as it goes.
///
/// Works on UTF-8 bytes: delimiters and newlines are matched byte for byte, which is exact
/// because UTF-8 never starts a character inside another, and it keeps `\r\n` (one Swift
/// `Character`) as two separate bytes.
struct Lexer {
    private let bytes: [UInt8]
    private let templateName: String
    private var offset = 0
    private var line = 1
    private var column = 1
    private var delimiters = Delimiters.standard
    private var open: [UInt8] = Array(Delimiters.standard.open.utf8)
    private var close: [UInt8] = Array(Delimiters.standard.close.utf8)

    init(source: String, templateName: String) {
        self.bytes = Array(source.utf8)
        self.templateName = templateName
    }

    /// All tokens of the source, in order.
    mutating func tokenize() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        while offset < bytes.count {
            if matches(open, at: offset) {
                tokens.append(try lexTag())
                continue
            }
            let start = offset
            let position = currentPosition
            var end = offset
            while end < bytes.count {
                if bytes[end] == Byte.newline {
                    end += 1
                    break
                }
                if matches(open, at: end) { break }
                end += 1
            }
            tokens.append(Token(kind: .text, content: string(bytes[start..<end]), position: position,
                                delimiters: delimiters))
            advance(to: end)
        }
        return tokens
    }

    // MARK: - Tags

    private mutating func lexTag() throws(MustacheError) -> Token {
        let position = currentPosition
        let tagDelimiters = delimiters
        var contentStart = offset + open.count
        let sigil: UInt8? = contentStart < bytes.count ? bytes[contentStart] : nil

        let kind: TagKind
        var terminator = close
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false)
            terminator = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "#"): kind = .sectionOpen
        case UInt8(ascii: "^"): kind = .invertedSectionOpen
        case UInt8(ascii: "/"): kind = .sectionClose
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "="):
            kind = .setDelimiters
            terminator = [UInt8(ascii: "=")] + close
        default: kind = .variable(escaped: true)
        }
        if kind != .variable(escaped: true) { contentStart += 1 }  // past the sigil

        guard let contentEnd = find(terminator, from: contentStart) else {
            let terminatorText = String(decoding: terminator, as: UTF8.self)
            throw MustacheError(
                .unclosedTag, in: templateName, at: position,
                "unclosed tag '\(snippet(from: offset))': add '\(terminatorText)' to close it")
        }
        let rawContent = bytes[contentStart..<contentEnd]
        advance(to: contentEnd + terminator.count)

        var name = ""
        switch kind {
        case .comment: break
        case .setDelimiters: try setDelimiters(from: rawContent, at: position)
        default:
            name = string(trimmed(rawContent))
            try validate(name: name, kind: kind, at: position)
        }
        return Token(kind: .tag(kind), content: name, position: position, delimiters: tagDelimiters)
    }

    /// Checks what every tag name needs; dotted-name syntax is the parser's job.
    private func validate(name: String, kind: TagKind, at position: SourcePosition)
        throws(MustacheError)
    {
        let sigil = switch kind {
        case .variable(escaped: true): ""
        case .variable(escaped: false): "&"
        case .sectionOpen: "#"
        case .invertedSectionOpen: "^"
        case .sectionClose: "/"
        case .partial: ">"
        case .comment: "!"
        case .setDelimiters: "="
        }
        if name.isEmpty {
            throw MustacheError(
                .invalidTagName, in: templateName, at: position,
                "empty tag '\(delimiters.open)\(sigil)\(delimiters.close)': write a name "
                    + "between the delimiters, like '\(delimiters.open)\(sigil)name\(delimiters.close)'")
        }
        // Bytes, not `String.contains(String)`, which needs macOS 13 without Foundation.
        if Byte.utf8(of: name, contains: delimiters.open) {
            throw MustacheError(
                .unclosedTag, in: templateName, at: position,
                "unclosed tag: '\(delimiters.open)\(sigil)\(name)' runs into another "
                    + "'\(delimiters.open)'; add '\(delimiters.close)' to close it")
        }
        if name.utf8.contains(where: Byte.isWhitespace) {
            throw MustacheError(
                .invalidTagName, in: templateName, at: position,
                "tag name '\(name)' contains whitespace: a name is a single word or a dotted "
                    + "path like 'a.b'")
        }
    }

    private mutating func setDelimiters(from content: ArraySlice<UInt8>, at position: SourcePosition)
        throws(MustacheError)
    {
        let parts = content.split(whereSeparator: Byte.isWhitespace)
        let example = "\(delimiters.open)=<% %>=\(delimiters.close)"
        guard parts.count == 2 else {
            throw MustacheError(
                .invalidDelimiters, in: templateName, at: position,
                "invalid set-delimiter tag '\(delimiters.open)=\(string(trimmed(content)))="
                    + "\(delimiters.close)': write two delimiters separated by a space, like '\(example)'")
        }
        if parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) {
            throw MustacheError(
                .invalidDelimiters, in: templateName, at: position,
                "invalid set-delimiter tag: delimiters must not contain '=', like '\(example)'")
        }
        open = Array(parts[0])
        close = Array(parts[1])
        delimiters = Delimiters(open: string(parts[0]), close: string(parts[1]))
    }

    // MARK: - Bytes

    private var currentPosition: SourcePosition {
        SourcePosition(line: line, column: column)
    }

    /// Moves to `newOffset`, counting the lines and characters passed on the way.
    private mutating func advance(to newOffset: Int) {
        var index = offset
        while index < newOffset {
            if bytes[index] == Byte.newline {
                line += 1
                column = 1
            } else if !Byte.isContinuation(bytes[index]) {
                column += 1
            }
            index += 1
        }
        offset = newOffset
    }

    private func matches(_ needle: [UInt8], at index: Int) -> Bool {
        guard !needle.isEmpty, index + needle.count <= bytes.count else { return false }
        for (delta, byte) in needle.enumerated() where bytes[index + delta] != byte {
            return false
        }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if matches(needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = slice.firstIndex(where: { !Byte.isWhitespace($0) }),
              let last = slice.lastIndex(where: { !Byte.isWhitespace($0) })
        else { return [] }
        return slice[first...last]
    }

    private func string(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }

    /// The start of an unclosed tag for an error message: its first line, at most 30 bytes
    /// (cut on a character boundary).
    private func snippet(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 30, bytes[end] != Byte.newline, bytes[end] != Byte.carriageReturn {
            end += 1
        }
        while end < bytes.count, end > start, Byte.isContinuation(bytes[end]) {
            end -= 1
        }
        return string(bytes[start..<end])
    }
}

/// The ASCII bytes the lexer looks for.
enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }

    /// A UTF-8 byte that continues a multi-byte character rather than starting one.
    static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0b1100_0000 == 0b1000_0000
    }

    /// Whether the UTF-8 of `text` contains that of `part`.
    static func utf8(of text: String, contains part: String) -> Bool {
        let text = Array(text.utf8), part = Array(part.utf8)
        guard !part.isEmpty, text.count >= part.count else { return part.isEmpty }
        return (0...(text.count - part.count)).contains { text[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
