/// What an unquoted YAML scalar means under the YAML 1.2 core schema.
///
/// Quoted scalars are always strings. YAML 1.1's `yes`/`no`/`on`/`off` are strings here, as
/// in YAML 1.2; the validator points that out when a bool was expected.
public enum PlainScalar: Sendable, Equatable {
    case null
    case bool(Bool)
    /// An integer; `nil` when it does not fit in 64 bits.
    case int(Int?)
    /// A floating-point number, possibly infinite or NaN (`.inf`, `.nan`, `1e999`).
    case double(Double)
    case string

    /// What a plain scalar of this kind is called in messages: "an int", "a bool", ...
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int: "an int"
        case .double: "a number"
        case .string: "a string"
        }
    }

    /// Resolves plain-scalar text to its core-schema type.
    public static func resolve(_ text: String) -> PlainScalar {
        var text = text
        return text.withUTF8 { resolve($0) }
    }

    /// Resolves plain-scalar text, given as UTF-8 bytes, to its core-schema type.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> PlainScalar {
        // Fast path: text that starts with an ASCII letter is a string, unless it may be a
        // null or a bool (`null`, `true`, `False`, ...), which start with n, t or f.
        if let first = bytes.first,
            (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
        {
            switch first | 0x20 {
            case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "f"): break
            default: return .string
            }
        }
        // Comparing bytes is comparing strings here: no other text is canonically equivalent
        // to these ASCII words (only K, ';' and '`' have non-ASCII equivalents).
        // No word is longer than five bytes or starts with a digit, as numbers do.
        if bytes.count <= 5, !(bytes.first.map(isDigit) ?? false) {
            for (word, meaning) in words where bytes.hasSameBytes(as: word) {
                return meaning
            }
        }
        if isDecimalInteger(bytes) { return .int(Int(String(decoding: bytes, as: UTF8.self))) }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x"), bytes.dropFirst(2).allSatisfy(isHexDigit) {
                return .int(Int(String(decoding: bytes.dropFirst(2), as: UTF8.self), radix: 16))
            }
            if bytes[1] == UInt8(ascii: "o"), bytes.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                return .int(Int(String(decoding: bytes.dropFirst(2), as: UTF8.self), radix: 8))
            }
        }
        if isCoreFloat(bytes), let value = Double(String(decoding: bytes, as: UTF8.self)) { return .double(value) }
        return .string
    }

    /// The words that mean null, a bool or a special number.
    private static let words: [(word: [UInt8], meaning: PlainScalar)] = {
        let null: [String] = ["", "~", "null", "Null", "NULL"]
        let yes: [String] = ["true", "True", "TRUE"]
        let no: [String] = ["false", "False", "FALSE"]
        let infinity: [String] = [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"]
        let negativeInfinity: [String] = ["-.inf", "-.Inf", "-.INF"]
        let nan: [String] = [".nan", ".NaN", ".NAN"]
        var words: [(word: [UInt8], meaning: PlainScalar)] = []
        for (texts, meaning) in [
            (null, PlainScalar.null), (yes, .bool(true)), (no, .bool(false)), (infinity, .double(.infinity)),
            (negativeInfinity, .double(-.infinity)), (nan, .double(.nan)),
        ] {
            for text in texts { words.append((Array(text.utf8), meaning)) }
        }
        return words
    }()

    /// `[-+]?[0-9]+`
    static func isDecimalInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    static func isCoreFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func digitRun() -> Int {
            let start = index
            while let byte = peek(), isDigit(byte) { index += 1 }
            return index - start
        }
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
        let integerDigits = digitRun()
        var fractionDigits = 0
        if peek() == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digitRun()
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
            guard digitRun() > 0 else { return false }
        }
        return index == bytes.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
