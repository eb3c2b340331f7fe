/// A mistake in the command line, with a message that says what to do.
///
/// The ``description`` is one line meant to follow `error: `, for example
/// `Unknown command 'lnit'. Did you mean 'lint'?`.
public struct UsageError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Only global options (or nothing before `--`) were given, no command.
        case missingCommand
        /// The command name is not one of the tool's commands.
        case unknownCommand(String, suggestion: String?)
        /// The option (as typed, without any `=value`) is not accepted here.
        case unknownOption(String, suggestion: String?)
        /// An option that takes a value was given without one.
        case missingValue(option: String, valueName: String)
        /// An option was given an empty value it does not allow (see ``OptionSpec/allowsEmptyValue``).
        case emptyValue(option: String, valueName: String)
        /// A positional argument was given as an empty word.
        case emptyPositional(String)
        /// A switch was given a value with `--switch=value`.
        case unexpectedValue(option: String, value: String)
        /// The value is not one of the option's allowed values.
        case valueNotAllowed(option: String, value: String, allowed: [String])
        /// A required positional argument is missing.
        case missingPositional(String)
        /// More positional arguments were given than the command accepts.
        case tooManyPositionals(unexpected: String, maximum: Int)
        /// A non-repeatable option was given more than once.
        case optionRepeated(option: String)
    }

    /// What went wrong.
    public var kind: Kind

    /// The tool name, used in hints such as `Run 'flaggen --help'`.
    public var toolName: String

    /// The command being parsed, or `nil` if the error came before a command.
    public var commandName: String?

    /// Creates a usage error.
    public init(_ kind: Kind, toolName: String, commandName: String? = nil) {
        self.kind = kind
        self.toolName = toolName
        self.commandName = commandName
    }

    /// The message: what is wrong, then what to do about it.
    public var description: String {
        switch kind {
        case .missingCommand:
            return "Missing command. Run '\(toolName) --help' to see the available commands."
        case .unknownCommand(let name, let suggestion?):
            return "Unknown command '\(name)'. Did you mean '\(suggestion)'?"
        case .unknownCommand(let name, nil):
            return "Unknown command '\(name)'. Run '\(toolName) --help' to see the available commands."
        case .unknownOption(let option, let suggestion?):
            return "Unknown option '\(option)'. Did you mean '\(suggestion)'?"
        case .unknownOption(let option, nil):
            if let commandName {
                return "Unknown option '\(option)'. Run '\(toolName) \(commandName) --help' to see its options."
            }
            return "Unknown option '\(option)'. Run '\(toolName) --help' to see the global options."
        case .missingValue(let option, let valueName):
            return "Missing value for '\(option)'. Pass it as '\(option) \(valueName)' or '\(option)=\(valueName)'."
        case .emptyValue(let option, let valueName):
            return "Empty value for '\(option)'. Pass it as '\(option) \(valueName)'; \(unsetVariableHint)"
        case .emptyPositional(let name):
            return "Empty argument <\(name)>. Pass a value for it; \(unsetVariableHint)"
        case .unexpectedValue(let option, let value):
            return "Option '\(option)' does not take a value, but was given '\(value)'. Pass '\(option)' on its own."
        case .valueNotAllowed(let option, let value, let allowed):
            return "Invalid value '\(value)' for '\(option)'. Allowed values: \(allowed.joined(separator: ", "))."
        case .missingPositional(let name):
            return "Missing argument <\(name)>. Run '\(commandInvocation) --help' for usage."
        case .tooManyPositionals(let unexpected, let maximum):
            let accepted = switch maximum {
            case 0: "takes no arguments"
            case 1: "takes at most 1 argument"
            default: "takes at most \(maximum) arguments"
            }
            return "Unexpected argument '\(unexpected)': '\(commandInvocation)' \(accepted). Run '\(commandInvocation) --help' for usage."
        case .optionRepeated(let option):
            return "Option '\(option)' was given more than once. Pass it only once."
        }
    }

    /// Where an empty word on a command line usually comes from.
    private var unsetVariableHint: String { "is a shell variable in the command unset?" }

    /// `flaggen lint`, or just `flaggen` when there is no command.
    private var commandInvocation: String {
        commandName.map { "\(toolName) \($0)" } ?? toolName
    }
}
