/// A strict RFC 8259 JSON parser.
///
/// - Accepts exactly one JSON value, optionally surrounded by whitespace
///   (space, tab, `\n`, `\r`). The text must be valid UTF-8; a byte order mark
///   is rejected.
/// - Rejects trailing commas, comments, single quotes, leading zeros,
///   `NaN`/`Infinity`, unescaped control characters in strings, invalid
///   escapes, lone surrogates in `\u` escapes (surrogate pairs are combined),
///   duplicate object keys, and anything after the value.
/// - A number without fraction or exponent that fits `Int` becomes
///   ``JSONValue/int(_:)`` (`-0` becomes `.int(0)`); any other number becomes
///   ``JSONValue/double(_:)`` via Swift's correctly rounded `Double(String)`.
///   A number too large for a finite `Double` (e.g. `1e400`) is an error.
/// - Duplicate keys are detected with Swift `String` equality, so keys that
///   are canonically equivalent Unicode (`"\u00e9"` and `"e\u0301"`) are
///   duplicates too.
/// - Arrays and objects nest at most ``maximumDepth`` levels. The parser does
///   not recurse, so no input can overflow the stack.
public struct JSONParser: Sendable {
    /// The maximum nesting of arrays and objects: 512. `[[…]]` with 512
    /// brackets on each side parses; 513 is an error.
    public static let maximumDepth = 512

    /// Parses a JSON text.
    /// - Throws: ``JSONParseError`` with the line, column and what was expected.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(text.utf8)
    }

    /// Parses UTF-8 encoded JSON, e.g. a `[UInt8]`, `Data` or `String.UTF8View`.
    /// - Throws: ``JSONParseError`` with the line, column and what was expected,
    ///   also for invalid UTF-8.
    public static func parse<Bytes: Sequence>(_ bytes: Bytes) throws -> JSONValue where Bytes.Element == UInt8 {
        var parser = Parser(bytes: Array(bytes))
        return try parser.parseDocument()
    }
}

/// The parser's state: the input and the current byte offset.
private struct Parser {
    /// An array or object that is still open. Frames are mutated in place
    /// on the stack so that appending never copies the collected children.
    private struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The key of the member whose value is being parsed.
        var key = ""
    }

    let bytes: [UInt8]
    var position = 0

    // MARK: Structure

    mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error("a byte order mark (U+FEFF) is not allowed at the start of JSON text", at: 0)
        }
        let value = try parseValueTree()
        skipWhitespace()
        if position < bytes.count {
            throw error("expected end of input after the JSON value, found \(describe(at: position))", at: position)
        }
        return value
    }

    /// Parses one value with an explicit stack instead of recursion.
    private mutating func parseValueTree() throws -> JSONValue {
        var stack: [Frame] = []
        while true {
            // Expecting a value.
            skipWhitespace()
            var completed: JSONValue
            guard let byte = peek() else {
                throw error("expected a JSON value, found end of input", at: position)
            }
            switch byte {
            case UInt8(ascii: "["):
                try checkDepth(stack.count + 1)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    completed = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue
                }
            case UInt8(ascii: "{"):
                try checkDepth(stack.count + 1)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    completed = .object([:])
                } else {
                    let key = try parseKey(after: "'{'", members: [:])
                    stack.append(Frame(isObject: true, key: key))
                    continue
                }
            default:
                completed = try parseScalar(byte)
            }

            // A value is complete: add it to its container, then read what
            // follows; closing brackets complete the container in turn.
            closing: while true {
                guard !stack.isEmpty else { return completed }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    let key = stack[top].key
                    stack[top].members[key] = completed
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        stack[top].key = try parseKey(after: "','", members: stack[top].members)
                        break closing
                    case UInt8(ascii: "}"):
                        position += 1
                        completed = .object(stack.removeLast().members)
                    default:
                        throw error("expected ',' or '}' after an object member, found \(describe(at: position))", at: position)
                    }
                } else {
                    stack[top].elements.append(completed)
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        if peek() == UInt8(ascii: "]") {
                            throw error("expected a value after ',', found ']' (trailing commas are not allowed)", at: position)
                        }
                        break closing
                    case UInt8(ascii: "]"):
                        position += 1
                        completed = .array(stack.removeLast().elements)
                    default:
                        throw error("expected ',' or ']' after an array element, found \(describe(at: position))", at: position)
                    }
                }
            }
        }
    }

    /// Parses `"key"` and the `:` after it; whitespace before the key is
    /// already skipped. A key already in `members` is an error.
    private mutating func parseKey(after previous: String, members: [String: JSONValue]) throws -> String {
        let keyOffset = position
        guard peek() == UInt8(ascii: "\"") else {
            var message = "expected a string key in double quotes after \(previous), found \(describe(at: position))"
            if peek() == UInt8(ascii: "}") && previous == "','" {
                message += " (trailing commas are not allowed)"
            } else if peek() == UInt8(ascii: "'") {
                message += " (single quotes are not allowed)"
            }
            throw error(message, at: position)
        }
        let key = try parseString()
        if members[key] != nil {
            throw error("duplicate object key \(quoted(key))", at: keyOffset)
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected ':' after the object key \(quoted(key)), found \(describe(at: position))", at: position)
        }
        position += 1
        return key
    }

    private func checkDepth(_ depth: Int) throws {
        if depth > JSONParser.maximumDepth {
            throw error("arrays and objects nest deeper than the limit of \(JSONParser.maximumDepth)", at: position)
        }
    }

    /// Parses a string, number or literal at the current position, which holds `byte`.
    private mutating func parseScalar(_ byte: UInt8) throws -> JSONValue {
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"):
            return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"):
            return try parseLiteral("null", .null)
        default:
            var message = "expected a JSON value (object, array, string, number, true, false or null), found \(describe(at: position))"
            switch byte {
            case UInt8(ascii: "'"): message += " (strings must use double quotes)"
            case UInt8(ascii: "/"), UInt8(ascii: "#"): message += " (comments are not allowed)"
            case UInt8(ascii: "+"): message += " (numbers cannot start with '+')"
            case UInt8(ascii: "."): message += " (numbers need a digit before '.')"
            default: break
            }
            throw error(message, at: position)
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let start = position
        for expected in word.utf8 {
            guard peek() == expected else {
                throw error("invalid literal: expected '\(word)', found \(describe(at: position))", at: start)
            }
            position += 1
        }
        return value
    }

    // MARK: Numbers

    private mutating func parseNumber() throws -> JSONValue {
        let start = position
        var isInteger = true
        if peek() == UInt8(ascii: "-") {
            position += 1
        }
        if peek() == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), isDigit(next) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else if let next = peek(), isDigit(next) {
            skipDigits()
        } else {
            throw error("expected a digit in the number, found \(describe(at: position))", at: position)
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let next = peek(), isDigit(next) else {
                throw error("expected a digit after '.' in the number, found \(describe(at: position))", at: position)
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                position += 1
            }
            guard let next = peek(), isDigit(next) else {
                throw error("expected a digit in the exponent of the number, found \(describe(at: position))", at: position)
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) {
            return .int(integer)
        }
        guard let number = Double(text), number.isFinite else {
            throw error("the number \(text) is too large to represent as a Double", at: start)
        }
        return .double(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) {
            position += 1
        }
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws -> String {
        let start = position
        position += 1
        var buffer: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw error("unterminated string: expected a closing '\"' before the end of input", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0x00..<0x20:
                throw error("control character \(scalarName(UInt32(byte))) must be escaped in a string", at: position)
            case 0x00..<0x80:
                buffer.append(byte)
                position += 1
            default:
                guard let length = decodeScalar(at: position)?.length else {
                    throw error("invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2))", at: position)
                }
                buffer.append(contentsOf: bytes[position..<(position + length)])
                position += length
            }
        }
    }

    /// Parses an escape sequence starting at its backslash.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        let start = position
        position += 1
        guard let byte = peek() else {
            throw error("unterminated string: expected an escape sequence after '\\', found end of input", at: start)
        }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: start)
            var scalar = unit
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("lone low surrogate \\u\(hex(unit, width: 4)) (it must follow a high surrogate \\uD800-\\uDBFF)", at: start)
            }
            if (0xD800...0xDBFF).contains(unit) {
                let lowStart = position
                guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                    throw error("lone high surrogate \\u\(hex(unit, width: 4)) (it must be followed by a low surrogate \\uDC00-\\uDFFF)", at: start)
                }
                position += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("lone high surrogate \\u\(hex(unit, width: 4)) (it must be followed by a low surrogate \\uDC00-\\uDFFF, found \\u\(hex(low, width: 4)))", at: start)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            // Not a surrogate and at most U+10FFFF, so always a scalar.
            Unicode.UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { buffer.append($0) }
        default:
            throw error("invalid escape sequence '\\\(describeByte(byte))' (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    /// Reads four hex digits after `\u`.
    private mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek() {
            case let byte? where isDigit(byte):
                digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw error("expected four hex digits after '\\u', found \(describe(at: position))", at: position)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Decodes the scalar at `offset` strictly, as the standard library's UTF-8 parser does
    /// (overlong forms, surrogates, values above U+10FFFF and truncated sequences are
    /// ill-formed).
    private func decodeScalar(at offset: Int) -> (value: UInt32, length: Int)? {
        var iterator = bytes[offset...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return nil }
        return (Unicode.UTF8.decode(encoded).value, encoded.count)
    }

    // MARK: Helpers

    private func peek(offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    /// A short description of the input at `offset` for error messages.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        guard let (value, _) = decodeScalar(at: offset) else {
            return "invalid UTF-8 byte 0x\(hex(UInt32(bytes[offset]), width: 2))"
        }
        if value >= 0x21 && value < 0x7F {
            return "'\(describeByte(UInt8(value)))'"
        }
        if value < 0x80 || value == 0xFEFF || (0x2028...0x2029).contains(value) || (0x80...0x9F).contains(value) {
            return scalarName(value)
        }
        guard let scalar = Unicode.Scalar(value) else { return scalarName(value) }
        return "'\(String(Character(scalar)))' (\(scalarName(value)))"
    }

    private func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return String(Character(Unicode.Scalar(byte)))
        }
        return scalarName(UInt32(byte))
    }

    private func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value, width: 4)
    }

    private func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func quoted(_ key: String) -> String {
        var buffer: [UInt8] = []
        JSONWriter.appendQuoted(key, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// An error at `offset`, with its line and column computed from the input.
    private func error(_ message: String, at offset: Int) -> JSONParseError {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return JSONParseError(line: line, column: column, byteOffset: end, message: message)
    }
}
