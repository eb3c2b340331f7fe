/// Which flag key has taken each generated Swift or Kotlin name, to find two keys that would
/// become the same name.
///
/// Names are matched as Swift compares strings. ASCII names (every valid key's names) are found
/// by a byte fingerprint, which is much cheaper than hashing a string; see ``MappingKeyIndex``.
struct NameClaims {
    private var names: [String] = []
    private var owners: [String] = []
    private var index: MappingKeyIndex

    /// Creates claims sized for about `expectedCount` names.
    init(expectedCount: Int) {
        index = MappingKeyIndex(fingerprints: [], expectedCount: expectedCount, keyText: { _ in "" })
        names.reserveCapacity(expectedCount)
        owners.reserveCapacity(expectedCount)
    }

    /// The key that already has `name`, or nil after giving `name` to `key`.
    mutating func claim(_ name: String, for key: String) -> String? {
        let fingerprint = KeyFingerprint(name)
        // The index's closures read a copy of `names`, as `index` is being changed meanwhile;
        // each copy ends with its block, so `names` is unique again when it grows.
        let position: Int?
        do {
            let claimed = names
            position = index.position(
                of: fingerprint, text: { name }, keyCount: claimed.count, keyText: { claimed[$0] }, matches: { claimed[$0] == name })
        }
        if let position { return owners[position] }
        names.append(name)
        owners.append(key)
        do {
            let claimed = names
            index.insert(claimed.count - 1, fingerprint: fingerprint, keyCount: claimed.count, keyText: { claimed[$0] })
        }
        return nil
    }
}

/// A set of reserved names that rules most names out by their length before hashing them.
///
/// When every reserved name is ASCII, an ASCII name can only equal one of the same byte count
/// (Swift finds an ASCII string equal only to the same bytes or to text that is not ASCII).
struct ReservedNames {
    let names: Set<String>
    /// Bit n is set when a reserved name has n bytes; nil when the lengths cannot rule names out.
    private let lengths: UInt64?

    init(_ names: Set<String>) {
        self.names = names
        let allShortASCII = names.allSatisfy { $0.utf8.count < 64 && $0.utf8.allSatisfy { $0 < 0x80 } }
        lengths = allShortASCII ? names.reduce(0) { $0 | 1 << UInt64($1.utf8.count) } : nil
    }

    func contains(_ name: String) -> Bool {
        if let lengths {
            let ruledOut = name.utf8.withContiguousStorageIfAvailable { bytes in
                (bytes.count >= 64 || lengths & (1 << UInt64(bytes.count)) == 0) && !bytes.contains { $0 >= 0x80 }
            }
            if ruledOut == true { return false }
        }
        return names.contains(name)
    }
}
