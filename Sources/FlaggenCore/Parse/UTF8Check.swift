// Unsafe APIs here: a valid file's decoded text is compared with its bytes in place, in one pass.

/// Finds the first byte that makes a file invalid UTF-8, with its line and column.
enum UTF8Check {
    /// The first byte of `bytes` that is not part of well-formed UTF-8, its offset and where it is.
    static func firstInvalidByte(in bytes: [UInt8]) -> (byte: UInt8, offset: Int, location: SourceLocation)? {
        // Most files are valid: only a file that is not is walked scalar by scalar (at 15 MB,
        // 0.6 s in a release build, where the check of a valid file takes milliseconds).
        guard string(bytes) == nil, let offset = firstInvalidOffset(bytes) else { return nil }
        // Every byte before `offset` is valid UTF-8.
        return (bytes[offset], offset, LinePosition.after(bytes[..<offset]))
    }

    /// The text of `bytes` when they are well-formed UTF-8, else nil. (The standard library's
    /// `String(validating:as:)` needs macOS 15; flaggen runs on macOS 12.)
    static func string(_ bytes: some Collection<UInt8>) -> String? {
        let array = Array(bytes)
        var text = String(decoding: array, as: UTF8.self)
        // Decoding replaces each ill-formed sequence with U+FFFD, so the text's bytes are the
        // input's exactly when the input is well-formed.
        return text.withUTF8 { $0.elementsEqual(array) } ? text : nil
    }

    /// `bytes` as text, with each byte that is not part of a well-formed sequence written as
    /// `\xE9`: a name that is not UTF-8, shown without losing which bytes it has.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { text += "\\x" + SourceText.hex(UInt32(byte), digits: 2) }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// Where the first byte that is not part of a well-formed UTF-8 sequence is (overlong forms,
    /// surrogates, values above U+10FFFF and cut-off sequences are not), or nil.
    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
