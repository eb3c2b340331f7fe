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

// Unsafe APIs here: the last-resort error message goes to standard error with POSIX `write`, and
// the raw arguments and working folder are read as C strings, to refuse bytes that are not UTF-8.

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
        default: preconditionFailure("Tool.spec lists '\(command)', which run(_:) does not handle")
        }
    }
}

/// Why flaggen cannot run here, when an argument or the working folder's path is not UTF-8.
/// Paths are Swift strings, and a string repairs such bytes to U+FFFD, naming another file: a
/// run from such a folder wrote its outputs into a look-alike folder beside the repository.
func bytesThatAreNotUTF8() -> String? {
    func isUTF8(_ text: UnsafePointer<CChar>) -> Bool {
        let bytes = UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) }
        return Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }
    for index in 1..<Int(CommandLine.argc) {
        if let argument = CommandLine.unsafeArgv[index], !isUTF8(argument) {
            return "argument \(index) is not UTF-8 (\(String(cString: argument))); flaggen reads paths and names as UTF-8: rename the file or folder"
        }
    }
    guard let folder = getcwd(nil, 0) else { return nil }
    defer { free(folder) }
    guard isUTF8(folder) else {
        return "the working folder's path is not UTF-8 (\(String(cString: folder))); flaggen reads and writes paths as UTF-8: rename the folder, or run flaggen from another with --manifest"
    }
    return nil
}

if let problem = bytesThatAreNotUTF8() {
    printError("error: " + problem)
    exit(ExitStatus.usage.rawValue)
}
exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
