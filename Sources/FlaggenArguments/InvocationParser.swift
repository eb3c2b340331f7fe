/// Turns the words of one command line into an ``Invocation``.
///
/// Words are read left to right in a single pass. Errors other than an
/// unknown command are remembered rather than thrown at once, so that a
/// `--help` or `--version` anywhere before `--` still wins; otherwise the
/// first error in command-line order is reported.
struct InvocationParser {
    /// What the first non-option word selected.
    private enum Target {
        /// The built-in `help [COMMAND]`.
        case help
        /// One of the tool's commands.
        case command(CommandSpec)
    }

    private let tool: ToolSpec
    private let words: [String]
    private var index = 0
    private var target: Target?
    private var afterTerminator = false
    private var helpRequested = false
    private var versionRequested = false
    private var firstError: UsageError?
    private var optionValues: [String: [String]] = [:]
    private var optionCounts: [String: Int] = [:]
    private var positionalWords: [String] = []

    init(tool: ToolSpec, words: [String]) {
        self.tool = tool
        self.words = words
    }

    // MARK: - Pass

    mutating func parse() throws(UsageError) -> Invocation {
        if words.isEmpty { return .help(command: nil) }

        while index < words.count {
            let word = words[index]
            index += 1
            if afterTerminator {
                positionalWords.append(word)
            } else if word == ArgumentToken.terminator {
                afterTerminator = true
            } else if ArgumentToken.isOptionLike(word) {
                readOption(word)
            } else if target == nil {
                try selectTarget(word)
            } else {
                positionalWords.append(word)
            }
        }
        return try finish()
    }

    private mutating func finish() throws(UsageError) -> Invocation {
        if case .help = target { return try helpTopic() }
        if helpRequested { return .help(command: currentCommandName) }
        if versionRequested { return .version }
        if let firstError { throw firstError }
        guard case .command(let command) = target else { throw error(.missingCommand) }
        let positionals = try assignPositionals(of: command)
        return .run(command: command.name, makeArguments(for: command, positionals: positionals))
    }

    // MARK: - Commands

    private mutating func selectTarget(_ word: String) throws(UsageError) {
        if word == BuiltIn.helpCommand {
            target = .help
        } else if let command = tool.command(named: word) {
            target = .command(command)
        } else {
            if let firstError { throw firstError }
            throw unknownCommand(word)
        }
    }

    /// Resolves `help [COMMAND]` to the command whose help is wanted.
    private func helpTopic() throws(UsageError) -> Invocation {
        guard let topic = positionalWords.first else { return .help(command: nil) }
        if positionalWords.count > 1 {
            throw error(.tooManyPositionals(unexpected: positionalWords[1], maximum: 1), command: BuiltIn.helpCommand)
        }
        if topic == BuiltIn.helpCommand { return .help(command: nil) }
        guard tool.command(named: topic) != nil else { throw unknownCommand(topic) }
        return .help(command: topic)
    }

    private func unknownCommand(_ word: String) -> UsageError {
        let names = tool.commands.map(\.name) + [BuiltIn.helpCommand]
        return error(.unknownCommand(word, suggestion: NearMiss.suggestion(for: word, among: names)), command: nil)
    }

    // MARK: - Options

    /// The options valid at this point: the command's first, then the globals.
    private var optionsInScope: [OptionSpec] {
        if case .command(let command) = target {
            return command.options + tool.globalOptions
        }
        return tool.globalOptions
    }

    private mutating func readOption(_ word: String) {
        let typedName: String
        let inlineValue: String?
        let spec: OptionSpec?

        if word.hasPrefix("--") {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            typedName = String(parts[0])
            inlineValue = parts.count > 1 ? String(parts[1]) : nil
            if typedName == BuiltIn.helpFlag || typedName == BuiltIn.versionFlag {
                readBuiltIn(typedName, inlineValue: inlineValue)
                return
            }
            let name = String(typedName.dropFirst(2))
            spec = optionsInScope.first { $0.name == name }
        } else {
            typedName = word
            inlineValue = nil
            if word == BuiltIn.helpShortFlag {
                helpRequested = true
                return
            }
            let letters = word.dropFirst()
            spec = letters.count == 1 ? optionsInScope.first { $0.shortName == letters.first } : nil
        }

        guard let spec else {
            record(.unknownOption(typedName, suggestion: NearMiss.suggestion(for: typedName, among: optionNamesInScope)))
            return
        }
        if spec.isSwitch {
            readSwitch(spec, inlineValue: inlineValue)
        } else {
            readValue(spec, inlineValue: inlineValue)
        }
    }

    private mutating func readBuiltIn(_ flag: String, inlineValue: String?) {
        if let inlineValue {
            record(.unexpectedValue(option: flag, value: inlineValue))
        } else if flag == BuiltIn.helpFlag {
            helpRequested = true
        } else {
            versionRequested = true
        }
    }

    private mutating func readSwitch(_ spec: OptionSpec, inlineValue: String?) {
        if let inlineValue {
            record(.unexpectedValue(option: spec.longFlag, value: inlineValue))
            return
        }
        guard allowsAnotherOccurrence(of: spec) else { return }
        optionCounts[spec.name, default: 0] += 1
    }

    private mutating func readValue(_ spec: OptionSpec, inlineValue: String?) {
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < words.count, !ArgumentToken.isOptionLike(words[index]) {
            // A word that looks like an option is not taken, so `--today --strict` reports a
            // missing value instead of swallowing `--strict`; pass such a value as `--name=value`.
            value = words[index]
            index += 1
        } else {
            record(.missingValue(option: spec.longFlag, valueName: spec.valueName ?? "VALUE"))
            return
        }
        if value.isEmpty, !spec.allowsEmptyValue {
            record(.emptyValue(option: spec.longFlag, valueName: spec.valueName ?? "VALUE"))
            return
        }
        if !spec.allowedValues.isEmpty, !spec.allowedValues.contains(value) {
            record(.valueNotAllowed(option: spec.longFlag, value: value, allowed: spec.allowedValues))
            return
        }
        guard allowsAnotherOccurrence(of: spec) else { return }
        optionValues[spec.name, default: []].append(value)
        optionCounts[spec.name, default: 0] += 1
    }

    private mutating func allowsAnotherOccurrence(of spec: OptionSpec) -> Bool {
        if spec.isRepeatable || optionCounts[spec.name, default: 0] == 0 { return true }
        record(.optionRepeated(option: spec.longFlag))
        return false
    }

    /// Every spelling valid at this point, for "did you mean" suggestions.
    private var optionNamesInScope: [String] {
        var names: [String] = []
        for option in optionsInScope {
            names.append(option.longFlag)
            if let short = option.shortFlag { names.append(short) }
        }
        return names + [BuiltIn.helpFlag, BuiltIn.helpShortFlag, BuiltIn.versionFlag]
    }

    // MARK: - Positionals

    /// Distributes the positional words over the command's positional specs.
    /// Optional positionals only take a word when enough remain for the
    /// required ones after them.
    private func assignPositionals(of command: CommandSpec) throws(UsageError) -> [String: [String]] {
        let specs = command.positionals
        var remaining = positionalWords[...]
        var assigned: [String: [String]] = [:]
        for (position, spec) in specs.enumerated() {
            let requiredAfter = specs[(position + 1)...].filter { !$0.isOptional }.count
            let spare = remaining.count - requiredAfter
            let taken: Int
            if spec.isVariadic {
                taken = max(0, spare)
            } else if spec.isOptional {
                taken = spare > 0 ? 1 : 0
            } else {
                taken = remaining.isEmpty ? 0 : 1
            }
            if taken == 0, !spec.isOptional {
                throw error(.missingPositional(spec.name), command: command.name)
            }
            if remaining.prefix(taken).contains("") {
                throw error(.emptyPositional(spec.name), command: command.name)
            }
            if taken > 0 {
                assigned[spec.name] = Array(remaining.prefix(taken))
                remaining = remaining.dropFirst(taken)
            }
        }
        if let unexpected = remaining.first {
            throw error(.tooManyPositionals(unexpected: unexpected, maximum: specs.count), command: command.name)
        }
        return assigned
    }

    private func makeArguments(for command: CommandSpec, positionals: [String: [String]]) -> ParsedArguments {
        var defaults: [String: String] = [:]
        for option in tool.globalOptions + command.options {
            if let defaultValue = option.defaultValue { defaults[option.name] = defaultValue }
        }
        return ParsedArguments(
            optionValues: optionValues,
            optionCounts: optionCounts,
            positionalValues: positionals,
            defaultValues: defaults
        )
    }

    // MARK: - Errors

    /// Remembers the first error; later ones are usually consequences of it.
    private mutating func record(_ kind: UsageError.Kind) {
        if firstError == nil { firstError = error(kind) }
    }

    private func error(_ kind: UsageError.Kind) -> UsageError {
        error(kind, command: currentCommandName)
    }

    private func error(_ kind: UsageError.Kind, command: String?) -> UsageError {
        UsageError(kind, toolName: tool.name, commandName: command)
    }

    private var currentCommandName: String? {
        switch target {
        case .command(let command): command.name
        case .help: BuiltIn.helpCommand
        case nil: nil
        }
    }
}
