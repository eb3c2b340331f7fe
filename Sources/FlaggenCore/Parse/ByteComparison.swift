extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether these bytes are exactly `other`'s. A plain loop: the texts compared are short
    /// (field names, YAML words), where a generic `elementsEqual` costs more than the bytes.
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let mine = baseAddress, let theirs = other.baseAddress else { return true }  // both empty
        // Eight bytes at a time, then the rest one by one.
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(mine).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word != UnsafeRawPointer(theirs).loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index += 8
        }
        while index < count {
            if mine[index] != theirs[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether every byte is ASCII (below 0x80), read eight bytes at a time.
    var isAllASCII: Bool {
        guard let start = baseAddress else { return true }
        var index = 0
        var highBits: UInt64 = 0
        while index + 8 <= count {
            highBits |= UnsafeRawPointer(start).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            highBits |= UInt64(start[index])
            index += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// Whether these bytes are exactly `other`'s.
    func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        return other.withUnsafeBufferPointer { hasSameBytes(as: $0) }
    }
}
