/// Why `flaggen remove` changed nothing.
public struct RemoveError: Error, CustomStringConvertible, Sendable {
    /// What kind of reason, which sets the exit status.
    public enum Kind: Sendable {
        /// The removal is refused: a kill switch, reads it cannot rewrite, an invalid manifest,
        /// no such flag (exit status 1).
        case refused
        /// The run cannot be done as asked: a usage mistake, an unreadable file, no Piranha
        /// (exit status 2).
        case usage
    }

    /// Which kind of reason.
    public var kind: Kind
    /// What went wrong and what to do.
    public var message: String
    /// Diagnostics that go with it (the manifest's errors, the reads it cannot rewrite).
    public var diagnostics: [Diagnostic] = []

    init(_ kind: Kind, _ message: String, diagnostics: [Diagnostic] = []) {
        self.kind = kind
        self.message = message
        self.diagnostics = diagnostics
    }

    public var description: String { message }
}
