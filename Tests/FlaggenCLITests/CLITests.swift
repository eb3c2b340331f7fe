import Foundation
import XCTest

final class CLITests: XCTestCase {
    func testVersionAndHelp() throws {
        let version = try runFlaggen(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "flaggen 0.1.0\n")

        for arguments in [["--help"], ["-h"], ["help"], []] {
            let help = try runFlaggen(arguments)
            XCTAssertEqual(help.status, 0, "\(arguments)")
            XCTAssertTrue(help.stdout.contains("USAGE: flaggen [--manifest PATH] <command>"), help.stdout)
            XCTAssertTrue(help.stdout.contains("lint"), help.stdout)
        }
        let lintHelp = try runFlaggen(["lint", "--help"])
        XCTAssertEqual(lintHelp.status, 0)
        XCTAssertTrue(lintHelp.stdout.contains("--today YYYY-MM-DD"), lintHelp.stdout)
        XCTAssertTrue(lintHelp.stdout.contains("text|json|github") || lintHelp.stdout.contains("text, github, json"), lintHelp.stdout)
    }

    func testUsageErrorsExitTwoWithMessageAndUsage() throws {
        let unknownCommand = try runFlaggen(["lnit"])
        XCTAssertEqual(unknownCommand.status, 2)
        XCTAssertEqual(unknownCommand.stderr, "error: Unknown command 'lnit'. Did you mean 'lint'?\nSee 'flaggen --help'.\n")

        let unknownOption = try runFlaggen(["lint", "--formt", "json"])
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertTrue(unknownOption.stderr.contains("Unknown option '--formt'. Did you mean '--format'?"), unknownOption.stderr)
        XCTAssertTrue(unknownOption.stderr.hasSuffix("\nSee 'flaggen lint --help'.\n"), unknownOption.stderr)
        XCTAssertEqual(unknownOption.stderr.split(separator: "\n").count, 2, "one line and a pointer, not the whole help")

        let badValue = try runFlaggen(["lint", "--format=xml"])
        XCTAssertEqual(badValue.status, 2)
        XCTAssertTrue(badValue.stderr.contains("xml"), badValue.stderr)

        let badDate = try runFlaggen(["lint", "--today", "tomorrow"])
        XCTAssertEqual(badDate.status, 2)
        XCTAssertTrue(badDate.stderr.contains("--today must be a date written YYYY-MM-DD"), badDate.stderr)
    }

    /// The commands read their required arguments without a check of their own (the parser
    /// refuses a command line without them): each must stay required in Tool.swift, or these
    /// command lines would crash instead of saying what is missing.
    func testMissingRequiredArgumentsAreUsageErrors() throws {
        for (arguments, missing) in [
            (["bucket"], "STABLE_ID"), (["bucket", "acct-42"], "FLAG_KEY"), (["refs"], "PATH"), (["refs", "--"], "PATH"),
            (["remove"], "KEY"), (["remove", "--keep", "on"], "KEY"), (["render"], "TEMPLATE"),
        ] {
            let result = try runFlaggen(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(missing), "\(arguments): \(result.stderr)")
        }
    }

    func testLintRootManifest() throws {
        let result = try runFlaggen(["lint", "--today", "2026-11-29"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "flags.yaml: 5 flags, 2 configs, no errors\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testLintExpiryErrorsAndWarnings() throws {
        let result = try runFlaggen(["lint", "--today", "2029-02-20"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            flags.yaml:16:3: warning: flag 'new_checkout' expires in 9 days, on 2029-03-01 (owner: payments); plan its removal; mark it 'deprecated: \"…\"' so every read warns in Xcode and Android Studio, and remove it with 'flaggen remove new_checkout'
            flags.yaml:36:3: error: flag 'checkout_button_label' expired on 2029-01-31 (owner: payments); remove it from the code and the manifest and add its key to 'retired', or move 'expires' if it must live longer
            flags.yaml:47:3: warning: flag 'paywall' expires in 8 days, on 2029-02-28 (owner: growth); plan its removal; mark it 'deprecated: \"…\"' so every read warns in Xcode and Android Studio, and remove it with 'flaggen remove paywall'

            """)
        // The last day is still valid; the day after fails.
        XCTAssertEqual(try runFlaggen(["lint", "--today", "2029-01-31"]).status, 0)
        XCTAssertEqual(try runFlaggen(["lint", "--today", "2029-02-01"]).status, 1)
        XCTAssertEqual(try runFlaggen(["lint", "--deprecation-days", "a month"]).status, 2)
    }

    func testLintGithubAndJSONFormats() throws {
        let github = try runFlaggen(["lint", "--today", "2029-02-01", "--deprecation-days", "0", "--format", "github"])
        XCTAssertEqual(github.status, 1)
        let lines = github.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("::error file=flags.yaml,line=36,col=3::flag 'checkout_button_label' expired"), String(lines[0]))

        let json = try runFlaggen(["lint", "--today", "2029-02-01", "--deprecation-days", "0", "--format=json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["errors"] as? Int, 1)
        XCTAssertEqual(object["warnings"] as? Int, 0)
        let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["line"] as? Int, 36)
        XCTAssertEqual(first["column"] as? Int, 3)
        XCTAssertEqual(first["severity"] as? String, "error")
    }

    /// A bidirectional mark or an escape character from the manifest reaches `--format json` as
    /// an escape, as in the other formats. (Reported: JSON held the raw U+202E, and ESC as
    /// `\u001b`, which a tool that posts the message decodes back into a real escape.)
    func testJSONDiagnosticsEscapeWhatTheOtherFormatsEscape() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  \"a\\u202Eb\\u001B\": {type: bool, default: false, owner: p, kind: permission}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["lint", "--format", "json"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stdout.unicodeScalars.contains("\u{202E}"), result.stdout)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let message = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first?["message"] as? String)
        XCTAssertTrue(message.contains("'a\\u{202E}b\\u{1B}'"), message)
    }

    /// GitHub places an annotation only when its file is relative to the checkout (GITHUB_WORKSPACE):
    /// a job that runs in the app's folder (`working-directory: ios`) or names `./flags.yaml`
    /// must still point at `ios/flags.yaml`.
    func testGithubAnnotationsNameFilesFromTheCheckoutRoot() throws {
        let checkout = try temporaryFolder(self)
        let app = checkout.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("version: 1\nflags:\n  bad_flag: {type: bool, default: nope, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: app.appendingPathComponent("flags.yaml"))
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = checkout.path
        for manifest in ["flags.yaml", "./flags.yaml", "../ios/flags.yaml", app.appendingPathComponent("flags.yaml").path] {
            let result = try runFlaggen(
                ["lint", "--manifest", manifest, "--today", "2026-11-29", "--format", "github"], in: app, environment: environment)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stdout.hasPrefix("::error file=ios/flags.yaml,line=3,col=35::"), "\(manifest): \(result.stdout)")
        }
        // The checkout named through a link to it.
        let link = try temporaryFolder(self).appendingPathComponent("checkout")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: checkout)
        environment["GITHUB_WORKSPACE"] = link.path + "/"
        let linked = try runFlaggen(["lint", "--today", "2026-11-29", "--format", "github"], in: app, environment: environment)
        XCTAssertTrue(linked.stdout.hasPrefix("::error file=ios/flags.yaml,line=3,col=35::"), linked.stdout)
        // `..` after a link is taken where the link leads, as reading the file takes it.
        let other = checkout.appendingPathComponent("other/deep")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("version: 1\nflags:\n  b: {type: bool, default: nope, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: checkout.appendingPathComponent("other/flags.yaml"))
        try FileManager.default.createSymbolicLink(at: app.appendingPathComponent("link"), withDestinationURL: other)
        environment["GITHUB_WORKSPACE"] = checkout.path
        let throughLink = try runFlaggen(
            ["lint", "--manifest", "link/../flags.yaml", "--today", "2026-11-29", "--format", "github"], in: app, environment: environment)
        XCTAssertTrue(throughLink.stdout.hasPrefix("::error file=other/flags.yaml,line=3,col=28::"), throughLink.stdout)
        // Outside GitHub Actions the path is the one given, without a leading `./`.
        environment["GITHUB_WORKSPACE"] = nil
        let local = try runFlaggen(
            ["lint", "--manifest", "./flags.yaml", "--today", "2026-11-29", "--format", "github"], in: app, environment: environment)
        XCTAssertTrue(local.stdout.hasPrefix("::error file=flags.yaml,line=3,col=35::"), local.stdout)
        // A file outside the checkout keeps its path.
        environment["GITHUB_WORKSPACE"] = app.appendingPathComponent("elsewhere").path
        let outside = try runFlaggen(["lint", "--today", "2026-11-29", "--format", "github"], in: app, environment: environment)
        XCTAssertTrue(outside.stdout.hasPrefix("::error file=flags.yaml,line=3,col=35::"), outside.stdout)
    }

    func testInvalidManifestExitsOneWithCompilerStyleErrors() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  bad_flag: {type: bool, default: nope, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["lint", "--today", "2026-11-29"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "flags.yaml:3:35: error: the default of flag 'bad_flag' must be true or false, found a string 'nope'; write true or false\n")
    }

    func testManifestOptionAndMissingFile() throws {
        let folder = try temporaryFolder(self)
        let custom = folder.appendingPathComponent("my flags.yaml")
        try Data("version: 1\nflags: {}\n".utf8).write(to: custom)
        let ok = try runFlaggen(["--manifest", custom.path, "lint"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let after = try runFlaggen(["lint", "--manifest=\(custom.path)"])
        XCTAssertEqual(after.status, 0, after.stderr)

        let missing = try runFlaggen(["lint"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: flags.yaml: no such file; pass the manifest with --manifest PATH (default ./flags.yaml)\n")

        let directory = try runFlaggen(["lint", "--manifest", folder.path])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("is a folder"), directory.stderr)
    }

    func testBillionLaughsFailsThroughTheCLI() throws {
        let folder = try temporaryFolder(self)
        var text = "version: 1\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        try Data(text.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["lint"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("billion laughs"), result.stderr)
    }

    func testBucket() throws {
        let vectors: [(String, String, String)] = [
            ("acct-42", "new_checkout", "1500"), ("acct-1", "new_checkout", "6497"), ("user-7", "chat_media_enabled", "8403"),
            ("ünïcødé-ü", "paywall", "9475"),
        ]
        for (id, key, expected) in vectors {
            let result = try runFlaggen(["bucket", id, key])
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(result.stdout, expected + "\n")
        }
        let missing = try runFlaggen(["bucket", "acct-42"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("FLAG_KEY"), missing.stderr)
    }
}

final class GenerateCLITests: XCTestCase {
    /// A copy of the root manifest in a new folder; with `templates`, naming that override folder.
    private func makeProject(templates: String? = nil) throws -> URL {
        let folder = try temporaryFolder(self)
        let manifest = folder.appendingPathComponent("flags.yaml")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: manifest)
        if let templates {
            let text = try String(contentsOf: manifest, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "name: Flags\n", with: "name: Flags\ntemplates: \(templates)\n").utf8).write(to: manifest)
        }
        return folder
    }

    func testGenerateWritesOutputsThenNothingOnASecondRun() throws {
        let folder = try makeProject()
        let first = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("created \(folder.path)/Generated/Swift/Flags.swift"), first.stdout)
        let generated = try Data(contentsOf: folder.appendingPathComponent("Generated/Swift/Flags.swift"))
        XCTAssertEqual(generated, try Data(contentsOf: packageRoot.appendingPathComponent("Generated/Swift/Flags.swift")))

        let second = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertFalse(second.stdout.contains("created"), second.stdout)
        XCTAssertFalse(second.stdout.contains("updated"), second.stdout)
        XCTAssertTrue(second.stdout.contains("unchanged"), second.stdout)
    }

    func testInvalidManifestWritesNothing() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  a: {type: bool, default: 3, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("flags.yaml:3:28: error:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    func testGenerateNeverOverwritesAHandWrittenFile() throws {
        let folder = try makeProject()
        let target = folder.appendingPathComponent("Generated/Swift/Flags.swift")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// my own code\n".utf8).write(to: target)
        let result = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("was not generated by flaggen"), result.stderr)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "// my own code\n")
        // All or nothing: the outputs staged before the refusal are gone, folders and all.
        let generated = folder.appendingPathComponent("Generated")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: generated.path), ["Swift"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path), ["Flags.swift"])
    }

    func testOutputDirAndTemplateOverride() throws {
        let folder = try makeProject()
        let templates = folder.appendingPathComponent("my templates/swift")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#header}}\n// {{.}}\n{{/header}}\n// custom\n{{#flags}}{{key}}\n{{/flags}}".utf8).write(to: templates.appendingPathComponent("Flags.swift.mustache"))
        let out = folder.appendingPathComponent("out dir")
        let result = try runFlaggen(
            ["generate", "--only", "swift", "--output-dir", out.path, "--templates", folder.appendingPathComponent("my templates").path], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("Generated/Swift/Flags.swift"), encoding: .utf8),
            "// Generated by flaggen 0.1.0 from flags.yaml. Do not edit.\n// Change flags.yaml and run `flaggen generate` instead.\n"
                + "// custom\nnew_checkout\nchat_media_enabled\ncheckout_button_label\npaywall\nhome_layout\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    func testATemplateSyntaxErrorIsReportedAtItsTagInEveryFormat() throws {
        // Reported: check --format json put a template's syntax error at 1:1 of the manifest.
        let folder = try makeProject()
        let templates = folder.appendingPathComponent("my templates/swift")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("Flags.swift.mustache")
        try Data("{{#header}}\n// {{.}}\n{{/header}}\n{{#flags}}\n  {{key}\n{{/flags}}\n".utf8).write(to: template)
        let arguments = ["--only", "swift", "--templates", folder.appendingPathComponent("my templates").path]
        let text = try runFlaggen(["check"] + arguments, in: folder)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stderr.hasPrefix("\(template.path):5:3: error: "), text.stderr)
        let json = try runFlaggen(["check", "--format", "json"] + arguments, in: folder)
        XCTAssertEqual(json.status, 1)
        XCTAssertTrue(json.stdout.contains("\"file\": \"\(template.path)\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"line\": 5"), json.stdout)
        XCTAssertFalse(json.stdout.contains("error: "), json.stdout)
        let github = try runFlaggen(["check", "--format", "github"] + arguments, in: folder)
        XCTAssertEqual(github.status, 1)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=\(template.path),line=5,col=3::"), github.stdout)
    }

    /// `lint` reports what `generate` finds in the manifest's template overrides (found by a bug
    /// hunt: lint passed a template with an unclosed section, or without the header, that
    /// generate refused).
    func testLintRendersTheManifestsTemplateOverrides() throws {
        let folder = try makeProject(templates: "tpl")
        let templates = folder.appendingPathComponent("tpl/kotlin")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("Flags.kt.mustache")
        try Data("{{#header}}\n// {{.}}\n{{/header}}\n{{#unclosed}}\n".utf8).write(to: template)
        let unclosed = try runFlaggen(["lint", "--today", "2026-01-01"], in: folder)
        XCTAssertEqual(unclosed.status, 1, unclosed.stderr)
        XCTAssertTrue(unclosed.stderr.contains("tpl/kotlin/Flags.kt.mustache:4:1: error: section '{{#unclosed}}' is never closed"), unclosed.stderr)
        try Data("// no header\n".utf8).write(to: template)
        let headless = try runFlaggen(["lint", "--today", "2026-01-01"], in: folder)
        XCTAssertEqual(headless.status, 1, headless.stderr)
        XCTAssertTrue(headless.stderr.contains("Flags.kt.mustache must begin with the generated header"), headless.stderr)
        // Found by a hunt: a template with CR LF line ends (a Windows checkout) was told it
        // lacked the header it has.
        try Data("{{#header}}\r\n// {{.}}\r\n{{/header}}\r\n".utf8).write(to: template)
        let crlf = try runFlaggen(["lint", "--today", "2026-01-01"], in: folder)
        XCTAssertEqual(crlf.status, 1, crlf.stderr)
        XCTAssertTrue(crlf.stderr.contains("Flags.kt.mustache has CR LF line ends (a Windows checkout?)"), crlf.stderr)
        try Data("{{#header}}\n// {{.}}\n{{/header}}\n".utf8).write(to: template)
        XCTAssertEqual(try runFlaggen(["lint", "--today", "2026-01-01"], in: folder).status, 0)
    }

    /// A syntax error in a partial is reported at the partial's file, which an editor can open,
    /// in lint and in render. (Reported: at its name, `p:1:1`.)
    func testASyntaxErrorInAPartialIsReportedAtItsFile() throws {
        let folder = try makeProject(templates: "tpl")
        let templates = folder.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("swift"), withIntermediateDirectories: true)
        try Data("{{#header}}\n// {{.}}\n{{/header}}\n// {{> p}}\n".utf8).write(to: templates.appendingPathComponent("swift/Flags.swift.mustache"))
        try Data("{{#x}}\n".utf8).write(to: templates.appendingPathComponent("p.mustache"))
        let root = templates.resolvingSymlinksInPath().path
        let lint = try runFlaggen(["lint", "--today", "2026-01-01"], in: folder)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stderr.contains("\(root)/p.mustache:1:1: error: section '{{#x}}' is never closed"), lint.stderr)
        let render = try runFlaggen(["render", "tpl/swift/Flags.swift.mustache", "--partials", "tpl"], in: folder)
        XCTAssertEqual(render.status, 1, render.stderr)
        XCTAssertTrue(render.stderr.contains("tpl/p.mustache:1:1: error: section '{{#x}}' is never closed"), render.stderr)
    }

    /// Found by a differential hunt: with broken template overrides, `generate` printed one
    /// unlocated error where `lint` printed one at flags.yaml:1:1, each stopped at the first
    /// broken template, and `generate --only swift` (the build plugin's run) passed a broken
    /// Kotlin template that `lint` refused. Now every command reports every broken override, each
    /// at its own file, whatever `--only` selects.
    func testEveryCommandReportsEveryBrokenTemplateOverrideAtItsFile() throws {
        let folder = try makeProject(templates: "tpl")
        let templates = folder.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("swift"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("kotlin"), withIntermediateDirectories: true)
        let header = "{{#header}}\n// {{.}}\n{{/header}}\n"
        try Data((header + "{{#flags}}\n").utf8).write(to: templates.appendingPathComponent("swift/Flags.swift.mustache"))
        try Data("// no header\n".utf8).write(to: templates.appendingPathComponent("kotlin/Flags.kt.mustache"))
        try Data((header + "{{/oops}}\n").utf8).write(to: templates.appendingPathComponent("kotlin/FlagKit.kt.mustache"))
        let root = templates.resolvingSymlinksInPath().path
        let expected = [
            "\(root)/kotlin/FlagKit.kt.mustache:4:1: error: ",
            "\(root)/kotlin/Flags.kt.mustache:1:1: error: the template \(root)/kotlin/Flags.kt.mustache must begin with the generated header",
            "\(root)/swift/Flags.swift.mustache:4:1: error: section '{{#flags}}' is never closed",
        ]
        for command in [["lint", "--today", "2026-01-01"], ["generate"], ["generate", "--only", "swift"], ["generate", "--only", "kotlin"], ["check"]] {
            let result = try runFlaggen(command, in: folder)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
            XCTAssertEqual(errors.count, 3, "\(command): \(result.stderr)")
            for (line, prefix) in zip(errors.sorted(), expected) {
                XCTAssertTrue(line.hasPrefix(prefix), "\(command): \(line)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path), "nothing written")
    }

    func testCopiedBinaryWorksAloneWithEmbeddedTemplates() throws {
        let folder = try makeProject()
        let binary = folder.appendingPathComponent("flaggen-copy")
        try FileManager.default.copyItem(at: flaggenExecutable, to: binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["generate", "--only", "swift"]
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("Generated/Swift/Flags.swift")),
            try Data(contentsOf: packageRoot.appendingPathComponent("Generated/Swift/Flags.swift")))
    }

    func testRenderAndContext() throws {
        let folder = try temporaryFolder(self)
        try Data("{{#items}}{{name}}{{^isLast}}, {{/isLast}}{{/items}} {{> tail}}\n".utf8).write(to: folder.appendingPathComponent("t.mustache"))
        try Data(#"{"items": [{"name": "a<b"}, {"name": "c"}]}"#.utf8).write(to: folder.appendingPathComponent("d.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("p"), withIntermediateDirectories: true)
        try Data("end".utf8).write(to: folder.appendingPathComponent("p/tail.mustache"))
        let rendered = try runFlaggen(["render", "t.mustache", "--data", "d.json", "--partials", "p"], in: folder)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertEqual(rendered.stdout, "a<b, c end\n")

        try Data("{\"items\": [1,]}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let bad = try runFlaggen(["render", "t.mustache", "--data", "bad.json"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("error: bad.json:1:"), bad.stderr)
        XCTAssertEqual(bad.stderr.components(separatedBy: "error:").count, 2, "one 'error:' per message: \(bad.stderr)")

        // Found by a hunt: a template's syntax error said "error:" twice.
        try Data("{{#open}}\n".utf8).write(to: folder.appendingPathComponent("open.mustache"))
        let unclosed = try runFlaggen(["render", "open.mustache"], in: folder)
        XCTAssertEqual(unclosed.status, 1)
        XCTAssertTrue(unclosed.stderr.hasPrefix("open.mustache:1:"), unclosed.stderr)
        XCTAssertEqual(unclosed.stderr.components(separatedBy: "error:").count, 2, unclosed.stderr)

        // Found by a hunt: a partial that is not UTF-8 rendered with U+FFFD in place of its bytes,
        // where the same bytes in the template are refused.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("latin1"), withIntermediateDirectories: true)
        try Data([0xE9, 0x74, 0xE9]).write(to: folder.appendingPathComponent("latin1/tail.mustache"))
        let latin1 = try runFlaggen(["render", "t.mustache", "--data", "d.json", "--partials", "latin1"], in: folder)
        XCTAssertEqual(latin1.status, 2, latin1.stdout)
        XCTAssertEqual(latin1.stdout, "")
        XCTAssertTrue(latin1.stderr.contains("latin1/tail.mustache: not valid UTF-8; save the partial as UTF-8"), latin1.stderr)

        // Found by a hunt: `--data=` read "" and said "error:  does not exist".
        let blank = try runFlaggen(["render", "t.mustache", "--data="], in: folder)
        XCTAssertEqual(blank.status, 2)
        XCTAssertEqual(blank.stderr, "error: Empty value for '--data'. Pass it as '--data FILE.json'; is a shell variable in the command unset?\nSee 'flaggen render --help'.\n")

        // Found by a hunt: a folder or a broken link named *.mustache among the partials failed
        // every render, even one that never includes it. A partial is read when it is included.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("p/folder.mustache"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("p/broken.mustache").path, withDestinationPath: "nowhere")
        let unused = try runFlaggen(["render", "t.mustache", "--data", "d.json", "--partials", "p"], in: folder)
        XCTAssertEqual(unused.status, 0, unused.stderr)
        XCTAssertEqual(unused.stdout, "a<b, c end\n")
        try Data("{{> broken}}".utf8).write(to: folder.appendingPathComponent("uses-broken.mustache"))
        let used = try runFlaggen(["render", "uses-broken.mustache", "--partials", "p"], in: folder)
        XCTAssertEqual(used.status, 2, used.stdout)
        XCTAssertEqual(used.stdout, "")
        XCTAssertTrue(used.stderr.hasPrefix("error: p/broken.mustache does not exist"), used.stderr)
        try Data("{{> missing}}.".utf8).write(to: folder.appendingPathComponent("uses-missing.mustache"))
        let missing = try runFlaggen(["render", "uses-missing.mustache", "--partials", "p"], in: folder)
        XCTAssertEqual(missing.status, 0, missing.stderr)
        XCTAssertEqual(missing.stdout, ".", "a partial the folder does not have renders as nothing, as the spec asks")

        let context = try runFlaggen(["context"])
        XCTAssertEqual(context.status, 0, context.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(context.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["typeName"] as? String, "Flags")
        XCTAssertEqual((object["flags"] as? [[String: Any]])?.first?["name"] as? String, "newCheckout")
        let kotlin = try runFlaggen(["context", "--language", "kotlin"])
        XCTAssertEqual(kotlin.status, 0, kotlin.stderr)
    }
}

final class CheckCLITests: XCTestCase {
    private func generatedProject() throws -> URL {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: folder.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(try runFlaggen(["generate"], in: folder).status, 0)
        return folder
    }

    /// Found by a hunt: outputs in a folder flaggen may not enter were "missing", with advice to
    /// run generate, which then failed on the folder. check says what generate would.
    func testAnOutputFolderThatCannotBeEnteredIsNotMissing() throws {
        guard let launcher = unprivilegedLauncher() else { throw XCTSkip("runs as root without setpriv: a mode 700 folder stays open") }
        let folder = try generatedProject()
        let server = folder.appendingPathComponent("Generated/Server")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: server.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: server.path) }
        let result = try runFlaggen(["check"], in: folder, launcher: launcher)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("missing"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "Generated/Server/flags.seed.json:1:1: error: 'flaggen generate' cannot write this file: \(server.path)/flags.seed.json cannot be examined: a folder on its way does not let flaggen in (Permission denied); check its permissions\n"),
            result.stderr)
    }

    func testCleanTreePasses() throws {
        let folder = try generatedProject()
        let result = try runFlaggen(["check"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("up to date\n"), result.stdout)
    }

    func testDriftMissingAndUnexpectedFilesAreReported() throws {
        let folder = try generatedProject()
        let swift = folder.appendingPathComponent("Generated/Swift/Flags.swift")
        let edited = try String(contentsOf: swift, encoding: .utf8).replacingOccurrences(of: "defaultValue: false", with: "defaultValue: true")
        try Data(edited.utf8).write(to: swift)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Generated/Kotlin").path)) ?? []
        let kotlin = folder.appendingPathComponent("Generated/Kotlin/Flags.kt")
        if files.contains("Flags.kt") { try FileManager.default.removeItem(at: kotlin) }
        let stale = folder.appendingPathComponent("Generated/Swift/Old.swift")
        try Data("// Generated by flaggen 0.0.9 from flags.yaml. Do not edit.\n// Change flags.yaml and run `flaggen generate` instead.\n".utf8).write(to: stale)
        let handWritten = folder.appendingPathComponent("Generated/Swift/Mine.swift")
        try Data("// mine\n".utf8).write(to: handWritten)

        let result = try runFlaggen(["check"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Generated/Swift/Flags.swift:17:1: error: differs from what the manifest generates; run 'flaggen generate'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("-    defaultValue: true,\n+    defaultValue: false,\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--- a/Generated/Swift/Flags.swift\n+++ b/Generated/Swift/Flags.swift\n@@ -14,7 +14,7 @@"), result.stderr)
        if files.contains("Flags.kt") {
            XCTAssertTrue(result.stderr.contains("Generated/Kotlin/Flags.kt:1:1: error: missing"), result.stderr)
        }
        XCTAssertTrue(result.stderr.contains("Generated/Swift/Old.swift:1:1: error: unexpected"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Mine.swift"), "hand-written files are not flaggen's business")
        XCTAssertTrue(result.stderr.hasSuffix("fix: flaggen generate\n"), result.stderr)

        let github = try runFlaggen(["check", "--format", "github"], in: folder)
        XCTAssertEqual(github.status, 1)
        XCTAssertTrue(github.stdout.contains("::error file=Generated/Swift/Flags.swift,line=17,col=1::differs"), github.stdout)

        // check wrote nothing.
        XCTAssertEqual(try String(contentsOf: swift, encoding: .utf8), edited)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path))

        // generate repairs everything, removes the stale file and keeps the hand-written one.
        let repair = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(repair.status, 0, repair.stderr)
        XCTAssertTrue(repair.stdout.contains("removed \(stale.path)"), repair.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: handWritten.path))
        XCTAssertEqual(try runFlaggen(["check"], in: folder).status, 0)
    }

    /// A file changed all through shows the diff's first lines and counts the rest; one past
    /// the edit budget shows where it starts and how much at least.
    func testLargeDriftIsCutAndCounted() throws {
        let folder = try generatedProject()
        let swift = folder.appendingPathComponent("Generated/Swift/Flags.swift")
        let original = try String(contentsOf: swift, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "  ", with: "\t").utf8).write(to: swift)
        let result = try runFlaggen(["check"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Generated/Swift/Flags.swift:9:1: error: differs from what the manifest generates; run 'flaggen generate'\n"), result.stderr)
        let shown = result.stderr.split(separator: "\n").filter { $0.hasPrefix("-\t") || $0.hasPrefix("+  ") }.count
        XCTAssertGreaterThan(shown, 0)
        let trailer = try XCTUnwrap(result.stderr.split(separator: "\n").first { $0.hasPrefix("... ") }, result.stderr)
        XCTAssertTrue(trailer.hasSuffix(" more changed lines not shown; run 'flaggen generate', then `git diff` to see them"), String(trailer))
        XCTAssertGreaterThan(Int(trailer.dropFirst(4).prefix { $0 != " " }.replacingOccurrences(of: ",", with: "")) ?? 0, 100)
        XCTAssertLessThan(result.stderr.split(separator: "\n").count, 200 + 10, "at most the line limit (200) per file")

        try Data((original + String(repeating: "// more\n", count: 3_000)).utf8).write(to: swift)
        let large = try runFlaggen(["check"], in: folder)
        XCTAssertEqual(large.status, 1)
        let firstAdded = original.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertTrue(
            large.stderr.contains(
                "Generated/Swift/Flags.swift:\(firstAdded):1: error: differs from what the manifest generates, first on this line; at least 3,000 changed lines, too many to show; run 'flaggen generate', then `git diff` to see them\n"
            ), large.stderr)
        XCTAssertFalse(large.stderr.contains("@@"), large.stderr)
    }

    func testFixCommandRepeatsTheOptions() throws {
        let folder = try generatedProject()
        try FileManager.default.moveItem(at: folder.appendingPathComponent("flags.yaml"), to: folder.appendingPathComponent("app flags.yaml"))
        let result = try runFlaggen(["--manifest", "app flags.yaml", "check", "--only", "swift", "--output-dir", "out"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("fix: flaggen generate --manifest \"app flags.yaml\" --output-dir out --only swift"), result.stderr)
        XCTAssertTrue(result.stderr.contains("run 'flaggen generate --manifest \"app flags.yaml\" --output-dir out --only swift'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("out/Generated/Swift/Flags.swift:1:1: error: missing"), result.stderr)
    }

    /// The command plugins run flaggen for teams that have no flaggen on their PATH: the fix they
    /// are told is the plugin's own command, given with --fix-command.
    func testFixCommandCanBeTheCallersOwn() throws {
        let folder = try generatedProject()
        let plugin = "swift package --allow-writing-to-package-directory generate-flags --target MyApp"
        let swift = folder.appendingPathComponent("Generated/Swift/Flags.swift")
        try Data((try String(contentsOf: swift, encoding: .utf8) + "// edited\n").utf8).write(to: swift)
        let result = try runFlaggen(["check", "--fix-command", plugin], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("run '\(plugin)'"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("fix: \(plugin)\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("flaggen generate"), result.stderr)
        let github = try runFlaggen(["check", "--fix-command", plugin, "--format", "github"], in: folder)
        XCTAssertTrue(github.stdout.contains("run '\(plugin)'"), github.stdout)

        let empty = try runFlaggen(["check", "--fix-command", ""], in: folder)
        XCTAssertEqual(empty.status, 2, empty.stderr)
    }
}

final class OutputSafetyCLITests: XCTestCase {
    func testSymlinkLeadingOutsideTheManifestFolderIsRefused() throws {
        let folder = try temporaryFolder(self)
        let outside = try temporaryFolder(self)
        try Data("version: 1\noutputs: {swift: Out/Flags.swift}\nflags: {}\n".utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Out"), withDestinationURL: outside)
        let result = try runFlaggen(["generate", "--only", "swift"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("outside the repository"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [], "nothing written outside")

        // The same folder given on the command line is trusted.
        let trusted = try runFlaggen(["generate", "--only", "swift", "--output-dir", outside.path], in: folder)
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
    }

    /// Found by a hunt: `--output-dir .git` (or a file) gave one error per output, each at the
    /// manifest, whose outputs were fine, and "the manifest has errors". The folder the command
    /// line names is checked once, as a usage error.
    func testABadOutputDirIsOneUsageError() throws {
        let folder = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("version: 1\nflags: {}\n".utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        for command in ["generate", "check"] {
            let git = try runFlaggen([command, "--output-dir", ".git/out"], in: folder)
            XCTAssertEqual(git.status, 2, git.stderr)
            XCTAssertEqual(git.stderr, "error: --output-dir .git/out leads into a .git folder (\(folder.path)/.git/out); flaggen never writes there, so pass another folder\n")
            let file = try runFlaggen([command, "--output-dir", "flags.yaml"], in: folder)
            XCTAssertEqual(file.status, 2, file.stderr)
            XCTAssertEqual(file.stderr, "error: --output-dir flags.yaml is not a folder; pass a folder (flaggen creates one that does not exist)\n")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".git").path), [])
    }

    func testAnOutputInsideAnotherOutputsFileIsRefused() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\noutputs: {swift: Generated/Server/flags.seed.sql/Flags.swift}\nflags: {}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "flags.yaml:2:18: error: outputs.swift puts the Swift file at Generated/Server/flags.seed.sql/Flags.swift, inside Generated/Server/flags.seed.sql"),
            result.stderr)
        // lint reports the same.
        let lint = try runFlaggen(["lint"], in: folder)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stderr.contains("flags.yaml:2:18: error: outputs.swift puts the Swift file at"), lint.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path), "nothing written")
    }

    func testAPipeWhereAnOutputGoesIsRefusedWithoutWaiting() throws {
        let folder = try temporaryFolder(self)
        let outside = try temporaryFolder(self)
        try Data("version: 1\noutputs: {swift: Out/Flags.swift}\nflags: {}\n".utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Out"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("Out/Flags.swift").path, 0o644), 0)
        let generate = try runFlaggen(["generate", "--only", "swift"], in: folder)
        XCTAssertEqual(generate.status, 1)
        XCTAssertTrue(generate.stderr.contains("is not a regular file"), generate.stderr)
        let check = try runFlaggen(["check", "--only", "swift"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("Out/Flags.swift:1:1: error: 'flaggen generate --only swift' cannot write this file: "), check.stderr)
        XCTAssertTrue(check.stderr.contains("Out/Flags.swift is not a regular file (a pipe, socket or device)"), check.stderr)
        XCTAssertTrue(check.stderr.hasSuffix("1 output path is blocked; move what is in the way, or point 'outputs' elsewhere\n"), check.stderr)

        // A symlink to a pipe outside the folder: refused before anything is opened.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Out"))
        XCTAssertEqual(mkfifo(outside.appendingPathComponent("Flags.swift").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Out"), withDestinationURL: outside)
        let escaped = try runFlaggen(["check", "--only", "swift"], in: folder)
        XCTAssertEqual(escaped.status, 1)
        XCTAssertTrue(escaped.stderr.contains("outside the repository"), escaped.stderr)
    }

    #if os(Linux)
    /// Manifests are told apart by their paths byte for byte: `café` spelled with one code point
    /// and with `e` and a combining accent are two folders on Linux (APFS takes them as one), and
    /// Swift's `==` takes them as one string (found by a bug hunt: one manifest's run replaced
    /// the other's shared schema and removed its files as stale).
    func testManifestsWhosePathsOnlyLookAlikeCannotShareOutputs() throws {
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        func manifest(_ name: String, config: String) throws -> URL {
            let manifestFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: manifestFolder, withIntermediateDirectories: true)
            try Data("version: 1\noutputs: {swift: Gen/Flags.swift, kotlin: Gen/Flags.kt, seeds: Gen/Server, schemas: ../shared/Schemas}\nflags: {}\nconfigs:\n  \(config):\n    properties:\n      a: {type: string}\n".utf8)
                .write(to: manifestFolder.appendingPathComponent("flags.yaml"))
            return manifestFolder
        }
        let decomposed = try manifest("cafe\u{301}", config: "Beta")
        let composed = try manifest("caf\u{E9}", config: "Alpha")
        XCTAssertEqual(try runFlaggen(["generate"], in: decomposed).status, 0)
        let schemas = folder.appendingPathComponent("shared/Schemas")
        let before = try FileManager.default.contentsOfDirectory(atPath: schemas.path).sorted()
        XCTAssertTrue(before.contains("Beta.schema.json"), "\(before)")
        let result = try runFlaggen(["generate"], in: composed)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("two manifests cannot share an output file"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: schemas.path).sorted(), before, "the other manifest's files stay")
    }

    /// A control character in the manifest's path is refused: the header would have to replace
    /// it, and two paths would then read as one manifest.
    func testAManifestPathWithAControlCharacterIsRefused() throws {
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        let manifestFolder = folder.appendingPathComponent("a\u{1}b")
        try FileManager.default.createDirectory(at: manifestFolder, withIntermediateDirectories: true)
        try Data("version: 1\nflags: {}\n".utf8).write(to: manifestFolder.appendingPathComponent("flags.yaml"))
        for command in ["lint", "generate"] {
            let result = try runFlaggen([command], in: manifestFolder)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("flags.yaml:1:1: error: the manifest's path"), result.stderr)
            XCTAssertTrue(result.stderr.contains("holds a control character"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: manifestFolder.appendingPathComponent("Generated").path), "nothing written")
    }
    #endif

    func testTwoOutputsClaimingOneFileAreRefused() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\noutputs: {swift: Generated/Server/flags.seed.json}\nflags: {}\n".utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "flags.yaml:2:18: error: outputs.swift puts the Swift file at Generated/Server/flags.seed.json, where outputs.seeds, left at its default, puts the seed flags.seed.json"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }
}

final class FootprintCLITests: XCTestCase {
    /// flaggen runs in every build (the plugin): all of Foundation on Linux (FoundationNetworking
    /// brings libcurl and TLS) costs about 15 MB and 10 ms at every start, so the tool links
    /// FoundationEssentials only.
    func testTheToolLinksOnlyFoundationEssentials() throws {
        #if os(Linux)
            let binary = try Data(contentsOf: flaggenExecutable)
            for library in ["libFoundation.so", "libFoundationNetworking.so", "libFoundationInternationalization.so"] {
                XCTAssertNil(binary.range(of: Data(library.utf8)), "flaggen links \(library); import FoundationEssentials instead of Foundation")
            }
            XCTAssertNotNil(binary.range(of: Data("libFoundationEssentials.so".utf8)))
        #else
            throw XCTSkip("checks the Linux build's dynamic libraries")
        #endif
    }
}
