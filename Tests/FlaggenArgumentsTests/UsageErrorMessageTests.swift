import XCTest
import FlaggenArguments

/// Exact message text for every kind of usage error.
final class UsageErrorMessageTests: XCTestCase {
    // MARK: - Commands

    func testUnknownCommandWithSuggestion() {
        XCTAssertEqual(errorMessage(["lnit"]), "Unknown command 'lnit'. Did you mean 'lint'?")
        XCTAssertEqual(errorMessage(["genrate"]), "Unknown command 'genrate'. Did you mean 'generate'?")
        XCTAssertEqual(errorMessage(["halp"]), "Unknown command 'halp'. Did you mean 'help'?")
    }

    func testUnknownCommandWithoutSuggestion() {
        XCTAssertEqual(errorMessage(["deploy"]),
                       "Unknown command 'deploy'. Run 'flaggen --help' to see the available commands.")
    }

    func testUnknownCommandBeatsHelpFlag() {
        XCTAssertEqual(errorMessage(["lnit", "--help"]), "Unknown command 'lnit'. Did you mean 'lint'?")
    }

    func testMissingCommand() {
        XCTAssertEqual(errorMessage(["--manifest", "x.yaml"]),
                       "Missing command. Run 'flaggen --help' to see the available commands.")
        XCTAssertEqual(errorMessage(["--", "lint"]),
                       "Missing command. Run 'flaggen --help' to see the available commands.")
    }

    // MARK: - Options

    func testUnknownCommandOptionWithSuggestion() {
        XCTAssertEqual(errorMessage(["lint", "--fromat", "json"]), "Unknown option '--fromat'. Did you mean '--format'?")
    }

    func testUnknownOptionSuggestsGlobalOption() {
        XCTAssertEqual(errorMessage(["lint", "--manifset=x"]), "Unknown option '--manifset'. Did you mean '--manifest'?")
    }

    func testEmptyValueAndPositional() {
        XCTAssertEqual(errorMessage(["lint", "--today="]),
                       "Empty value for '--today'. Pass it as '--today YYYY-MM-DD'; is a shell variable in the command unset?")
        XCTAssertEqual(errorMessage(["bucket", "", "u"]),
                       "Empty argument <flag>. Pass a value for it; is a shell variable in the command unset?")
    }

    func testSingleDashLongNameSuggestsDoubleDash() {
        XCTAssertEqual(errorMessage(["lint", "-strict"]), "Unknown option '-strict'. Did you mean '--strict'?")
    }

    func testUnknownOptionSuggestsBuiltIns() {
        XCTAssertEqual(errorMessage(["lint", "--hepl"]), "Unknown option '--hepl'. Did you mean '--help'?")
        XCTAssertEqual(errorMessage(["--verison"]), "Unknown option '--verison'. Did you mean '--version'?")
    }

    func testUnknownCommandOptionWithoutSuggestion() {
        XCTAssertEqual(errorMessage(["lint", "--output", "x"]),
                       "Unknown option '--output'. Run 'flaggen lint --help' to see its options.")
    }

    func testUnknownShortOptionGetsNoSuggestion() {
        XCTAssertEqual(errorMessage(["lint", "-x"]),
                       "Unknown option '-x'. Run 'flaggen lint --help' to see its options.")
    }

    func testUnknownGlobalOptionWithoutSuggestion() {
        XCTAssertEqual(errorMessage(["--color", "lint"]),
                       "Unknown option '--color'. Run 'flaggen --help' to see the global options.")
    }

    func testMissingValue() {
        XCTAssertEqual(errorMessage(["lint", "--today"]),
                       "Missing value for '--today'. Pass it as '--today YYYY-MM-DD' or '--today=YYYY-MM-DD'.")
    }

    func testSwitchWithValue() {
        XCTAssertEqual(errorMessage(["lint", "--strict=no"]),
                       "Option '--strict' does not take a value, but was given 'no'. Pass '--strict' on its own.")
    }

    func testValueNotAllowed() {
        XCTAssertEqual(errorMessage(["lint", "-f", "xml"]),
                       "Invalid value 'xml' for '--format'. Allowed values: text, json, github.")
    }

    func testOptionRepeated() {
        XCTAssertEqual(errorMessage(["generate", "-o", "a", "--output=b"]),
                       "Option '--output' was given more than once. Pass it only once.")
    }

    // MARK: - Positionals

    func testMissingPositional() {
        XCTAssertEqual(errorMessage(["bucket", "checkout"]),
                       "Missing argument <user-id>. Run 'flaggen bucket --help' for usage.")
    }

    func testTooManyPositionals() {
        XCTAssertEqual(errorMessage(["bucket", "a", "b", "c"]),
                       "Unexpected argument 'c': 'flaggen bucket' takes at most 2 arguments. Run 'flaggen bucket --help' for usage.")
    }

    func testUnexpectedPositionalForCommandWithoutPositionals() {
        XCTAssertEqual(errorMessage(["lint", "flags.yaml"]),
                       "Unexpected argument 'flags.yaml': 'flaggen lint' takes no arguments. Run 'flaggen lint --help' for usage.")
    }

    // MARK: - Context

    func testErrorRecordsToolAndCommand() {
        let error = parseError(["lint", "--bogus"])
        XCTAssertEqual(error?.toolName, "flaggen")
        XCTAssertEqual(error?.commandName, "lint")
        XCTAssertNil(parseError(["--bogus"])?.commandName)
    }

    // MARK: - Robustness

    func testOddWordsNeverCrash() {
        let oddWords = ["", "-", "--", "---", "--=", "--=x", "-=", "-h=x", "-ab", "-1e5", "-.", "-..5", "=", "ü", "--ü=ö", "-m=x"]
        for first in oddWords {
            for second in oddWords {
                for command in ["", "lint", "bucket", "help", "refs"] {
                    _ = try? sampleTool.parse([command, first, second].filter { !$0.isEmpty })
                    _ = try? sampleTool.parse([first, command, second])
                }
            }
        }
    }
}
