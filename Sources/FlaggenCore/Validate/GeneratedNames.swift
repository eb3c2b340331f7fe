/// The generated Swift and Kotlin names of valid flag keys, which key took each name first, and
/// which names the generated code keeps for itself.
///
/// A valid flag key (`[a-z][a-z0-9_]*`) becomes its Swift name, ``Identifiers/lowerCamel(_:)``,
/// by dropping each `_` and capitalizing the letter after it; its Kotlin name,
/// ``Identifiers/upperCamel(_:)``, is the Swift name with the first letter capitalized too. So
/// two valid keys share a Kotlin name exactly when they share a Swift name, and one claim of
/// the Swift name covers both.
///
/// Names are built as bytes in one buffer, with no `String` per key. They are ASCII, where
/// equal bytes and equal Swift strings are the same thing.
struct FlagNameClaims {
    /// A generated name the generated code keeps for itself.
    enum Reservation {
        /// One of ``Identifiers/reservedSwiftMembers``.
        case swiftMember
        /// One of ``Identifiers/reservedKotlinMembers``.
        case kotlinMember
        /// A Kotlin holder object's name (``Identifiers/isKotlinHolderName(_:)``).
        case kotlinHolder
    }

    /// What claiming a key's names found.
    struct Outcome {
        /// Set when a name is reserved; checked Swift first, as messages report only one.
        var reservation: Reservation?
        /// The key of the flag that claimed the same names first.
        var earlierOwner: YAMLTree.NodeID?
    }

    /// Every claimed Swift name's bytes, one after the other.
    private var text = ByteStore(capacity: 0)
    /// Name `n` is `text[starts[n]..<starts[n + 1]]`.
    private var starts: [Int] = [0]
    private var owners: [YAMLTree.NodeID] = []
    private var index: MappingKeyIndex

    private static let reservedSwiftMembers = Identifiers.reservedSwiftMembers.sorted().map { Array($0.utf8) }
    private static let reservedKotlinMembers = Identifiers.reservedKotlinMembers.sorted().map { Array($0.utf8) }

    /// Creates claims sized for about `expectedCount` keys.
    init(expectedCount: Int) {
        index = MappingKeyIndex(fingerprints: [], expectedCount: expectedCount, keyText: { _ in "" })
        starts.reserveCapacity(expectedCount + 1)
        owners.reserveCapacity(expectedCount)
    }

    /// Claims the names of `key`, the bytes of a valid flag key, for `owner` (the key's node),
    /// unless an earlier key has them; tells whether they are reserved and who had them first.
    mutating func claim(namesOf key: UnsafeBufferPointer<UInt8>, for owner: YAMLTree.NodeID) -> Outcome {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(key.count, 1)) { room in
            let name = UnsafeBufferPointer(rebasing: room[..<Identifiers.writeCamel(of: key, capitalizeFirst: false, into: room)])
            var outcome = Outcome(reservation: Self.reservation(ofSwiftName: name))
            let fingerprint = KeyFingerprint(name)
            let position: Int?
            // The index's closures read copies, as `index` changes meanwhile; the copies end
            // with this block, so `text` and `starts` are unique again when they grow.
            do {
                let (text, starts) = (self.text, self.starts)
                func claimed(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                    text.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[starts[position]..<starts[position + 1]]) }
                }
                position = index.position(
                    of: fingerprint, text: { String(decoding: name, as: UTF8.self) }, keyCount: starts.count - 1,
                    keyText: { String(decoding: claimed($0), as: UTF8.self) }, matches: { claimed($0).hasSameBytes(as: name) })
            }
            if let position {
                outcome.earlierOwner = owners[position]
                return outcome
            }
            text.append(name)
            starts.append(text.count)
            owners.append(owner)
            do {
                let (text, starts) = (self.text, self.starts)
                index.insert(
                    starts.count - 2, fingerprint: fingerprint, keyCount: starts.count - 1,
                    keyText: { position in
                        text.withUnsafeBufferPointer { String(decoding: $0[starts[position]..<starts[position + 1]], as: UTF8.self) }
                    })
            }
            return outcome
        }
    }

    /// Whether the Swift name `name`, or the Kotlin name made from it, is reserved.
    private static func reservation(ofSwiftName name: UnsafeBufferPointer<UInt8>) -> Reservation? {
        if reservedSwiftMembers.contains(where: { name.hasSameBytes(as: $0) }) { return .swiftMember }
        // The Kotlin name differs only in its first letter, capitalized (a valid key starts with one).
        guard let first = name.first else { return nil }
        let capitalFirst = first &- 32
        for reserved in reservedKotlinMembers where reserved.count == name.count && reserved.first == capitalFirst {
            if name.dropFirst().elementsEqual(reserved.dropFirst()) { return .kotlinMember }
        }
        // `Part` followed by digits.
        if name.count > 4, name[0] == UInt8(ascii: "p"), name[1] == UInt8(ascii: "a"), name[2] == UInt8(ascii: "r"),
            name[3] == UInt8(ascii: "t"), name.dropFirst(4).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            return .kotlinHolder
        }
        return nil
    }
}
