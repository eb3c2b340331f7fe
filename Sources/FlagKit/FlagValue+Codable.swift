/// `FlagValue` reads and writes plain JSON through `Codable`, so a snapshot can go through any
/// encoder (`JSONEncoder`, a property list, …). The saved copy and the HTTP sources use the faster
/// `FlagJSON` instead.
extension FlagValue: Codable {
    /// Decodes any JSON value. A whole number that fits `Int` becomes `.int`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FlagValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FlagValue].self))
        }
    }

    /// Encodes the value as the JSON value it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
