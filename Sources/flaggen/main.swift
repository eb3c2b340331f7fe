import FlaggenArguments
import FlaggenCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Unsafe APIs here: the last-resort error message goes to standard error with POSIX `write`.

/// Exit statuses: 0 success, 1 findings (invalid manifest, drift, expired flags), 2 usage errors
/// or unreadable input.
enum ExitStatus: Int32 {
    case success = 0
    case findings = 1
    case usage = 2
}

/// Prints a message to standard error; control characters from the input become escapes
/// (``TerminalText``), so a manifest's text cannot drive the terminal.
func printError(_ text: String) {
    let safe = TerminalText.escaped(text, keepsLines: true)
    let line = safe.hasSuffix("\n") ? safe : safe + "\n"
    var bytes = Array(line.utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + written, $0.count - written) }
        if result < 0 && errno == EINTR { continue }
        if result <= 0 { return }
        written += result
    }
}

/// Prints a message to standard output, with control characters from the input escaped as by
/// ``printError(_:)``. Output that must stay byte-exact (`render`) uses `print`.
func printText(_ text: String, terminator: String = "\n") {
    print(TerminalText.escaped(text, keepsLines: true), terminator: terminator)
}

func run(_ arguments: [String]) -> ExitStatus {
    let invocation: Invocation
    do {
        invocation = try Tool.spec.parse(arguments)
    } catch {
        // One line, and where the rest is: a CI log should show the mistake, not a page of help.
        printError("error: \(error)")
        if let name = error.commandName, Tool.spec.command(named: name) != nil {
            printError("See 'flaggen \(name) --help'.")
        } else {
            printError("See 'flaggen --help'.")
        }
        return .usage
    }
    switch invocation {
    case .version:
        print(versionText(for: Tool.spec))
        return .success
    case .help(let name):
        if let name, let command = Tool.spec.command(named: name) {
            print(helpText(for: command, in: Tool.spec))
        } else {
            print(helpText(for: Tool.spec))
        }
        return .success
    case .run(let command, let arguments):
        switch command {
        case Tool.lint.name: return Commands.lint(arguments)
        case Tool.bucket.name: return Commands.bucket(arguments)
        case Tool.generate.name: return Commands.generate(arguments)
        case Tool.check.name: return Commands.check(arguments)
        case Tool.breaking.name: return Commands.breaking(arguments)
        case Tool.refs.name: return Commands.refs(arguments)
        case Tool.report.name: return Commands.report(arguments)
        case Tool.remove.name: return Commands.remove(arguments)
        case Tool.context.name: return Commands.context(arguments)
        case Tool.render.name: return Commands.render(arguments)
        default: return Commands.notYetAvailable(command)
        }
    }
}

exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
