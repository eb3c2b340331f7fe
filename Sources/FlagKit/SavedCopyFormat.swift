import Foundation

/// The bytes of a saved copy, and the names the disks store copies and crash counters under,
/// shared by `FileFlagDisk` and `UserDefaultsFlagDisk`.
///
/// Version 1 is one JSON object:
///
/// ```json
/// {"fetchedAt":1760000000.5,"format":1,"userKey":"acct-42","values":{"new_checkout":true}}
/// ```
///
/// `fetchedAt` is seconds since 1970 (or `null`), `userKey` is `null` when signed out. A reader
/// that meets another `format`, a missing field or any malformed byte reads "no saved copy": the
/// app then starts on its defaults, which always work.
enum SavedCopyFormat {
    /// The format this code writes and reads.
    static let version = 1

    /// The bytes of `snapshot`.
    static func encode(_ snapshot: FlagSnapshot) -> Data {
        var object: [String: FlagValue] = [
            "format": .int(version),
            "userKey": snapshot.userKey.map(FlagValue.string) ?? .null,
            "values": .object(snapshot.values),
        ]
        object["fetchedAt"] = snapshot.fetchedAt.map { .double($0.timeIntervalSince1970) } ?? .null
        return FlagJSON.serialize(.object(object))
    }

    /// The snapshot in `data`, or `nil` when it is not a complete saved copy of this version.
    static func decode(_ data: Data) -> FlagSnapshot? {
        guard case .object(let object)? = FlagJSON.parse(data),
              object["format"]?.intValue == version,
              case .object(let values)? = object["values"]
        else { return nil }
        let userKey: String?
        switch object["userKey"] {
        case .string(let key)?: userKey = key
        case .null?: userKey = nil
        default: return nil
        }
        let fetchedAt: Date?
        switch object["fetchedAt"] {
        case .null?: fetchedAt = nil
        case let number?:
            guard let seconds = number.doubleValue else { return nil }
            fetchedAt = Date(timeIntervalSince1970: seconds)
        case nil: return nil
        }
        return FlagSnapshot(userKey: userKey, fetchedAt: fetchedAt, values: values)
    }

    /// A name for the saved copy of `userKey` that is safe in a file name or a defaults key and
    /// does not reveal the user: a SHA-256 prefix of the key, or `signed-out`.
    static func name(forUser userKey: String?) -> String {
        guard let userKey else { return "signed-out" }
        return "user-" + String(SHA256.hexDigest(userKey.utf8).prefix(32))
    }

    /// A name for the crash counter of the process `processName` (an app and each of its
    /// extensions count their own starts), safe in a file name or a defaults key: a SHA-256
    /// prefix, since a process name may be as long as a file name.
    static func name(forProcess processName: String) -> String {
        String(SHA256.hexDigest(processName.utf8).prefix(16))
    }

    /// Whether two user keys name one user: byte for byte, as ``name(forUser:)`` and the bucket
    /// read them. Swift's `==` takes `é` and `e` + U+0301 as one key, and they are two accounts.
    static func isSameUser(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): a.utf8.elementsEqual(b.utf8)
        default: false
        }
    }
}
