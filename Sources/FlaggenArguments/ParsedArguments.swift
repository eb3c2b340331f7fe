/// The options and positionals of one command invocation, with typed access.
///
/// Options are looked up by their long name without dashes, positionals by
/// their spec name. Looking up a name that was not declared returns `nil`,
/// an empty array or `false`.
public struct ParsedArguments: Sendable, Equatable {
    /// Values given for options that take a value, in command-line order,
    /// keyed by long option name.
    public private(set) var optionValues: [String: [String]]

    /// How many times each option (switch or valued) was given, keyed by
    /// long option name.
    public private(set) var optionCounts: [String: Int]

    /// Values of positional arguments, keyed by positional name.
    public private(set) var positionalValues: [String: [String]]

    /// Default values of options that declare one, keyed by long option name.
    public private(set) var defaultValues: [String: String]

    /// Creates parsed arguments directly, for example to test a command
    /// without going through the parser.
    public init(
        optionValues: [String: [String]] = [:],
        optionCounts: [String: Int]? = nil,
        positionalValues: [String: [String]] = [:],
        defaultValues: [String: String] = [:]
    ) {
        self.optionValues = optionValues
        self.optionCounts = optionCounts ?? optionValues.mapValues(\.count)
        self.positionalValues = positionalValues
        self.defaultValues = defaultValues
    }

    /// The value of an option: the last one given, else its default, else `nil`.
    public func value(_ name: String) -> String? {
        optionValues[name]?.last ?? defaultValues[name]
    }

    /// All values given for an option in command-line order; if none were
    /// given, its default as a single value; otherwise empty.
    public func values(_ name: String) -> [String] {
        if let given = optionValues[name], !given.isEmpty { return given }
        return defaultValues[name].map { [$0] } ?? []
    }

    /// Whether the option appeared on the command line. For a switch, this is
    /// whether it is on. Defaults do not count.
    public func isSet(_ name: String) -> Bool {
        count(name) > 0
    }

    /// How many times the option appeared on the command line.
    public func count(_ name: String) -> Int {
        optionCounts[name] ?? 0
    }

    /// The first value of a positional argument, or `nil` if it was not given.
    public func positional(_ name: String) -> String? {
        positionalValues[name]?.first
    }

    /// All values of a positional argument (several for a variadic one).
    public func positionals(_ name: String) -> [String] {
        positionalValues[name] ?? []
    }
}
