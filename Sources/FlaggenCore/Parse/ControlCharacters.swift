/// Finds the first character YAML does not allow anywhere in a file, with its line and column.
///
/// libyaml refuses these too ("control characters are not allowed") but reports them at the
/// start of the file; found first, a raw NUL, BEL, ESC or DEL is reported where it is.
enum ControlCharacters {
    /// The first character of valid UTF-8 `bytes` that YAML 1.1 refuses, and where it is: C0
    /// controls other than tab, line feed and carriage return, DEL, C1 controls other than NEL,
    /// U+FFFE and U+FFFF.
    static func first(in bytes: [UInt8]) -> (scalar: Unicode.Scalar, location: SourceLocation)? {
        // Fast path: the bytes that can start a refused character are few.
        guard bytes.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF })
        else { return nil }
        var position = LinePosition()
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if isRefused(scalar) { return (scalar, position.location) }
            position.advance(past: scalar)
        }
        return nil
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x85: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// How to name a refused character in a message: `U+001B (ESC)`.
    static func name(of scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x1B: "ESC", 0x7F: "DEL"]
        return "U+" + SourceText.hex(scalar.value, digits: 4) + (names[scalar.value].map { " (\($0))" } ?? "")
    }
}
