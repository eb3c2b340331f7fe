/// The order in which the JSON outputs that are objects keyed by flag (the flagd seed, the
/// evaluation-response schema) list their flags: by key with `<`, which for flag keys (ASCII,
/// as the validator sees to it) is the UTF-8 byte order the JSON writers want their keys in.
///
/// Sorting 10,000 keys compares strings over 100,000 times. Each key's first 24 bytes are read
/// once into three big-endian words, zero-padded (so a key that is a prefix of another sorts
/// first, as with `<`), and nearly every comparison is settled by them; other pairs, and any key
/// that is not ASCII, are compared with `<` itself.
enum FlagKeyOrder {
    /// The indices of `flags` sorted by key with `<`, as `flags.indices.sorted` gives them.
    static func positions(of flags: [FlagDefinition]) -> [Int] {
        let prefixes = flags.indices.map { KeyPrefix(flags[$0].key, index: $0) }
        return prefixes.sorted { first, second in
            if first.isASCII, second.isASCII, first.words != second.words {
                return first.words < second.words
            }
            return flags[first.index].key < flags[second.index].key
        }.map(\.index)
    }

    /// A flag's index with the first 24 bytes of its key as big-endian integers.
    private struct KeyPrefix {
        let words: (UInt64, UInt64, UInt64)
        /// Whether the whole key is ASCII; only then does the byte order of `words` agree with `<`.
        let isASCII: Bool
        let index: Int

        init(_ key: String, index: Int) {
            self.index = index
            var key = key
            (words, isASCII) = key.withUTF8 { bytes in
                var highBits: UInt8 = 0
                for byte in bytes { highBits |= byte }
                return ((Self.word(bytes, from: 0), Self.word(bytes, from: 8), Self.word(bytes, from: 16)), highBits < 0x80)
            }
        }

        /// Up to eight bytes from `start`, the first the most significant, zeros past the end:
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
}
