/// Character classes of ASCII bytes, for the rules that read names and numbers byte by byte:
/// every character they allow is ASCII, and no byte of a multi-byte UTF-8 character is.
extension UInt8 {
    /// `0` to `9`.
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// `a` to `z`.
    var isASCIILowercase: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
    /// `A` to `Z`.
    var isASCIIUppercase: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    /// `A` to `Z` and `a` to `z`.
    var isASCIILetter: Bool { isASCIILowercase || isASCIIUppercase }
}
