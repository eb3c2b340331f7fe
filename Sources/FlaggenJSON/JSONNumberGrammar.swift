/// The RFC 8259 number grammar:
/// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
enum JSONNumberGrammar {
    /// `true` when `bytes` is exactly one JSON number.
    static func isValid<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
        func advance() { index = bytes.index(after: index) }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        func digits() -> Bool {
            guard isDigit(peek()) else { return false }
            while isDigit(peek()) { advance() }
            return true
        }

        if peek() == UInt8(ascii: "-") { advance() }
        if peek() == UInt8(ascii: "0") {
            advance()
        } else if !digits() {
            return false
        }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard digits() else { return false }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard digits() else { return false }
        }
        return index == bytes.endIndex
    }
}
