import XCTest
import FlaggenArguments

/// Golden help pages for the sample tool. Update them deliberately: users read these.
final class HelpTextTests: XCTestCase {
    func testToolHelp() {
        XCTAssertEqual(helpText(for: sampleTool), """
            OVERVIEW: Generate type-safe feature flag accessors from a YAML manifest.

            USAGE: flaggen [--manifest PATH] [--verbose] <command> [<options>]

            COMMANDS:
              lint                 Check the manifest for mistakes and expired flags.
              generate             Write Swift and Kotlin accessors.
              bucket               Show which rollout bucket a user falls into.
              refs                 List source files that reference flags.
              breaking             Compare two manifests for breaking changes.
              help                 Show help for a command.

            GLOBAL OPTIONS:
              -m, --manifest PATH  Path to the flag manifest. (default: flags.yaml)
              -v, --verbose        Print more detail.
              -h, --help           Show help information.
              --version            Show the version.

            See 'flaggen COMMAND --help' for help on a command.
            """)
    }

    func testCommandHelpWithDiscussionAllowedValuesAndDefaults() throws {
        let lint = try XCTUnwrap(sampleTool.command(named: "lint"))
        XCTAssertEqual(helpText(for: lint, in: sampleTool), """
            OVERVIEW: Check the manifest for mistakes and expired flags.

            Reports every problem it finds. Exits with status 1 if there are errors.

            USAGE: flaggen lint [--today YYYY-MM-DD] [--format text|json|github] [--strict]

            OPTIONS:
              --today YYYY-MM-DD   The date used to judge expiry. (default: the current date)
              -f, --format FORMAT  Output format. (values: text, json, github; default: text)
              --strict             Treat warnings as errors.
              -h, --help           Show help for this command.

            GLOBAL OPTIONS:
              -m, --manifest PATH  Path to the flag manifest. (default: flags.yaml)
              -v, --verbose        Print more detail.
            """)
    }

    func testCommandHelpWithRepeatableOptions() throws {
        let generate = try XCTUnwrap(sampleTool.command(named: "generate"))
        XCTAssertEqual(helpText(for: generate, in: sampleTool), """
            OVERVIEW: Write Swift and Kotlin accessors.

            USAGE: flaggen generate [--language swift|kotlin ...] [--output DIR] [--define NAME=VALUE ...]

            OPTIONS:
              -l, --language LANG  Language to generate. (values: swift, kotlin; repeatable)
              -o, --output DIR     Folder to write into.
              --define NAME=VALUE  Extra template variable. (repeatable)
              -h, --help           Show help for this command.

            GLOBAL OPTIONS:
              -m, --manifest PATH  Path to the flag manifest. (default: flags.yaml)
              -v, --verbose        Print more detail.
            """)
    }

    func testCommandHelpWithPositionals() throws {
        let bucket = try XCTUnwrap(sampleTool.command(named: "bucket"))
        XCTAssertEqual(helpText(for: bucket, in: sampleTool), """
            OVERVIEW: Show which rollout bucket a user falls into.

            USAGE: flaggen bucket [--offset N] <flag> <user-id>

            ARGUMENTS:
              <flag>               The flag key.
              <user-id>            The user identifier.

            OPTIONS:
              --offset N           Shift the bucket boundary.
              -h, --help           Show help for this command.

            GLOBAL OPTIONS:
              -m, --manifest PATH  Path to the flag manifest. (default: flags.yaml)
              -v, --verbose        Print more detail.
            """)
    }

    func testUsageOfOptionalAndVariadicPositionals() throws {
        let refs = try XCTUnwrap(sampleTool.command(named: "refs"))
        let breaking = try XCTUnwrap(sampleTool.command(named: "breaking"))
        XCTAssertTrue(helpText(for: refs, in: sampleTool).contains("\nUSAGE: flaggen refs [<paths> ...]\n"))
        XCTAssertTrue(helpText(for: breaking, in: sampleTool).contains("\nUSAGE: flaggen breaking <old> [<new>]\n"))
    }

    func testMinimalToolAndLongLabels() {
        let tool = ToolSpec(name: "mini", version: "0.1", abstract: "", commands: [
            CommandSpec("run", abstract: "Run it.", options: [
                OptionSpec("configuration-file", shortName: "c", valueName: "PATH-TO-CONFIGURATION",
                           help: "Where settings live."),
                OptionSpec("required", valueName: "X", help: ""),
                OptionSpec("dry-run", help: "", defaultValue: "off"),
            ], positionals: [
                PositionalSpec("files", help: "Input files.", isVariadic: true),
            ]),
        ])
        XCTAssertEqual(helpText(for: tool), """
            USAGE: mini <command> [<options>]

            COMMANDS:
              run         Run it.
              help        Show help for a command.

            GLOBAL OPTIONS:
              -h, --help  Show help information.
              --version   Show the version.

            See 'mini COMMAND --help' for help on a command.
            """)
        XCTAssertEqual(helpText(for: tool.commands[0], in: tool), """
            OVERVIEW: Run it.

            USAGE: mini run [--configuration-file PATH-TO-CONFIGURATION] [--required X] [--dry-run] <files> ...

            ARGUMENTS:
              <files>       Input files.

            OPTIONS:
              -c, --configuration-file PATH-TO-CONFIGURATION
                            Where settings live.
              --required X
              --dry-run     (default: off)
              -h, --help    Show help for this command.
            """)
    }

    func testHelpTextIsDeterministic() {
        XCTAssertEqual(helpText(for: sampleTool), helpText(for: sampleTool))
    }
}
