/// Describes one subcommand of the tool, such as `flaggen lint`.
public struct CommandSpec: Sendable, Equatable {
    /// The name typed on the command line, for example `lint`.
    public var name: String

    /// A one-line summary, shown in the tool's command list and as the
    /// overview of the command's help.
    public var abstract: String

    /// A longer explanation shown in the command's help; may be empty.
    public var discussion: String

    /// The options this command accepts, in help order.
    public var options: [OptionSpec]

    /// The positional arguments this command accepts, in order.
    public var positionals: [PositionalSpec]

    /// Creates a command spec.
    public init(
        _ name: String,
        abstract: String,
        discussion: String = "",
        options: [OptionSpec] = [],
        positionals: [PositionalSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
    }
}
