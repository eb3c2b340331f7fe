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

    static func generate(_ arguments: ParsedArguments) -> ExitStatus {
        var run = Generate(manifestPath: arguments.value(Tool.manifest.name) ?? "flags.yaml")
        run.outputDirectory = arguments.value(Tool.outputDirectory.name)
        run.templatesDirectory = arguments.value(Tool.templates.name)
        let kinds = arguments.values(Tool.only.name).compactMap(OutputKind.init(rawValue:))
        if !kinds.isEmpty { run.kinds = kinds }
        let rendered: Generate.Rendered
        do {
            rendered = try run.render()
        } catch {
            printError("error: \(error)")
            if case .unreadable = error { return .usage }
            return .findings
        }
        report(rendered.diagnostics, format: .text)
        if rendered.diagnostics.containsErrors {
            printError("error: the manifest has errors; nothing was written")
            return .findings
        }
        do {
            let results = try OutputWriter(root: rendered.root).write(rendered.files)
            for (file, outcome) in results where outcome != .unchanged {
                print("\(outcome.rawValue) \(OutputWriter(root: rendered.root).url(for: file).path)")
            }
            let unchanged = results.filter { $0.outcome == .unchanged }.count
            if unchanged > 0 { print("\(unchanged) file\(unchanged == 1 ? "" : "s") unchanged") }
        } catch {
            printError("error: \(error)")
            return .findings
        }
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
