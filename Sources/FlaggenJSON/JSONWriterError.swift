/// An error thrown by ``JSONWriter`` when a value cannot be written as JSON.
public struct JSONWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `"NaN cannot be written as JSON"`.
    public let message: String

    public var description: String { message }
}
