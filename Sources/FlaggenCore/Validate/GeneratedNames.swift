/// The generated Swift and Kotlin names of valid flag keys, which key took each name first, and
/// which names the generated code keeps for itself.
///
/// A valid flag key (`[a-z][a-z0-9_]*`) becomes its Swift name, ``Identifiers/lowerCamel(_:)``,
/// by dropping each `_` and capitalizing the letter after it; its Kotlin name,
/// ``Identifiers/upperCamel(_:)``, is the Swift name with the first letter capitalized too. So
/// two valid keys share a Kotlin name exactly when they share a Swift name, and one claim of
/// the Swift name covers both.
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

    /// The key (its node) that claimed each Swift name first.
    private var owners: [String: YAMLTree.NodeID] = [:]

    /// Creates claims sized for about `expectedCount` keys.
    init(expectedCount: Int) {
        owners.reserveCapacity(expectedCount)
    }

    /// Claims the names of `key`, a valid flag key, for `owner` (the key's node), unless an
    /// earlier key has them; tells whether they are reserved and who had them first.
    mutating func claim(namesOf key: String, for owner: YAMLTree.NodeID) -> Outcome {
        let name = Identifiers.lowerCamel(key)
        var outcome = Outcome(reservation: Self.reservation(ofSwiftName: name))
        if let earlier = owners[name] {
            outcome.earlierOwner = earlier
        } else {
            owners[name] = owner
        }
        return outcome
    }

    /// Whether the Swift name `name`, or the Kotlin name made from it, is reserved.
    private static func reservation(ofSwiftName name: String) -> Reservation? {
        if Identifiers.reservedSwiftMembers.contains(name) { return .swiftMember }
        // The Kotlin name is the Swift name with its first letter (a valid key starts with one)
        // capitalized.
        let kotlinName = name.prefix(1).uppercased() + name.dropFirst()
        if Identifiers.reservedKotlinMembers.contains(kotlinName) { return .kotlinMember }
        if Identifiers.isKotlinHolderName(kotlinName) { return .kotlinHolder }
        return nil
    }
}
