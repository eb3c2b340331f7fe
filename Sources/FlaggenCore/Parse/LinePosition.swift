/// A line and column in YAML text, moved on character by character, with line breaks counted
/// as libyaml counts them (LF, CR, CR LF, NEL, LS and PS), so what flaggen finds itself is
/// reported where libyaml would report it.
struct LinePosition {
    private(set) var location = SourceLocation(line: 1, column: 1)
    private var previous: Unicode.Scalar = "\0"

    /// Moves past `scalar`.
    mutating func advance(past scalar: Unicode.Scalar) {
        switch scalar {
        case "\n" where previous == "\r":
            break
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
            location = SourceLocation(line: location.line + 1, column: 1)
        default:
            location.column += 1
        }
        previous = scalar
    }

    /// Where the text after `bytes` (well-formed UTF-8) starts.
    static func after(_ bytes: some Collection<UInt8>) -> SourceLocation {
        var position = LinePosition()
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { position.advance(past: scalar) }
        return position.location
    }
}
