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
        XCTAssertTrue(unknownCommand.stderr.hasPrefix("error: Unknown command 'lnit'. Did you mean 'lint'?\n"), unknownCommand.stderr)
        XCTAssertTrue(unknownCommand.stderr.contains("USAGE:"))

        let unknownOption = try runFlaggen(["lint", "--formt", "json"])
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertTrue(unknownOption.stderr.contains("Unknown option '--formt'. Did you mean '--format'?"), unknownOption.stderr)
        XCTAssertTrue(unknownOption.stderr.contains("USAGE: flaggen lint"), unknownOption.stderr)

        let badValue = try runFlaggen(["lint", "--format=xml"])
        XCTAssertEqual(badValue.status, 2)
        XCTAssertTrue(badValue.stderr.contains("xml"), badValue.stderr)

        let badDate = try runFlaggen(["lint", "--today", "tomorrow"])
        XCTAssertEqual(badDate.status, 2)
        XCTAssertTrue(badDate.stderr.contains("--today must be a date written YYYY-MM-DD"), badDate.stderr)
    }

    func testLintRootManifest() throws {
        let result = try runFlaggen(["lint", "--today", "2026-11-29"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "flags.yaml: 4 flags, 2 configs, no errors\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testLintExpiryErrorsAndWarnings() throws {
        let result = try runFlaggen(["lint", "--today", "2027-02-20"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            flags.yaml:15:3: warning: flag 'new_checkout' expires in 9 days, on 2027-03-01 (owner: payments); plan its removal
            flags.yaml:35:3: error: flag 'checkout_button_label' expired on 2027-01-31 (owner: payments); remove it from the code and the manifest and add its key to 'retired', or move 'expires' if it must live longer
            flags.yaml:46:3: warning: flag 'paywall' expires in 8 days, on 2027-02-28 (owner: growth); plan its removal

            """)
        // The last day is still valid; the day after fails.
        XCTAssertEqual(try runFlaggen(["lint", "--today", "2027-01-31"]).status, 0)
        XCTAssertEqual(try runFlaggen(["lint", "--today", "2027-02-01"]).status, 1)
    }

    func testLintGithubAndJSONFormats() throws {
        let github = try runFlaggen(["lint", "--today", "2027-02-01", "--format", "github"])
        XCTAssertEqual(github.status, 1)
        let lines = github.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("::error file=flags.yaml,line=35,col=3::flag 'checkout_button_label' expired"), String(lines[0]))

        let json = try runFlaggen(["lint", "--today", "2027-02-01", "--format=json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["errors"] as? Int, 1)
        XCTAssertEqual(object["warnings"] as? Int, 0)
        let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["line"] as? Int, 35)
        XCTAssertEqual(first["column"] as? Int, 3)
        XCTAssertEqual(first["severity"] as? String, "error")
    }

    func testInvalidManifestExitsOneWithCompilerStyleErrors() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  bad_flag: {type: bool, default: nope, owner: x, expires: 2027-01-01}\n".utf8)
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
