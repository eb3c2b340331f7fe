import FlaggenJSON

/// Swift source text for values from the manifest: string, number and config literals, and
/// doc-comment lines. Every literal reads back as exactly the manifest's value.
public enum SwiftLiteral {
    /// A double-quoted string literal. Escapes quotes, backslashes (so `\(` stays text), control
    /// characters and bidirectional-text controls (so the source cannot display misleadingly).
    public static func string(_ text: String) -> String {
        // Fast path: printable ASCII without a quote or a backslash needs no escape.
        if PrintableASCII.check(text, excluding: (UInt8(ascii: "\""), UInt8(ascii: "\\"), 0)) {
            return SourceText.quoted(text)
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if SourceText.needsEscape(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The widest line swift-format's default configuration accepts.
    public static let lineLength = 100

    /// A string literal for a line that already holds `used` columns before it and `trailing`
    /// after it. When the one-line form would be too long, a multi-line literal with line
    /// continuations is used instead; its lines are indented by `indent` spaces. Both forms
    /// hold exactly `text`.
    public static func string(_ text: String, used: Int, trailing: Int, indent: Int) -> String {
        if PrintableASCII.check(text, excluding: (UInt8(ascii: "\""), UInt8(ascii: "\\"), 0)) {
            if used + text.utf8.count + 2 + trailing <= lineLength { return SourceText.quoted(text) }
            return multilineString(plainASCII: text, indent: indent)
        }
        let single = string(text)
        if used + SourceText.width(single) + trailing <= lineLength { return single }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        var width = 0
        let budget = max(20, lineLength - indent - 2)
        for scalar in text.unicodeScalars {
            // The escape for the scalar, if it needs one; otherwise the scalar is its own piece,
            // one column wide.
            let escape: String?
            switch scalar {
            case "\\": escape = "\\\\"
            case "\"": escape = "\\\""
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\0": escape = "\\0"
            default:
                escape = SourceText.needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
            }
            let pieceWidth = escape.map { $0.utf8.count } ?? 1
            // Break after a space when the line is full; a line never starts with a space, so
            // the literal's indentation stripping cannot eat content.
            if width + pieceWidth > budget, !current.isEmpty, current.last == " " || width + pieceWidth > budget + 20,
                scalar != " "
            {
                lines.append(current)
                current = ""
                width = 0
            }
            if let escape {
                current += escape
            } else {
                current.unicodeScalars.append(scalar)
            }
            width += pieceWidth
        }
        lines.append(current)
        var result = "\"\"\"\n"
        for (index, line) in lines.enumerated() {
            result += pad + line + (index < lines.count - 1 ? "\\\n" : "\n")
        }
        return result + pad + "\"\"\""
    }

    /// The multi-line form of ``string(_:used:trailing:indent:)`` for printable ASCII without
    /// a quote or a backslash: every byte is one column and needs no escape, so the lines are
    /// cut at the same places, byte by byte, straight into the result's storage.
    private static func multilineString(plainASCII text: String, indent: Int) -> String {
        let space = UInt8(ascii: " ")
        let budget = max(20, lineLength - indent - 2)
        return SourceText.withUTF8(of: text) { bytes in
            // Every line but the last holds at least `budget` bytes, which bounds the breaks.
            let breaks = bytes.count / budget
            let capacity = 4 + indent + bytes.count + breaks * (2 + indent) + 1 + indent + 3
            return String(unsafeUninitializedCapacity: capacity) { result in
                var end = 0
                func write(_ byte: UInt8, times: Int = 1) {
                    for _ in 0..<times {
                        precondition(end < result.count, "the literal is longer than its capacity")
                        result[end] = byte
                        end += 1
                    }
                }
                write(UInt8(ascii: "\""), times: 3)
                write(UInt8(ascii: "\n"))
                write(space, times: indent)
                // The current line's width, and the byte before the next one.
                var width = 0
                var last: UInt8 = 0
                for byte in bytes {
                    // Break after a space when the line is full; a line never starts with a space.
                    if width + 1 > budget, width > 0, last == space || width + 1 > budget + 20, byte != space {
                        write(UInt8(ascii: "\\"))
                        write(UInt8(ascii: "\n"))
                        write(space, times: indent)
                        width = 0
                    }
                    write(byte)
                    last = byte
                    width += 1
                }
                write(UInt8(ascii: "\n"))
                write(space, times: indent)
                write(UInt8(ascii: "\""), times: 3)
                return end
            }
        }
    }

    /// An integer literal, grouped by thousands as swift-format expects (`1_000_000`).
    public static func int(_ value: Int) -> String {
        SourceText.groupedDecimal(value)
    }

    /// A floating-point literal that reads back as exactly `value` (finite values only).
    /// Subnormal numbers are written in hexadecimal (`0x1p-1074`): exact, and Swift warns about
    /// decimal literals that underflow.
    public static func double(_ value: Double) -> String {
        if value.isSubnormal {
            return (value.sign == .minus ? "-" : "") + "0x\(String(value.significandBitPattern, radix: 16))p-1074"
        }
        return SourceText.shortestDouble(value)
    }

    /// A bool literal.
    public static func bool(_ value: Bool) -> String { value ? "true" : "false" }
}

/// Helpers shared by the Swift and Kotlin literal writers.
enum SourceText {
    /// Control characters, and the bidirectional-text controls that "Trojan Source" attacks use.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    /// `text` between double quotes, built in one allocation.
    static func quoted(_ text: String) -> String {
        concatenated("\"", text, "\"")
    }

    /// The pieces one after another, copied into one string of exactly their length: no
    /// intermediate string and no regrowth, as `+` and `+=` would make.
    static func concatenated(_ first: String, _ second: String, _ third: String = "") -> String {
        let count = first.utf8.count + second.utf8.count + third.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = buffer.initialize(fromContentsOf: first.utf8)
            end = buffer[end...].initialize(fromContentsOf: second.utf8)
            return buffer[end...].initialize(fromContentsOf: third.utf8)
        }
    }

    /// Appends the UTF-8 bytes of `text` to `bytes`, copied at once where the string stores
    /// them contiguously (native and small strings do).
    static func append(_ text: String, to bytes: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends the UTF-8 bytes of a literal, such as `",\n"`, to `bytes`.
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `count` spaces to `bytes`, in one append.
    static func appendSpaces(_ count: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, count)))
    }

    /// `-1_234_567`; numbers below 10,000 stay ungrouped.
    static func groupedDecimal(_ value: Int) -> String {
        guard value.magnitude >= 10_000 else { return String(value) }
        let digits = String(value.magnitude)
        // Digits are ASCII: one byte per character.
        let count = digits.utf8.count
        var grouped = value < 0 ? "-" : ""
        grouped.reserveCapacity(grouped.utf8.count + count + count / 3)
        for (index, digit) in digits.utf8.enumerated() {
            if index > 0, (count - index) % 3 == 0 { grouped += "_" }
            grouped.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return grouped
    }

    /// Swift's shortest round-trip form, which always has a `.` or an exponent: `1.0`, `0.1`,
    /// `1e-05`, `5e-324`. The same on every platform (Swift's own algorithm, not the C library's).
    static func shortestDouble(_ value: Double) -> String {
        let text = value.description
        // The description is ASCII, so its bytes are its characters.
        if text.utf8.contains(UInt8(ascii: ".")) || text.utf8.contains(UInt8(ascii: "e")) { return text }
        return text + ".0"
    }

    /// Calls `body` with the UTF-8 bytes of `text`: in place when the string stores them
    /// contiguously (native and small strings do), otherwise from a copy.
    @inline(__always)
    static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// True when every UTF-8 byte of `text` satisfies `predicate`. Reads the bytes in place
    /// when the string stores them contiguously (native and small strings do).
    @inline(__always)
    static func allBytes(of text: String, where predicate: (UInt8) -> Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ bytes in
            // Every byte is tested, without stopping at the first failure: a loop that only
            // accumulates is one the compiler can vectorize, many bytes per instruction.
            var failures: UInt8 = 0
            for byte in bytes { failures |= predicate(byte) ? 0 : 1 }
            return failures == 0
        }) {
            return result
        }
        return text.utf8.allSatisfy(predicate)
    }

    /// The number of characters in `text`, as `text.count` gives it, without walking grapheme
    /// clusters when the text is ASCII without a carriage return (each byte is then one character).
    static func width(_ text: String) -> Int {
        allBytes(of: text) { $0 < 0x80 && $0 != 0x0D } ? text.utf8.count : text.count
    }

    /// True when `text` is printable ASCII (U+0020...U+007E) only: no control, format or
    /// non-ASCII character, so it needs none of the escapes and replacements above.
    static func isPrintableASCII(_ text: String) -> Bool {
        PrintableASCII.check(text)
    }

    /// True when ``commentLines(_:)`` is `[text]` because `text` needs no change: printable
    /// ASCII (so no line feed) without a trailing space.
    static func isSingleCommentLine(_ text: String) -> Bool {
        isPrintableASCII(text) && text.utf8.last != 0x20
    }

    /// Doc-comment lines for a text: one line per source line, trailing spaces removed.
    static func commentLines(_ text: String) -> [String] {
        // Fast path: printable ASCII and line feeds need no replacement; splitting at line-feed
        // bytes is then the same as splitting at "\n" characters.
        if allBytes(of: text, where: { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) {
            if allBytes(of: text, where: { $0 != 0x0A }), text.utf8.last != 0x20 { return [text] }
            return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                var end = line.endIndex
                while end > line.startIndex, line[line.index(before: end)] == 0x20 { end = line.index(before: end) }
                return String(Substring(line[line.startIndex..<end]))
            }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var cleaned = ""
            for scalar in line.unicodeScalars {
                if scalar == "\r" { continue }
                if needsEscape(scalar) {
                    cleaned += scalar == "\t" ? "  " : "\u{FFFD}"
                } else {
                    cleaned.unicodeScalars.append(scalar)
                }
            }
            while cleaned.last == " " { cleaned.removeLast() }
            return cleaned
        }
    }
}
