/// A set of strings compared by their exact Unicode code points, as JSON Schema's `enum` and the
/// generated Kotlin compare them.
///
/// Swift's `String ==` treats canonically equivalent strings as equal (`"café"` written with
/// U+00E9 and with `e` + U+0301), Kotlin's does not; generated configs check their allowed values
/// with this type so both platforms accept the same documents.
public struct ExactStrings: ExpressibleByArrayLiteral, Sendable {
    private let members: Set<[UInt8]>

    /// A set of the given strings.
    public init(arrayLiteral elements: String...) {
        members = Set(elements.map { Array($0.utf8) })
    }

    /// Whether `text` is one of the strings, code point for code point.
    public func contains(_ text: String) -> Bool {
        members.contains(Array(text.utf8))
    }
}
