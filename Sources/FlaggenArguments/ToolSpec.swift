/// Describes the whole command-line tool: its commands and global options.
public struct ToolSpec: Sendable, Equatable {
    /// The program name used in usage lines and messages, for example `flaggen`.
    public var name: String

    /// The version printed for `--version`.
    public var version: String

    /// A one-line summary shown as the overview of the tool's help.
    public var abstract: String

    /// Options accepted before or after the command name, such as `--manifest PATH`.
    public var globalOptions: [OptionSpec]

    /// The subcommands, in help order.
    public var commands: [CommandSpec]

    /// Creates a tool spec.
    public init(
        name: String,
        version: String,
        abstract: String,
        globalOptions: [OptionSpec] = [],
        commands: [CommandSpec] = []
    ) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.globalOptions = globalOptions
        self.commands = commands
    }

    /// Returns the command with the given name, or `nil` if there is none.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// Parses a command line (without the program name) into what the user asked for:
    /// ``Invocation/help(command:)`` for no arguments, `--help`, `-h`, `help`, `help COMMAND`
    /// and `COMMAND --help`; ``Invocation/version`` for `--version`; otherwise
    /// ``Invocation/run(command:_:)``.
    /// - Throws: ``UsageError`` describing the first mistake.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parser = InvocationParser(tool: self, words: arguments)
        return try parser.parse()
    }
}
