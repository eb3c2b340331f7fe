import XCTest
import FlaggenArguments

final class InvocationFormTests: XCTestCase {
    private func invocation(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> Invocation? {
        do {
            return try sampleTool.parse(arguments)
        } catch {
            XCTFail("Unexpected error: \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: - Tool help

    func testNoArgumentsIsToolHelp() {
        XCTAssertEqual(invocation([]), .help(command: nil))
    }

    func testHelpFlagsAreToolHelp() {
        XCTAssertEqual(invocation(["--help"]), .help(command: nil))
        XCTAssertEqual(invocation(["-h"]), .help(command: nil))
    }

    func testHelpCommandIsToolHelp() {
        XCTAssertEqual(invocation(["help"]), .help(command: nil))
    }

    func testHelpHelpIsToolHelp() {
        XCTAssertEqual(invocation(["help", "help"]), .help(command: nil))
    }

    func testGlobalsBeforeHelpAreAllowed() {
        XCTAssertEqual(invocation(["--manifest", "x.yaml", "--help"]), .help(command: nil))
    }

    // MARK: - Command help

    func testHelpCommandWithTopic() {
        XCTAssertEqual(invocation(["help", "lint"]), .help(command: "lint"))
    }

    func testCommandFollowedByHelpFlag() {
        XCTAssertEqual(invocation(["lint", "--help"]), .help(command: "lint"))
        XCTAssertEqual(invocation(["bucket", "-h"]), .help(command: "bucket"))
    }

    func testHelpFlagBeforeCommandIsCommandHelp() {
        XCTAssertEqual(invocation(["--help", "generate"]), .help(command: "generate"))
    }

    func testHelpWinsOverMissingPositionalsAndBadOptions() {
        XCTAssertEqual(invocation(["bucket", "--help"]), .help(command: "bucket"))
        XCTAssertEqual(invocation(["lint", "--format", "xml", "--bogus", "--help"]), .help(command: "lint"))
        XCTAssertEqual(invocation(["lint", "--today", "--help"]), .help(command: "lint"))
    }

    func testHelpCommandWithUnknownTopicSuggests() {
        XCTAssertEqual(parseError(["help", "lnit"])?.kind, .unknownCommand("lnit", suggestion: "lint"))
    }

    func testHelpCommandWithTwoTopicsIsAnError() {
        XCTAssertEqual(errorMessage(["help", "lint", "refs"]),
                       "Unexpected argument 'refs': 'flaggen help' takes at most 1 argument. Run 'flaggen help --help' for usage.")
    }

    func testHelpFlagWithValueIsAnError() {
        XCTAssertEqual(parseError(["--help=lint"])?.kind, .unexpectedValue(option: "--help", value: "lint"))
    }

    // MARK: - Version

    func testVersionFlag() {
        XCTAssertEqual(invocation(["--version"]), .version)
        XCTAssertEqual(invocation(["lint", "--version"]), .version)
    }

    func testHelpWinsOverVersion() {
        XCTAssertEqual(invocation(["--version", "--help"]), .help(command: nil))
    }

    func testVersionText() {
        XCTAssertEqual(versionText(for: sampleTool), "flaggen 1.2.0")
    }

    // MARK: - Run

    func testPlainCommandRuns() {
        XCTAssertEqual(invocation(["lint"]), .run(command: "lint", ParsedArguments(defaultValues: [
            "manifest": "flags.yaml", "today": "the current date", "format": "text",
        ])))
    }
}
