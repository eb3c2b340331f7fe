/// A valid manifest that a `generate` run cannot generate from where it is: its template folder
/// is missing or leads out of the repository, or its path is too long for the header of the
/// Firebase template. Generation stops and writes nothing.
///
/// What an output cannot express of the manifest's contents is no `EmitError`: validation
/// reports it (``OutputRules``), and emitters never refuse a validated manifest.
public struct EmitError: Error, CustomStringConvertible, Sendable {
    /// What cannot be expressed and what to do about it.
    var message: String
    /// Where in the manifest, when the problem belongs to a place in it.
    var location: SourceLocation?

    /// Creates an error.
    init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public var description: String { message }
}
