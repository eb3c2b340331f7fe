/// An integer's decimal text written straight into a byte buffer, with no `String` in between:
/// `-` for a negative value, then at least `minimumDigits` digits, zeros in front
/// (`7` with 2 digits is `07`). Shared by ``JSONStreamWriter`` and flaggen's source text writer.
public enum DecimalDigits {
    /// How many bytes ``write(_:count:to:)`` writes for `value`.
    @inlinable
    public static func count(of value: Int, minimumDigits: Int = 1) -> Int {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return (value < 0 ? 1 : 0) + max(digits, minimumDigits)
    }

    /// Writes `value`'s text, `count` bytes as ``count(of:minimumDigits:)`` gives them, at
    /// `start`, from the last digit back.
    @inlinable
    public static func write(_ value: Int, count: Int, to start: UnsafeMutablePointer<UInt8>) {
        let signCount = value < 0 ? 1 : 0
        var magnitude = value.magnitude
        // Once the digits run out, `magnitude` is 0 and the rest are the leading zeros.
        var index = count
        while index > signCount {
            index -= 1
            start[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
        if signCount == 1 { start[0] = UInt8(ascii: "-") }
    }
}
