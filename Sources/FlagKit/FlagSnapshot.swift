import Foundation

/// The values one user got from one fetch: what the store saves, and what a session runs on.
///
/// A snapshot carries the user it belongs to, so a saved copy is only ever used for that user.
public struct FlagSnapshot: Codable, Sendable, Equatable {
    /// The user the values were fetched for; `nil` means signed out.
    public var userKey: String?
    /// When the values were fetched; `nil` means never (the defaults in code).
    public var fetchedAt: Date?
    /// The value of each flag, by key, as the server sent it. Keys the app does not know are kept
    /// but never read; a missing key means the flag's default.
    public var values: [String: FlagValue]

    /// Creates a snapshot.
    public init(userKey: String?, fetchedAt: Date?, values: [String: FlagValue]) {
        self.userKey = userKey
        self.fetchedAt = fetchedAt
        self.values = values
    }

    /// A snapshot with no values, never fetched: every flag reads its default.
    public static func empty(userKey: String?) -> FlagSnapshot {
        FlagSnapshot(userKey: userKey, fetchedAt: nil, values: [:])
    }

    private enum CodingKeys: String, CodingKey {
        case userKey, fetchedAt, values
    }

    /// Decodes a snapshot; `fetchedAt` is seconds since 1970, so the encoding does not depend on
    /// the encoder's date strategy.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userKey = try container.decodeIfPresent(String.self, forKey: .userKey)
        fetchedAt = try container.decodeIfPresent(Double.self, forKey: .fetchedAt).map(Date.init(timeIntervalSince1970:))
        values = try container.decode([String: FlagValue].self, forKey: .values)
    }

    /// Encodes a snapshot; `fetchedAt` is seconds since 1970.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userKey, forKey: .userKey)
        try container.encode(fetchedAt?.timeIntervalSince1970, forKey: .fetchedAt)
        try container.encode(values, forKey: .values)
    }
}
