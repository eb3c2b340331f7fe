/// What an unquoted YAML scalar means under the YAML 1.2 core schema.
///
/// Quoted scalars are always strings. YAML 1.1's `yes`/`no`/`on`/`off` are strings here, as
/// in YAML 1.2; the validator points that out when a bool was expected.
enum PlainScalar: Sendable, Equatable {
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
    static func resolve(_ text: String) -> PlainScalar {
        // Most plain scalars are words: one that starts with a letter other than n, t or f
        // (`null`, `true`, `False`, ...) is a string.
        if let first = text.utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z"),
            ![UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "f")].contains(first | 0x20)
        {
            return .string
        }
        // Compared as strings, which is comparing bytes here: no other text is canonically
        // equivalent to these ASCII words.
        if let meaning = words[text] { return meaning }
        let bytes = Array(text.utf8)
        if isDecimalInteger(bytes) { return .int(Int(text)) }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = String(decoding: bytes.dropFirst(2), as: UTF8.self)
            if bytes[1] == UInt8(ascii: "x"), bytes.dropFirst(2).allSatisfy(isHexDigit) { return .int(Int(digits, radix: 16)) }
            if bytes[1] == UInt8(ascii: "o"), bytes.dropFirst(2).allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) { return .int(Int(digits, radix: 8)) }
        }
        if isCoreFloat(bytes), let value = Double(text) { return .double(value) }
        return .string
    }

    /// The words that mean null, a bool or a special number.
    private static let words: [String: PlainScalar] = {
        var words: [String: PlainScalar] = [:]
        for (texts, meaning) in [
            (["", "~", "null", "Null", "NULL"], PlainScalar.null), (["true", "True", "TRUE"], .bool(true)),
            (["false", "False", "FALSE"], .bool(false)), ([".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"], .double(.infinity)),
            (["-.inf", "-.Inf", "-.INF"], .double(-.infinity)), ([".nan", ".NaN", ".NAN"], .double(.nan)),
        ] {
            for text in texts { words[text] = meaning }
        }
        return words
    }()

    /// `[-+]?[0-9]+`
    private static func isDecimalInteger(_ bytes: [UInt8]) -> Bool {
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isCoreFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func digitRun() -> Int {
            let start = index
            while let byte = peek(), byte.isASCIIDigit { index += 1 }
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

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        byte.isASCIIDigit || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
