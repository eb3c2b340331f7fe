/// A line and column in YAML text, moved on character by character, with line breaks counted
/// as libyaml and editors count them (LF, CR, CR LF), so what flaggen finds itself is reported
/// where libyaml would report it. (libyaml also breaks lines at NEL, LS and PS, which
/// `ControlCharacters` refuses before libyaml reads the file.)
struct LinePosition {
    private(set) var location = SourceLocation(line: 1, column: 1)
    private var previous: Unicode.Scalar = "\0"

    /// Moves past `scalar`.
    mutating func advance(past scalar: Unicode.Scalar) {
        switch scalar {
        case "\n" where previous == "\r":
            break
        case "\n", "\r":
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
