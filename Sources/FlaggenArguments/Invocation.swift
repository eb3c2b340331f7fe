/// What the user asked the tool to do, as decided by ``ToolSpec/parse(_:)``.
public enum Invocation: Sendable, Equatable {
    /// Show help: for the whole tool when `command` is `nil`, otherwise for
    /// the named command. Produced by no arguments, `--help`, `-h`, `help`,
    /// `help COMMAND` and `COMMAND --help`.
    case help(command: String?)

    /// Print the version. Produced by `--version`.
    case version

    /// Run `command` with the parsed options and positionals.
    case run(command: String, ParsedArguments)
}
