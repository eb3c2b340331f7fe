import XCTest
import FlaggenArguments

final class PositionalParsingTests: XCTestCase {
    func testRequiredPositionalsInOrder() {
        let arguments = parseRun(["bucket", "new-checkout", "user-7"])?.arguments
        XCTAssertEqual(arguments?.positional("flag"), "new-checkout")
        XCTAssertEqual(arguments?.positional("user-id"), "user-7")
    }

    func testOptionsMayBeMixedWithPositionals() {
        let arguments = parseRun(["bucket", "new-checkout", "--offset", "2", "user-7", "-v"])?.arguments
        XCTAssertEqual(arguments?.positional("flag"), "new-checkout")
        XCTAssertEqual(arguments?.positional("user-id"), "user-7")
        XCTAssertEqual(arguments?.value("offset"), "2")
        XCTAssertEqual(arguments?.isSet("verbose"), true)
    }

    func testMissingRequiredPositional() {
        let error = parseError(["bucket", "new-checkout"])
        XCTAssertEqual(error?.kind, .missingPositional("user-id"))
        XCTAssertEqual(error?.commandName, "bucket")
    }

    func testMissingFirstRequiredPositional() {
        XCTAssertEqual(parseError(["bucket"])?.kind, .missingPositional("flag"))
    }

    func testEmptyPositionalIsRefused() {
        XCTAssertEqual(parseError(["bucket", "", "u"])?.kind, .emptyPositional("flag"))
        XCTAssertEqual(parseError(["refs", "Sources", ""])?.kind, .emptyPositional("paths"))
    }

    func testTooManyPositionals() {
        XCTAssertEqual(parseError(["bucket", "a", "b", "c"])?.kind, .tooManyPositionals(unexpected: "c", maximum: 2))
    }

    func testPositionalForCommandWithoutPositionals() {
        XCTAssertEqual(parseError(["lint", "extra"])?.kind, .tooManyPositionals(unexpected: "extra", maximum: 0))
    }

    func testOptionalPositionalMayBeLeftOut() {
        let arguments = parseRun(["breaking", "old.yaml"])?.arguments
        XCTAssertEqual(arguments?.positional("old"), "old.yaml")
        XCTAssertNil(arguments?.positional("new"))
    }

    func testOptionalPositionalIsFilledWhenGiven() {
        XCTAssertEqual(parseRun(["breaking", "old.yaml", "new.yaml"])?.arguments.positional("new"), "new.yaml")
    }

    func testVariadicTakesEverythingAndMayBeEmpty() {
        XCTAssertEqual(parseRun(["refs", "a", "b", "c"])?.arguments.positionals("paths"), ["a", "b", "c"])
        XCTAssertEqual(parseRun(["refs"])?.arguments.positionals("paths"), [])
        XCTAssertNil(parseRun(["refs"])?.arguments.positional("paths"))
    }

    func testOptionalBeforeRequiredOnlyTakesSpareWords() throws {
        let tool = ToolSpec(name: "t", version: "1", abstract: "", commands: [
            CommandSpec("copy", abstract: "", positionals: [
                PositionalSpec("from", help: "", isOptional: true),
                PositionalSpec("to", help: ""),
            ]),
        ])
        guard case .run(_, let one) = try tool.parse(["copy", "x"]) else { return XCTFail("expected run") }
        XCTAssertNil(one.positional("from"))
        XCTAssertEqual(one.positional("to"), "x")
        guard case .run(_, let two) = try tool.parse(["copy", "x", "y"]) else { return XCTFail("expected run") }
        XCTAssertEqual(two.positional("from"), "x")
        XCTAssertEqual(two.positional("to"), "y")
    }

    func testRequiredVariadicNeedsAtLeastOneValue() {
        let tool = ToolSpec(name: "t", version: "1", abstract: "", commands: [
            CommandSpec("cat", abstract: "", positionals: [PositionalSpec("files", help: "", isVariadic: true)]),
        ])
        do {
            _ = try tool.parse(["cat"])
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .missingPositional("files"))
        }
    }
}
