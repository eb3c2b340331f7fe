/// An error thrown by ``JSONWriter`` when a value cannot be written as JSON.
public struct JSONWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the document the problem is, as a JSONPath-like string:
    /// `$` is the root, `.name` an object member whose key is a plain
    /// identifier, `["other key"]` any other member, `[2]` an array element.
    /// Example: `$.flags[2].default`.
    public let path: String

    /// What is wrong, e.g. `"NaN cannot be written as JSON"`.
    public let message: String

    /// Creates an error for the value at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `"<path>: <message>"`, e.g. `"$.flags[2].default: NaN cannot be written as JSON"`.
    public var description: String {
        "\(path): \(message)"
    }
}
