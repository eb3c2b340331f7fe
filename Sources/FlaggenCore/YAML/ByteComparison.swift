extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether these bytes are exactly `other`'s. A plain loop: the texts compared are short
    /// (field names, YAML words), where a generic `elementsEqual` costs more than the bytes.
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        var index = 0
        while index < count {
            if self[index] != other[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether these bytes are exactly `other`'s.
    func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        return other.withUnsafeBufferPointer { hasSameBytes(as: $0) }
    }
}
