/// Finds the first character flaggen refuses anywhere in a manifest, with its line and column.
///
/// libyaml refuses control characters too ("control characters are not allowed") but reports
/// them at the start of the file; found first, a raw NUL, BEL, ESC or DEL is reported where it
/// is. NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR are line breaks to libyaml (YAML 1.1) but not
/// to YAML 1.2 or editors: libyaml's line numbers after one are off from the editor's, and a
/// quoted value holding one is folded into a space, so they are refused as well.
enum ControlCharacters {
    /// What is wrong with the first refused character of valid UTF-8 `bytes`, and where it is:
    /// C0 controls other than tab, line feed and carriage return, DEL, C1 controls, U+2028,
    /// U+2029, U+FFFE and U+FFFF.
    /// With `acceptingLineBreaks`, NEL, LS and PS pass, read as libyaml reads them (`breaking`
    /// reads an earlier manifest as it was read when it was committed).
    static func firstProblem(in bytes: [UInt8], acceptingLineBreaks: Bool = false) -> (message: String, location: SourceLocation)? {
        guard mayHoldRefused(bytes) else { return nil }
        var position = LinePosition()
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if let message = problem(with: scalar), !(acceptingLineBreaks && lineBreaks[scalar.value] != nil) {
                return (message, position.location)
            }
            position.advance(past: scalar)
        }
        return nil
    }

    /// Fast path: the bytes that can start a refused character are few.
    private static func mayHoldRefused(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 || byte == 0xEF {
                return true
            }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return true }
        }
        return false
    }

    private static let lineBreaks: [UInt32: String] = [0x85: "NEXT LINE", 0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR"]

    private static func problem(with scalar: Unicode.Scalar) -> String? {
        let code = SourceText.hex(scalar.value, digits: 4)
        if let name = lineBreaks[scalar.value] {
            return "U+\(code) (\(name)) is a line break to flaggen's YAML reader (YAML 1.1) but not to YAML 1.2 or your editor, so it would shift every line number after it or turn into a space; write it as the escape \\u\(code) inside a double-quoted string, or remove it"
        }
        switch scalar.value {
        case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF:
            let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x1B: "ESC", 0x7F: "DEL"]
            let name = "U+" + code + (names[scalar.value].map { " (\($0))" } ?? "")
            return "the control character \(name) is not allowed in YAML, not even inside quotes; remove it, or write it as an escape such as \\x1B inside a double-quoted string"
        default:
            return nil
        }
    }
}
