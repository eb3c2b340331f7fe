/// A manifest that is valid but cannot be expressed in one output, such as a rollout a server
/// format has no way to write. Generation stops and writes nothing.
public struct EmitError: Error, CustomStringConvertible, Sendable {
    /// What cannot be expressed and what to do about it.
    public var message: String
    /// Where in the manifest, when the problem belongs to one flag or config.
    public var location: SourceLocation?

    /// Creates an error.
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public var description: String { message }
}
