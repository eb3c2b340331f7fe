import Foundation

/// Decodes generated configs from a `FlagValue`, with the same number rules as the generated
/// Kotlin (`FlagJson`), so both platforms accept and refuse the same documents:
///
/// - An `Int` is a JSON integer within Int64, or a whole number written with a fraction or an
///   exponent (`7.0`, `1e2`) up to 2^53 in magnitude, where a double is still exact. 2^63,
///   values below Int64.min and `1e16` are not `Int`s.
/// - A `Double` is any finite JSON number.
/// - Strings, booleans, arrays and objects decode only from their own JSON type; `null` is
///   absent for `decodeIfPresent` and an error otherwise.
///
/// Foundation's `JSONDecoder` differs from that on some of these (and between its Darwin and
/// Linux versions), so FlagKit does not use it for configs.
public enum ConfigDecoding {
    /// Decodes `type` from strict JSON (RFC 8259, within `FlagLimits`), or throws.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let value = FlagJSON.parse(data) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not strict JSON"))
        }
        return try decode(type, from: value)
    }

    /// Decodes `type` from a value as the server sent it, or throws.
    public static func decode<T: Decodable>(_ type: T.Type, from value: FlagValue) throws -> T {
        try T(from: FlagValueDecoder(value: value, codingPath: []))
    }
}

private struct FlagValueDecoder: Decoder {
    let value: FlagValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: FlagValue].self, value, codingPath) }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([FlagValue].self, value, codingPath) }
        return Unkeyed(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: value, codingPath: codingPath)
    }
}

private func mismatch(_ type: Any.Type, _ value: FlagValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value)"))
}

/// The rules of `ConfigDecoding` for one value.
private func decodeScalar<T: Decodable>(_ type: T.Type, _ value: FlagValue, _ path: [any CodingKey]) throws -> T {
    switch type {
    case is Bool.Type:
        guard case .bool(let flag) = value else { throw mismatch(type, value, path) }
        return flag as! T
    case is String.Type:
        guard case .string(let text) = value else { throw mismatch(type, value, path) }
        return text as! T
    // Every integer and floating-point type, not only those the generated code uses: the others
    // (Float, Int32, UInt8, ...) decode themselves by asking for their own type again, so the
    // `default` below would recurse until the stack overflowed.
    case let integer as any FixedWidthInteger.Type:
        guard let number = value.intValue, let exact = integer.init(exactly: number) else { throw mismatch(type, value, path) }
        return exact as! T
    case let floatingPoint as any BinaryFloatingPoint.Type:
        guard let number = value.doubleValue, number.isFinite else { throw mismatch(type, value, path) }
        let converted = floatingPoint.init(number)
        guard converted.isFinite else { throw mismatch(type, value, path) }
        return converted as! T
    case is FlagValue.Type:
        return value as! T
    default:
        return try T(from: FlagValueDecoder(value: value, codingPath: path))
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: FlagValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] {
        members.keys.compactMap { name in
            Key(stringValue: name).flatMap { $0.stringValue.utf8.elementsEqual(name.utf8) ? $0 : nil }
        }
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    /// The member named exactly `key`, code point for code point, as Kotlin looks names up:
    /// Swift's `String ==` also finds a canonically equivalent name (`size\u{212A}b`, with a
    /// KELVIN SIGN, for `sizeKb`). The parser refuses two canonically equivalent names in one
    /// object, so the one `index(forKey:)` finds is the only candidate.
    private func lookup(_ key: Key) -> FlagValue? {
        guard let index = members.index(forKey: key.stringValue),
              members[index].key.utf8.elementsEqual(key.stringValue.utf8)
        else { return nil }
        return members[index].value
    }

    private func member(_ key: Key) throws -> FlagValue {
        guard let value = lookup(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeScalar(type, try member(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        FlagValueDecoder(value: .object(members), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        FlagValueDecoder(value: try member(key), codingPath: codingPath + [key])
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [FlagValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (FlagValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(FlagValue.self, .init(codingPath: codingPath, debugDescription: "at the end"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decodeScalar(type, value, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try superDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return FlagValueDecoder(value: value, codingPath: path)
    }
}

private struct Single: SingleValueDecodingContainer {
    let value: FlagValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeScalar(type, value, codingPath)
    }
}

extension ConfigDecoding {
    /// The case of an enum generated from `enum:` values whose raw value is the decoded string,
    /// code point for code point. Swift's `String ==` (and so `init(rawValue:)`) treats
    /// canonically equivalent strings as equal, Kotlin's does not: comparing the UTF-8 makes both
    /// platforms accept the same documents.
    public static func exactCase<T: RawRepresentable & CaseIterable>(from decoder: any Decoder) throws -> T
    where T.RawValue == String {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let match = T.allCases.first(where: { $0.rawValue.utf8.elementsEqual(text.utf8) }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not one of the values of \(T.self)"))
        }
        return match
    }
}
