/// A name to look up in the context stack: `.` (the top of the stack) or a dotted path.
struct Name: Sendable, Hashable {
    /// The dot-separated parts; empty for the implicit iterator `.`.
    var parts: [String]

    static let implicitIterator = Name(parts: [])
}
