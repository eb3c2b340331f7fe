/// Describes one command-line option, such as `--format json` or `--strict`.
///
/// An option is written as `--name value`, `--name=value` or, when it has a
/// short name, `-n value`. An option without a ``valueName`` is a switch: it
/// takes no value, and `--switch=value` is a usage error. An empty value is a usage error
/// unless ``allowsEmptyValue`` says otherwise.
///
/// The names `help` and `version` and the short name `h` are reserved for the
/// built-in `--help`, `-h` and `--version` and must not be used by a spec.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, for example `format` for `--format`.
    /// Parsed values are looked up by this name.
    public var name: String

    /// The optional single-letter short name, for example `f` for `-f`.
    public var shortName: Character?

    /// The placeholder for the value shown in help, for example `PATH`.
    /// `nil` makes the option a switch that takes no value.
    public var valueName: String?

    /// One sentence explaining the option, shown in help.
    public var help: String

    /// The only values the option accepts; empty means any value is accepted.
    public var allowedValues: [String]

    /// Whether the option may be given more than once; its values accumulate.
    /// A non-repeatable option given twice is a usage error.
    public var isRepeatable: Bool

    /// Whether an empty value (`--name=` or `--name ""`) is a value. Off by default: an empty
    /// value is almost always a shell variable that was not set, so it is a usage error.
    public var allowsEmptyValue: Bool

    /// The value used when the option is not given. It is shown in help and
    /// returned by ``ParsedArguments/value(_:)`` as a fallback.
    public var defaultValue: String?

    /// Creates an option spec.
    public init(
        _ name: String,
        shortName: Character? = nil,
        valueName: String? = nil,
        help: String,
        allowedValues: [String] = [],
        isRepeatable: Bool = false,
        allowsEmptyValue: Bool = false,
        defaultValue: String? = nil
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.help = help
        self.allowedValues = allowedValues
        self.isRepeatable = isRepeatable
        self.allowsEmptyValue = allowsEmptyValue
        self.defaultValue = defaultValue
    }

    /// Whether the option is a switch, that is, takes no value.
    public var isSwitch: Bool { valueName == nil }

    /// The long spelling with dashes, for example `--format`.
    public var longFlag: String { "--" + name }

    /// The short spelling with a dash, for example `-f`, if there is one.
    public var shortFlag: String? { shortName.map { "-" + String($0) } }
}
