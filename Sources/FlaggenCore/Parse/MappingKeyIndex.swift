/// A cheap summary of a mapping key's UTF-8 bytes, for finding duplicate keys without hashing
/// or comparing Swift strings for every key.
///
/// Swift compares strings by canonical equivalence, so two keys with different bytes can still
/// be the same key ("\u{E9}" and "e\u{301}"; even "K" and the Kelvin sign "\u{212A}"). Bytes
/// decide alone only when both keys are ASCII: then equal bytes and equal strings are the same
/// thing. Any other pair is compared as strings.
struct KeyFingerprint {
    /// FNV-1a of the bytes.
    let hash: UInt64
    /// Whether every byte is ASCII.
    let isASCII: Bool

    /// A placeholder for "no key yet".
    static let none = KeyFingerprint(hash: 0, isASCII: true)

    private init(hash: UInt64, isASCII: Bool) {
        self.hash = hash
        self.isASCII = isASCII
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { KeyFingerprint($0) }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var highBits: UInt8 = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            highBits |= byte
        }
        self.hash = hash
        self.isASCII = highBits < 0x80
    }

    /// False when the keys are surely different; true when their text must be compared.
    func mayEqual(_ other: KeyFingerprint) -> Bool {
        !(isASCII && other.isASCII) || hash == other.hash
    }
}

/// Where each key of one large mapping is, so a new key is checked for duplicates in constant
/// time. Small mappings (a flag's fields) search their few keys instead.
///
/// Keeps positions of the mapping's keys, each there once. While every key is ASCII the
/// positions sit in an open-addressing table by fingerprint; from the first other key on, in a
/// dictionary by text, which compares keys the way Swift strings do. The mapping's keys stay
/// with the parser: callers pass `keyText` to read the key at a position.
///
/// A struct, so that its fields are read and written without the runtime exclusivity checks a
/// class's `var` fields pay on every access.
struct MappingKeyIndex {
    private struct Slot {
        var hash: UInt64
        /// The key's position in the mapping; -1 for an empty slot.
        var position: Int
    }

    private static let empty = Slot(hash: 0, position: -1)
    /// The count is a power of two, at least twice the number of keys.
    private var slots: [Slot]
    private var count = 0
    /// Every key's position by its text, once a key that is not ASCII was seen.
    private var byText: [String: Int]?

    /// Creates an index of keys that have `fingerprints` and are all different.
    init(fingerprints: ArraySlice<KeyFingerprint>, expectedCount: Int = 0, keyText: (Int) -> String) {
        var capacity = 64
        while capacity < max(fingerprints.count, expectedCount) * 4 { capacity *= 2 }
        slots = [Slot](repeating: Self.empty, count: capacity)
        for (position, fingerprint) in fingerprints.enumerated() {
            insert(position, fingerprint: fingerprint, keyCount: fingerprints.count, keyText: keyText)
        }
    }

    /// The position of the key with `fingerprint` and text `text`, if there is one. `matches`
    /// tells whether the key at a position is that key; the mapping has `keyCount` keys.
    mutating func position(
        of fingerprint: KeyFingerprint, text: () -> String, keyCount: Int, keyText: (Int) -> String, matches: (Int) -> Bool
    ) -> Int? {
        if byText != nil || !fingerprint.isASCII {
            return textIndex(keyCount: keyCount, keyText: keyText)[text()]
        }
        let mask = slots.count - 1
        var index = Self.home(of: fingerprint.hash) & mask
        while slots[index].position >= 0 {
            let slot = slots[index]
            if slot.hash == fingerprint.hash, matches(slot.position) {
                return slot.position
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records the key at `position`, a key not in the index yet, of a mapping that has
    /// `keyCount` keys counting it.
    mutating func insert(_ position: Int, fingerprint: KeyFingerprint, keyCount: Int, keyText: (Int) -> String) {
        if byText != nil || !fingerprint.isASCII {
            var index = textIndex(keyCount: keyCount, keyText: keyText)
            byText = nil  // keeps the dictionary uniquely referenced while it changes
            index[keyText(position)] = position
            byText = index
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        place(Slot(hash: fingerprint.hash, position: position))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.home(of: slot.hash) & mask
        while slots[index].position >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// Where a hash's probe starts. FNV-1a's low bits vary little between keys that differ only
    /// at the end (`flag_1`, `flag_2`), so they are mixed with the high bits first.
    private static func home(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: ((hash ^ (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Self.empty, count: old.count * 2)
        for slot in old where slot.position >= 0 { place(slot) }
    }

    /// The dictionary by text, built from every key the first time it is needed.
    private mutating func textIndex(keyCount: Int, keyText: (Int) -> String) -> [String: Int] {
        if let byText { return byText }
        var index: [String: Int] = [:]
        index.reserveCapacity(keyCount * 2)
        for position in 0..<keyCount { index[keyText(position)] = position }
        byText = index
        slots = []
        return index
    }
}
