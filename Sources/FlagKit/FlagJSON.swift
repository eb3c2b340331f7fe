import Foundation

// Unsafe APIs here: the saved copy is parsed in place at every app start, before the first screen
// (docs/performance.md: 0.24 ms for 1,000 flags, where JSONDecoder took 1.4-2 ms).

/// A small, strict JSON reader and writer for `FlagValue`.
///
/// The saved copy is read at every start, before the first screen, so reading it must be fast:
/// this parser goes straight from UTF-8 bytes to `FlagValue` without trial decoding. It never
/// traps on input: malformed, truncated or too deeply nested text gives `nil`, and so do bytes
/// that are not well-formed UTF-8 (RFC 8259: JSON exchanged between systems is UTF-8; repairing
/// them with U+FFFD would read differently from the generated Kotlin, whose decoder repairs
/// otherwise, so both refuse them), an object with two members of the same name (RFC 8259
/// leaves their meaning open; FlagKit and the generated Kotlin both refuse them) and a number
/// outside the double range.
enum FlagJSON {
    /// Parses one JSON value that fills `data` (whitespace around it is allowed), or returns `nil`.
    static func parse(_ data: Data) -> FlagValue? {
        data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.parseDocument()
        }
    }

    /// The compact JSON text of `value`, with object keys sorted so equal values give equal bytes.
    /// Numbers that are not finite (which JSON cannot hold) are written as `null`.
    static func serialize(_ value: FlagValue) -> Data {
        var writer = Writer()
        writer.write(value)
        return Data(writer.bytes)
    }

    // MARK: - Reading

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func parseDocument() -> FlagValue? {
            skipWhitespace()
            guard let value = parseValue(depth: 0) else { return nil }
            skipWhitespace()
            guard index == bytes.count else { return nil }
            return value
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func parseValue(depth: Int) -> FlagValue? {
            guard let byte = current else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): return parseString().map(FlagValue.string)
            case UInt8(ascii: "t"): return parseWord("true", .bool(true))
            case UInt8(ascii: "f"): return parseWord("false", .bool(false))
            case UInt8(ascii: "n"): return parseWord("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return parseNumber()
            default: return nil
            }
        }

        private mutating func parseWord(_ word: StaticString, _ value: FlagValue) -> FlagValue? {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { return nil }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            for offset in 0..<count where bytes[index + offset] != expected[offset] {
                return nil
            }
            index += count
            return value
        }

        private mutating func parseObject(depth: Int) -> FlagValue? {
            guard depth <= FlagLimits.maximumDepth else { return nil }
            index += 1  // {
            var object: [String: FlagValue] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\""), let key = parseString() else { return nil }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                guard let value = parseValue(depth: depth),
                      object.updateValue(value, forKey: key) == nil  // a duplicate name
                else { return nil }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(object)
                default: return nil
                }
            }
        }

        private mutating func parseArray(depth: Int) -> FlagValue? {
            guard depth <= FlagLimits.maximumDepth else { return nil }
            index += 1  // [
            var array: [FlagValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                skipWhitespace()
                guard let value = parseValue(depth: depth) else { return nil }
                array.append(value)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(array)
                default: return nil
                }
            }
        }

        /// Reads a string starting at its opening quote; `nil` when its bytes are not well-formed
        /// UTF-8. Only strings can hold bytes past ASCII, so this checks the whole document's.
        private mutating func parseString() -> String? {
            index += 1  // opening quote
            let start = index
            // Every raw byte ORed together: below 0x80 when the string is ASCII, which needs no check.
            var seen: UInt8 = 0
            // Fast path: no escapes.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    let text = String(decoding: raw, as: UTF8.self)
                    // Decoding repairs ill-formed bytes with U+FFFD, so different bytes come back.
                    guard seen < 0x80 || text.utf8.elementsEqual(raw) else { return nil }
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                seen |= byte
                index += 1
            }
            guard index < bytes.count else { return nil }
            var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    // Escapes add whole sequences, so the text is well-formed when its raw bytes are.
                    let text = String(decoding: scratch, as: UTF8.self)
                    guard seen < 0x80 || text.utf8.elementsEqual(scratch) else { return nil }
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escape = current else { return nil }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                    case UInt8(ascii: "b"): scratch.append(0x08)
                    case UInt8(ascii: "f"): scratch.append(0x0C)
                    case UInt8(ascii: "n"): scratch.append(0x0A)
                    case UInt8(ascii: "r"): scratch.append(0x0D)
                    case UInt8(ascii: "t"): scratch.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = parseUnicodeEscape() else { return nil }
                        scratch.append(contentsOf: String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    scratch.append(byte)
                    seen |= byte
                    index += 1
                }
            }
            return nil
        }

        /// Reads the four hex digits after `\u` (and a low surrogate's `\uXXXX` after a high one).
        /// A lone surrogate becomes U+FFFD.
        private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
            guard let first = parseHex4() else { return nil }
            if (0xD800...0xDBFF).contains(first) {
                if bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    if let second = parseHex4(), (0xDC00...0xDFFF).contains(second) {
                        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        return Unicode.Scalar(combined)
                    }
                    index = save
                }
                return Unicode.Scalar(0xFFFD)
            }
            return Unicode.Scalar(first) ?? Unicode.Scalar(0xFFFD)
        }

        private mutating func parseHex4() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        private mutating func parseNumber() -> FlagValue? {
            let start = index
            var negative = false
            if current == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            // Integer part: 0, or a non-zero digit and more digits.
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
            var whole: Int = 0
            var overflow = false
            if first == UInt8(ascii: "0") {
                index += 1
            } else {
                while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    let digit = Int(byte - UInt8(ascii: "0"))
                    // Accumulate negatively so Int.min fits.
                    let (times10, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.subtractingReportingOverflow(digit)
                    if o1 || o2 { overflow = true } else { whole = next }
                    index += 1
                }
            }
            var isInteger = true
            if current == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard skipDigits() else { return nil }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard skipDigits() else { return nil }
            }
            if isInteger && !overflow {
                if negative { return .int(whole) }
                let (positive, o) = (0).subtractingReportingOverflow(whole)
                if !o { return .int(positive) }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let double = Double(text), double.isFinite else { return nil }
            return .double(double)
        }

        /// Skips one or more digits; false when there is none.
        private mutating func skipDigits() -> Bool {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > start
        }
    }

    // MARK: - Writing

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ value: FlagValue) {
            switch value {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .int(let number): append(String(number))
            case .double(let number):
                if number.isFinite { append(number.description) } else { append("null") }
            case .string(let text): writeString(text)
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                for (offset, element) in elements.enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(element)
                }
                bytes.append(UInt8(ascii: "]"))
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                for (offset, key) in members.keys.sorted().enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    writeString(key)
                    bytes.append(UInt8(ascii: ":"))
                    if let member = members[key] { write(member) }
                }
                bytes.append(UInt8(ascii: "}"))
            }
        }

        private mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

        private mutating func writeString(_ text: String) {
            let hex = Self.hex
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0..<0x20:
                    append("\\u00")
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
