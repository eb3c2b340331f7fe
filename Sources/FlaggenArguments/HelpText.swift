// MARK: - Tool help

/// The help page for the whole tool, shown for `flaggen`, `flaggen --help`
/// and `flaggen help`: overview, usage line, commands, global options and a
/// pointer to per-command help. The text has no trailing newline.
public func helpText(for tool: ToolSpec) -> String {
    let globalUsage = tool.globalOptions.map(\.usageSyntax)
    let usage = ([tool.name] + globalUsage + ["<command>", "[<options>]"]).joined(separator: " ")

    var commandRows = tool.commands.map { (label: $0.name, text: $0.abstract) }
    commandRows.append((label: BuiltIn.helpCommand, text: "Show help for a command."))

    var globalRows = tool.globalOptions.map(\.helpRow)
    globalRows.append((label: "\(BuiltIn.helpShortFlag), \(BuiltIn.helpFlag)", text: "Show help information."))
    globalRows.append((label: BuiltIn.versionFlag, text: "Show the version."))

    let layout = HelpLayout(sections: [
        .init(title: "COMMANDS:", rows: commandRows),
        .init(title: "GLOBAL OPTIONS:", rows: globalRows),
    ])

    var blocks: [String] = []
    if !tool.abstract.isEmpty { blocks.append("OVERVIEW: \(tool.abstract)") }
    blocks.append("USAGE: \(usage)")
    blocks.append(layout.render())
    blocks.append("See '\(tool.name) COMMAND --help' for help on a command.")
    return blocks.joined(separator: "\n\n")
}

// MARK: - Command help

/// The help page for one command, shown for `flaggen COMMAND --help` and
/// `flaggen help COMMAND`: overview, discussion, usage line, arguments,
/// options (with allowed values and defaults) and global options.
/// The text has no trailing newline.
public func helpText(for command: CommandSpec, in tool: ToolSpec) -> String {
    let usageParts = [tool.name, command.name]
        + command.options.map(\.usageSyntax)
        + command.positionals.map(\.usageSyntax)

    var optionRows = command.options.map(\.helpRow)
    optionRows.append((label: "\(BuiltIn.helpShortFlag), \(BuiltIn.helpFlag)", text: "Show help for this command."))

    let layout = HelpLayout(sections: [
        .init(title: "ARGUMENTS:", rows: command.positionals.map { (label: "<\($0.name)>", text: $0.help) }),
        .init(title: "OPTIONS:", rows: optionRows),
        .init(title: "GLOBAL OPTIONS:", rows: tool.globalOptions.map(\.helpRow)),
    ])

    var blocks: [String] = []
    if !command.abstract.isEmpty { blocks.append("OVERVIEW: \(command.abstract)") }
    if !command.discussion.isEmpty { blocks.append(command.discussion) }
    blocks.append("USAGE: \(usageParts.joined(separator: " "))")
    blocks.append(layout.render())
    return blocks.joined(separator: "\n\n")
}

// MARK: - Version

/// The line printed for `--version`, for example `flaggen 1.2.0`.
public func versionText(for tool: ToolSpec) -> String {
    "\(tool.name) \(tool.version)"
}
