/// The order flagd's `flags` object lists flags in: by key, in UTF-8 byte order, as the JSON
/// writer wants its keys.
///
/// Flag keys are ASCII (the validator sees to it). Each key's first sixteen bytes are read
/// once into two big-endian words, zero-padded, so nearly every comparison is two integer
/// comparisons; only keys that share those sixteen bytes are compared whole.
enum FlagdKeyOrder {
    /// The positions of `flags`, ordered by key.
    static func positions(of flags: [FlagDefinition]) -> [Int] {
        var entries = flags.indices.map { index in
            var key = flags[index].key
            let (high, low) = key.withUTF8 { bytes in (word(bytes, from: 0), word(bytes, from: 8)) }
            return (high: high, low: low, index: index)
        }
        entries.sort { a, b in
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            return flags[a.index].key < flags[b.index].key
        }
        return entries.map(\.index)
    }

    /// Up to eight bytes from `start`, the first the most significant, zeros past the end: two
    /// such words compare as the bytes do.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        var word: UInt64 = 0
        for offset in start..<(start + 8) {
            word <<= 8
            if offset < bytes.count { word |= UInt64(bytes[offset]) }
        }
        return word
    }
}
