/// Describes one positional argument of a command, such as `<manifest>`.
///
/// Positionals are filled in order. Optional positionals should follow the
/// required ones, and only the last positional may be variadic. An empty word is a usage
/// error: it is almost always a shell variable that was not set.
public struct PositionalSpec: Sendable, Equatable {
    /// The name shown in help as `<name>`; parsed values are looked up by it.
    public var name: String

    /// One sentence explaining the argument, shown in help.
    public var help: String

    /// Whether the argument may be left out.
    public var isOptional: Bool

    /// Whether the argument takes all remaining values. Only the last
    /// positional of a command may be variadic.
    public var isVariadic: Bool

    /// Creates a positional argument spec.
    public init(_ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
    }
}
