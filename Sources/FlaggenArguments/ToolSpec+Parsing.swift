extension ToolSpec {
    /// Parses a command line into what the user asked for.
    ///
    /// - Parameter arguments: The command-line words without the program
    ///   name, for example `Array(CommandLine.arguments.dropFirst())`.
    /// - Returns: ``Invocation/help(command:)`` for no arguments, `--help`,
    ///   `-h`, `help`, `help COMMAND` and `COMMAND --help`;
    ///   ``Invocation/version`` for `--version`; otherwise
    ///   ``Invocation/run(command:_:)``.
    /// - Throws: ``UsageError`` describing the first mistake.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parser = InvocationParser(tool: self, words: arguments)
        return try parser.parse()
    }
}
