/// PostgreSQL text for values from the manifest: string constants that read back as exactly the
/// manifest's text, and comment text that cannot end a comment early.
///
/// The seed sets `standard_conforming_strings = on`, so inside `'...'` a backslash is an ordinary
/// character and only `'` needs escaping (written `''`). Text that holds control characters or
/// invisible formatting characters (bidirectional controls, zero-width characters, the byte order
/// mark) is written as a Unicode escape constant, `U&'...'`, with those characters as `\XXXX` or
/// `\+XXXXXX`, so the file shows no raw control bytes and cannot display misleadingly. U+0000 has
/// no representation in PostgreSQL text: validation refuses it (``PostgresRules``); written
/// anyway, it becomes `\0000`, which PostgreSQL refuses on load.
enum PostgresSeedLiteral {
    /// A string constant: `'it''s'`, or `U&'line\000Atwo'` when the text needs escapes.
    static func string(_ text: String) -> String {
        // Fast path: printable ASCII has no control or format character, so no escape constant.
        if SourceText.isPrintableASCII(text) {
            guard !SourceText.allBytes(of: text, where: { $0 != UInt8(ascii: "'") }) else { return "'" + text + "'" }
            var result = "'"
            for scalar in text.unicodeScalars {
                if scalar == "'" { result += "''" } else { result.unicodeScalars.append(scalar) }
            }
            return result + "'"
        }
        let escaped = text.unicodeScalars.contains(where: needsEscape)
        var result = escaped ? "U&'" : "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": result += "''"
            case "\\" where escaped: result += "\\\\"
            default:
                if needsEscape(scalar) {
                    result += unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// Appends ``string(_:)`` of `text`, its bytes copied straight in when no quote needs doubling.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        // One pass over the text's own bytes: checked, then copied.
        let copied = text.utf8.withContiguousStorageIfAvailable { appendPlain($0, to: &bytes) }
        if copied != true { bytes.append(contentsOf: string(text).utf8) }
    }

    /// Appends ``string(_:)`` of the UTF-8 text `utf8`, copied straight in when no quote needs
    /// doubling.
    static func appendString(utf8: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        let copied = utf8.withMemoryRebound(to: UInt8.self) { appendPlain($0, to: &bytes) }
        if !copied {
            bytes.append(contentsOf: string(String(decoding: utf8, as: UTF8.self)).utf8)
        }
    }

    /// Appends `'utf8'` and returns true when `utf8` is printable ASCII without a `'`, the
    /// text ``string(_:)`` copies unchanged; else appends nothing and returns false.
    private static func appendPlain(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        guard isPlain(utf8) else { return false }
        bytes.append(UInt8(ascii: "'"))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "'"))
        return true
    }

    /// True when every byte is printable ASCII (0x20...0x7E) other than `'`.
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(utf8)
        var index = 0
        // Eight bytes at a time; `loadUnaligned` stays inside the buffer (index + 8 <= count).
        while index + 8 <= raw.count {
            if hasUnplainByte(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return false }
            index += 8
        }
        while index < raw.count {
            let byte = raw[index]
            if byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "'") { return false }
            index += 1
        }
        return true
    }

    /// Whether any of the eight bytes of `word` is below 0x20, above 0x7E or `'` (the bit
    /// tricks "has less", "has more" and "has zero byte" of Bit Twiddling Hacks, exact as yes/no
    /// answers).
    private static func hasUnplainByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below0x20 = (word &- ones &* 0x20) & ~word & highs
        let above0x7E = ((word &+ ones) | word) & highs
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "'")))
        let quote = (quotes &- ones) & ~quotes & highs
        return (below0x20 | above0x7E | quote) != 0
    }

    /// Appends ``optionalString(_:)`` of `text`.
    static func appendString(orNULL text: String?, to bytes: inout [UInt8]) {
        if let text {
            appendString(text, to: &bytes)
        } else {
            bytes.append(contentsOf: [0x4E, 0x55, 0x4C, 0x4C])
        }
    }

    /// A string constant, or `NULL` for nil.
    static func optionalString(_ text: String?) -> String {
        text.map(string) ?? "NULL"
    }

    /// True when `text` holds U+0000, which neither PostgreSQL text nor jsonb can store.
    static func containsNUL(_ text: String) -> Bool {
        !SourceText.allBytes(of: text) { $0 != 0 }
    }

    /// Text for a `--` comment line: control and invisible formatting characters become U+FFFD,
    /// so a line break in a file name cannot end the comment and turn the rest into SQL.
    static func commentText(_ text: String) -> String {
        if SourceText.isPrintableASCII(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(needsEscape(scalar) ? "\u{FFFD}" : scalar)
        }
        return result
    }

    /// Control characters (C0, DEL, C1), format characters (bidirectional controls, zero-width
    /// characters, U+FEFF) and the Unicode line and paragraph separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `\XXXX` in the Basic Multilingual Plane, `\+XXXXXX` above it (uppercase hex).
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value <= 0xFFFF {
            return "\\" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "\\+" + String(repeating: "0", count: 6 - hex.count) + hex
    }
}
