import FlaggenArguments
import FlaggenCore
import FlagKitBucket
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Each command: read its arguments, call the core, print, return the exit status.
enum Commands {
    /// `--manifest`, or `flags.yaml` in the current folder.
    static func manifestPath(_ arguments: ParsedArguments) -> String {
        arguments.value(Tool.manifest.name) ?? "flags.yaml"
    }

    /// `--format`, text unless given (the parser has already refused other values).
    static func diagnosticFormat(_ arguments: ParsedArguments) -> DiagnosticFormat {
        DiagnosticFormat(rawValue: arguments.value(Tool.format.name) ?? "text") ?? .text
    }

    /// `--today`, or today's UTC date; nil (after printing why) when `--today` is malformed.
    static func today(_ arguments: ParsedArguments) -> ISODate? {
        guard let text = arguments.value("today") else {
            return ISODate.todayUTC(secondsSince1970: Int(Date().timeIntervalSince1970))
        }
        guard let date = ISODate(text) else {
            printError("error: --today must be a date written YYYY-MM-DD, such as 2029-03-01; got '\(text)'")
            return nil
        }
        return date
    }

    static func lint(_ arguments: ParsedArguments) -> ExitStatus {
        let path = manifestPath(arguments)
        let format = diagnosticFormat(arguments)
        guard let today = today(arguments) else { return .usage }
        let run = Generate(manifestPath: path)
        let plan: Generate.Plan
        do {
            plan = try run.plan()
        } catch {
            return failed(error, manifest: path, format: format)
        }
        var lint = Lint(today: today)
        if let text = arguments.value("deprecation-days") {
            guard let days = Int(text), days >= 0, days <= 3_650 else {
                printError("error: --deprecation-days must be a whole number of days from 0 to 3650; got '\(text)'")
                return .usage
            }
            lint.deprecationDays = days
        }
        let diagnostics = lint.run(plan.diagnostics + run.templateProblems(in: plan) + run.obstacles(in: plan), manifest: plan.manifest, file: path)
        report(diagnostics, format: format)
        if format == .text, let manifest = plan.manifest, !diagnostics.containsErrors {
            let count = manifest.flags.count
            printText("\(path): \(count) flag\(count == 1 ? "" : "s"), \(manifest.configs.count) config\(manifest.configs.count == 1 ? "" : "s"), no errors")
        }
        return diagnostics.containsErrors ? .findings : .success
    }

    static func bucket(_ arguments: ParsedArguments) -> ExitStatus {
        // Required: the parser refuses a command line without them.
        print(Bucket.of(stableID: arguments.positional("STABLE_ID")!, flagKey: arguments.positional("FLAG_KEY")!))
        return .success
    }

    /// The generate run the arguments describe (shared by generate and check).
    static func generateRun(_ arguments: ParsedArguments) -> Generate {
        var run = Generate(manifestPath: manifestPath(arguments))
        run.outputDirectory = arguments.value(Tool.outputDirectory.name)
        run.templatesDirectory = arguments.value(Tool.templates.name)
        run.swiftFile = arguments.value(Tool.swiftFile.name)
        run.swiftFromBuildPlugin = arguments.isSet(Tool.swiftFromBuildPlugin.name)
        run.callersFixCommand = arguments.value(Tool.fixCommand.name)
        let kinds = arguments.values(Tool.only.name).compactMap(OutputKind.init(rawValue:))
        if !kinds.isEmpty { run.kinds = OutputKind.allCases.filter(kinds.contains) }
        return run
    }

    static func generate(_ arguments: ParsedArguments) -> ExitStatus {
        let run = generateRun(arguments)
        let written: Generate.Written
        do {
            written = try run.write()
        } catch {
            return failed(error, manifest: run.manifestPath, format: .text)
        }
        report(written.diagnostics, format: .text)
        if written.diagnostics.containsErrors {
            printError(
                written.isBlocked
                    ? "error: nothing was written; move what is in the way, or point 'outputs' elsewhere"
                    : "error: the manifest has errors; nothing was written")
            return .findings
        }
        for file in written.files where file.outcome != .unchanged {
            printText("\(file.outcome.rawValue) \(written.root.appendingPathComponent(file.path).standardizedFileURL.path)")
        }
        // Names found on disk, escaped: one line each.
        let stale = run.removeStaleFiles(written)
        for url in stale.removed { printText("removed \(TerminalText.escaped(url.path)) (no longer generated)") }
        for url in run.removeAbandonedTemporaryFiles(written) { printText("removed \(TerminalText.escaped(url.path)) (left by an interrupted run)") }
        let unchanged = written.files.filter { $0.outcome == .unchanged }.count
        if unchanged > 0 { print("\(unchanged) file\(unchanged == 1 ? "" : "s") unchanged") }
        for failure in stale.failures { printError("error: " + failure) }
        return stale.failures.isEmpty ? .success : .findings
    }

    static func check(_ arguments: ParsedArguments) -> ExitStatus {
        let run = generateRun(arguments)
        let format = diagnosticFormat(arguments)
        let rendered: Generate.Rendered
        do {
            rendered = try run.render()
        } catch {
            return failed(error, manifest: manifestPath(arguments), format: format)
        }
        if rendered.diagnostics.containsErrors {
            report(rendered.diagnostics, format: format)
            return .findings
        }
        let findings = DriftCheck.findings(for: rendered, displayRoot: run.displayRoot(rendered))
        let diagnostics = rendered.diagnostics + DriftCheck.diagnostics(for: findings, fix: run.fixCommand)
        switch format {
        case .text:
            for (diagnostic, finding) in zip(diagnostics.suffix(findings.count), findings) {
                printError(diagnostic.formatted)
                let details = DriftCheck.details(for: finding, fix: run.fixCommand)
                if !details.isEmpty { printError(details) }
            }
            let blocked = findings.filter { $0.kind == .foreign }.count
            let stale = findings.count - blocked
            if findings.isEmpty {
                print("\(rendered.files.count) generated file\(rendered.files.count == 1 ? "" : "s") up to date")
            }
            if stale > 0 {
                printError("\(stale) file\(stale == 1 ? "" : "s") out of date; fix: \(run.fixCommand)")
            }
            if blocked > 0 {
                printError("\(blocked) output path\(blocked == 1 ? " is" : "s are") blocked; move what is in the way, or point 'outputs' elsewhere")
            }
        case .github, .json:
            report(diagnostics, format: format)
        }
        return findings.isEmpty ? .success : .findings
    }

    static func breaking(_ arguments: ParsedArguments) -> ExitStatus {
        guard let against = arguments.value("against") else {
            printError("error: breaking needs --against OLD: a manifest path, or git:REF (such as git:main)")
            return .usage
        }
        var run = Breaking(manifestPath: manifestPath(arguments), against: against)
        run.strict = arguments.isSet("strict")
        let format = diagnosticFormat(arguments)
        let findings: [Diagnostic]
        do {
            findings = try run.run()
        } catch {
            return failed(.unreadable(error.description), manifest: manifestPath(arguments), format: format)
        }
        report(findings, format: format)
        if format == .text, findings.isEmpty { printText("no breaking changes against \(against)") }
        return findings.containsErrors ? .findings : .success
    }

    static func refs(_ arguments: ParsedArguments) -> ExitStatus {
        let path = manifestPath(arguments)
        let format = diagnosticFormat(arguments)
        guard let today = today(arguments) else { return .usage }
        let paths = arguments.positionals("PATH")  // required: the parser refuses a command line without one
        var failOn: Set<FlagReferences.Category> = []
        let known = FlagReferences.Category.allCases.map(\.rawValue)
        for value in arguments.values("fail-on") {
            for word in value.split(separator: ",", omittingEmptySubsequences: false).map(trimmed) {
                guard !word.isEmpty else {
                    printError("error: an empty --fail-on category in '\(value)'; use \(known.joined(separator: ", ")), separated by commas")
                    return .usage
                }
                guard let category = FlagReferences.Category(rawValue: word) else {
                    let hint = NearMiss.suggestion(for: word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                    printError("error: unknown --fail-on category '\(word)'\(hint); use \(known.joined(separator: ", "))")
                    return .usage
                }
                failOn.insert(category)
            }
        }
        do {
            let result = try ManifestLoader.load(path: path)
            guard let manifest = result.manifest else {
                report(result.diagnostics, format: format)
                return .findings
            }
            let scanner = FlagReferences(manifest: manifest, manifestPath: path)
            let found = try scanner.scan(paths: paths, excluding: arguments.values("exclude"))
            let diagnostics = scanner.diagnostics(for: found, manifestFile: path, today: today, failOn: failOn)
            if format == .text { printText(scanner.summary(for: found), terminator: "") }
            report(diagnostics, format: format)
            return diagnostics.containsErrors ? .findings : .success
        } catch {
            return failed(.unreadable(error.description), manifest: path, format: format)
        }
    }

    static func report(_ arguments: ParsedArguments) -> ExitStatus {
        guard let output = arguments.value("output") else {
            printError("error: report needs --output FILE, such as 'flaggen report --output flags-report.html'")
            printError("See 'flaggen report --help'.")
            return .usage
        }
        if arguments.isSet("exclude"), !arguments.isSet("refs") {
            printError("error: --exclude chooses what --refs scans; give the code to scan with --refs PATH")
            printError("See 'flaggen report --help'.")
            return .usage
        }
        guard let today = today(arguments) else { return .usage }
        let path = manifestPath(arguments)
        var run = Report(manifestPath: path, outputPath: output, today: today)
        run.format = Report.Format(rawValue: arguments.value("format") ?? "html") ?? .html
        run.referencePaths = arguments.values("refs")
        run.excluding = arguments.values("exclude")
        let outcome: Report.Outcome
        do {
            outcome = try run.run()
        } catch {
            return failed(.unreadable(error.description), manifest: path, format: .text)
        }
        report(outcome.diagnostics, format: .text)
        guard let count = outcome.flagCount else {
            printError("error: the manifest has errors; nothing was written")
            return .findings
        }
        printText("wrote \(output) (\(count) flag\(count == 1 ? "" : "s"), \(run.format.rawValue))")
        return .success
    }

    static func remove(_ arguments: ParsedArguments) -> ExitStatus {
        let key = arguments.positional("KEY")!  // required: the parser refuses a command line without it
        var run = Remove(manifestPath: manifestPath(arguments), key: key, paths: arguments.positionals("PATH"))
        run.keep = arguments.value("keep").map { $0 == "on" }
        run.value = arguments.value("value")
        run.force = arguments.isSet("force")
        run.excluding = arguments.values("exclude")
        let dryRun = arguments.isSet("dry-run")
        let outcome: Remove.Outcome
        do {
            outcome = try dryRun ? run.plan() : run.run()
        } catch {
            report(error.diagnostics, format: .text)
            printError("error: \(error)")
            if error.kind == .usage {
                if error.message.contains("--") { printError("See 'flaggen remove --help'.") }
                return .usage
            }
            return .findings
        }
        report(outcome.diagnostics, format: .text)
        if arguments.positionals("PATH").isEmpty {
            // PATH is optional (a json flag's reads go by hand), but then nothing checked the code.
            printError(
                "warning: no PATH was given, so no code was scanned and no reads of '\(key)' were rewritten; code that still reads it will not compile. Find it with 'flaggen refs PATH…', or pass the code's folders to flaggen remove")
        }
        if dryRun {
            for change in outcome.changes { print(change.diff, terminator: change.diff.hasSuffix("\n") ? "" : "\n") }
            printText("dry run: \(outcome.changes.count) file\(outcome.changes.count == 1 ? "" : "s") would change; nothing was written")
        } else {
            for change in outcome.changes { printText("updated \(change.path)") }
            printText("removed '\(key)' and retired its key")
            for leftover in outcome.leftovers { printError("warning: " + leftover) }
        }
        return .success
    }

    static func context(_ arguments: ParsedArguments) -> ExitStatus {
        let path = manifestPath(arguments)
        let kind = OutputKind(rawValue: arguments.value("language") ?? "swift") ?? .swift
        do {
            let (json, diagnostics) = try TemplateCommands.context(manifestPath: path, kind: kind)
            report(diagnostics, format: .text)
            if diagnostics.containsErrors { return .findings }
            print(json, terminator: "")
            return .success
        } catch {
            return failed(error, manifest: path, format: .text)
        }
    }

    static func render(_ arguments: ParsedArguments) -> ExitStatus {
        let template = arguments.positional("TEMPLATE")!  // required: the parser refuses a command line without it
        do {
            let text = try TemplateCommands.render(
                templatePath: template, dataPath: arguments.value("data"), partialsFolder: arguments.value("partials"))
            print(text, terminator: "")
            return .success
        } catch {
            return failed(error, manifest: template, format: .text)
        }
    }

    /// `text` without the whitespace around it.
    static func trimmed(_ text: Substring) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    /// Reports an error that stopped the command (an unreadable input, a template, an output the
    /// disk refuses); nothing was written. (Problems that belong to a place in the manifest are
    /// diagnostics, reported with the others.)
    static func failed(_ error: GenerateError, manifest: String, format: DiagnosticFormat) -> ExitStatus {
        switch format {
        // A template's syntax error reads `Flags.swift.mustache:5:1: error: ...`.
        case .text: printError(error.located?.formatted ?? "error: \(error)")
        case .github, .json: report([error.diagnostic(file: manifest)], format: format)
        }
        if case .unreadable = error { return .usage }
        return .findings
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
