/// Finds the first byte that makes a file invalid UTF-8, with its line and column.
enum UTF8Check {
    struct InvalidByte {
        var byte: UInt8
        var offset: Int
        var location: SourceLocation
    }

    static func firstInvalidByte(in bytes: [UInt8]) -> InvalidByte? {
        // Most files are valid: only a file with an invalid byte pays for counting lines.
        if isValid(bytes) { return nil }
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                return InvalidByte(byte: bytes[index], offset: index, location: SourceLocation(line: line, column: column))
            }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// The text of `bytes` when they are well-formed UTF-8, else nil. (The standard library's
    /// `String(validating:as:)` needs macOS 15; flaggen runs on macOS 12.)
    static func string(_ bytes: some Collection<UInt8>) -> String? {
        let array = Array(bytes)
        return isValid(array) ? String(decoding: array, as: UTF8.self) : nil
    }

    /// Whether every byte belongs to a well-formed UTF-8 sequence.
    private static func isValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 (RFC 3629 table 3-7).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
