import FlaggenArguments
import FlaggenCore
import FlagKit
import Foundation

/// Each command: read its arguments, call the core, print, return the exit status.
enum Commands {
    static func lint(_ arguments: ParsedArguments) -> ExitStatus {
        let path = arguments.value(Tool.manifest.name) ?? "flags.yaml"
        let format = DiagnosticFormat(rawValue: arguments.value(Tool.format.name) ?? "text") ?? .text
        let today: ISODate
        if let text = arguments.value("today") {
            guard let date = ISODate(text) else {
                printError("error: --today must be a date written YYYY-MM-DD, such as 2027-03-01; got '\(text)'")
                return .usage
            }
            today = date
        } else {
            today = ISODate.todayUTC(secondsSince1970: Int(Date().timeIntervalSince1970))
        }
        let result: ValidationResult
        do {
            result = try ManifestLoader().load(path: path)
        } catch {
            printError("error: \(error)")
            return .usage
        }
        let diagnostics = Lint(today: today).run(result, file: path)
        report(diagnostics, format: format)
        if format == .text, let manifest = result.manifest, !diagnostics.containsErrors {
            let count = manifest.flags.count
            print("\(path): \(count) flag\(count == 1 ? "" : "s"), \(manifest.configs.count) config\(manifest.configs.count == 1 ? "" : "s"), no errors")
        }
        return diagnostics.containsErrors ? .findings : .success
    }

    static func bucket(_ arguments: ParsedArguments) -> ExitStatus {
        guard let stableID = arguments.positional("STABLE_ID"), let flagKey = arguments.positional("FLAG_KEY") else {
            printError("error: bucket needs STABLE_ID and FLAG_KEY, e.g. 'flaggen bucket acct-42 new_checkout'")
            return .usage
        }
        print(Bucket.of(stableID: stableID, flagKey: flagKey))
        return .success
    }

    static func notYetAvailable(_ command: String) -> ExitStatus {
        printError("error: 'flaggen \(command)' is not available in this version yet; see CHANGELOG.md for what is planned")
        return .usage
    }

    /// Prints diagnostics: text to standard error like a compiler, github and json to standard
    /// output where CI and tools read them.
    static func report(_ diagnostics: [Diagnostic], format: DiagnosticFormat) {
        let rendered = format.render(diagnostics)
        switch format {
        case .text:
            if !rendered.isEmpty { printError(rendered) }
        case .github, .json:
            print(rendered, terminator: rendered.hasSuffix("\n") || rendered.isEmpty ? "" : "\n")
        }
    }
}
