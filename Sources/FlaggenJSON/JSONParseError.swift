/// An error thrown by ``JSONParser`` for text that is not strict RFC 8259 JSON.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem. Only `"\n"` (U+000A) starts a new
    /// line; a `"\r"` is counted as a column.
    public let line: Int

    /// The 1-based column of the problem, counted in Unicode scalars (not
    /// bytes, not grapheme clusters) from the start of the line.
    public let column: Int

    /// The 0-based UTF-8 byte offset of the problem from the start of the text.
    public let byteOffset: Int

    /// What was expected and what was found, e.g.
    /// `"expected ',' or ']' after an array element, found '}'"`.
    public let message: String

    /// `"line <line>, column <column>: <message>"`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
