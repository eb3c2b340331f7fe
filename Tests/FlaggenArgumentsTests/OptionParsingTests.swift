import XCTest
import FlaggenArguments

final class OptionParsingTests: XCTestCase {
    // MARK: - Value syntaxes

    func testSeparateValue() {
        let result = parseRun(["lint", "--format", "json"])
        XCTAssertEqual(result?.command, "lint")
        XCTAssertEqual(result?.arguments.value("format"), "json")
        XCTAssertTrue(result?.arguments.isSet("format") ?? false)
    }

    func testEqualsValue() {
        let result = parseRun(["lint", "--format=github"])
        XCTAssertEqual(result?.arguments.value("format"), "github")
    }

    func testEqualsValueKeepsLaterEqualsSigns() {
        let result = parseRun(["generate", "--define=KEY=a=b"])
        XCTAssertEqual(result?.arguments.values("define"), ["KEY=a=b"])
    }

    func testShortNameWithSeparateValue() {
        let result = parseRun(["lint", "-f", "json"])
        XCTAssertEqual(result?.arguments.value("format"), "json")
    }

    func testValueStartingWithDashNeedsEqualsForm() {
        let result = parseRun(["generate", "--output=-weird"])
        XCTAssertEqual(result?.arguments.value("output"), "-weird")
    }

    // MARK: - Switches

    func testSwitchIsSetOnlyWhenGiven() {
        XCTAssertEqual(parseRun(["lint", "--strict"])?.arguments.isSet("strict"), true)
        XCTAssertEqual(parseRun(["lint"])?.arguments.isSet("strict"), false)
    }

    func testSwitchFollowedByWordDoesNotConsumeIt() {
        let result = parseRun(["refs", "--verbose", "Sources"])
        XCTAssertEqual(result?.arguments.isSet("verbose"), true)
        XCTAssertEqual(result?.arguments.positionals("paths"), ["Sources"])
    }

    func testSwitchWithEqualsValueIsAnError() {
        XCTAssertEqual(parseError(["lint", "--strict=yes"])?.kind, .unexpectedValue(option: "--strict", value: "yes"))
    }

    // MARK: - Repetition

    func testRepeatableOptionAccumulatesValuesInOrder() {
        let result = parseRun(["generate", "--language", "swift", "-l", "kotlin", "--language=swift"])
        XCTAssertEqual(result?.arguments.values("language"), ["swift", "kotlin", "swift"])
        XCTAssertEqual(result?.arguments.count("language"), 3)
    }

    func testNonRepeatableOptionGivenTwiceIsAnError() {
        XCTAssertEqual(parseError(["lint", "--format", "json", "-f", "text"])?.kind, .optionRepeated(option: "--format"))
    }

    func testNonRepeatableSwitchGivenTwiceIsAnError() {
        XCTAssertEqual(parseError(["lint", "--strict", "--strict"])?.kind, .optionRepeated(option: "--strict"))
    }

    func testGlobalGivenBeforeAndAfterCommandCountsAsRepeated() {
        XCTAssertEqual(parseError(["-m", "a.yaml", "lint", "--manifest", "b.yaml"])?.kind, .optionRepeated(option: "--manifest"))
    }

    // MARK: - Allowed values

    func testAllowedValueIsAccepted() {
        XCTAssertEqual(parseRun(["generate", "-l", "kotlin"])?.arguments.values("language"), ["kotlin"])
    }

    func testValueOutsideAllowedValuesIsAnError() {
        XCTAssertEqual(
            parseError(["lint", "--format", "xml"])?.kind,
            .valueNotAllowed(option: "--format", value: "xml", allowed: ["text", "json", "github"])
        )
    }

    func testAllowedValuesAreCaseSensitive() {
        XCTAssertNotNil(parseError(["lint", "--format=JSON"]))
    }

    // MARK: - Defaults

    func testDefaultIsReturnedWhenOptionIsNotGiven() {
        let arguments = parseRun(["lint"])?.arguments
        XCTAssertEqual(arguments?.value("format"), "text")
        XCTAssertEqual(arguments?.values("format"), ["text"])
        XCTAssertEqual(arguments?.value("manifest"), "flags.yaml")
        XCTAssertEqual(arguments?.isSet("format"), false)
    }

    func testGivenValueWinsOverDefault() {
        XCTAssertEqual(parseRun(["lint", "-m", "other.yaml"])?.arguments.value("manifest"), "other.yaml")
    }

    func testOptionWithoutDefaultIsNilWhenNotGiven() {
        let arguments = parseRun(["generate"])?.arguments
        XCTAssertNil(arguments?.value("output"))
        XCTAssertEqual(arguments?.values("language"), [])
    }

    func testUndeclaredNamesReadAsAbsent() {
        let arguments = parseRun(["lint"])?.arguments
        XCTAssertNil(arguments?.value("nope"))
        XCTAssertEqual(arguments?.values("nope"), [])
        XCTAssertEqual(arguments?.isSet("nope"), false)
        XCTAssertNil(arguments?.positional("nope"))
        XCTAssertEqual(arguments?.positionals("nope"), [])
    }

    // MARK: - Global options

    func testGlobalOptionBeforeCommand() {
        let result = parseRun(["--manifest", "app.yaml", "-v", "lint"])
        XCTAssertEqual(result?.command, "lint")
        XCTAssertEqual(result?.arguments.value("manifest"), "app.yaml")
        XCTAssertEqual(result?.arguments.isSet("verbose"), true)
    }

    func testGlobalOptionAfterCommand() {
        let result = parseRun(["lint", "--strict", "--manifest=app.yaml", "--verbose"])
        XCTAssertEqual(result?.arguments.value("manifest"), "app.yaml")
        XCTAssertEqual(result?.arguments.isSet("verbose"), true)
        XCTAssertEqual(result?.arguments.isSet("strict"), true)
    }

    func testGlobalValueThatEqualsACommandNameIsTakenAsValue() {
        let result = parseRun(["--manifest", "lint", "generate"])
        XCTAssertEqual(result?.command, "generate")
        XCTAssertEqual(result?.arguments.value("manifest"), "lint")
    }

    func testCommandOptionBeforeCommandIsUnknown() {
        XCTAssertEqual(parseError(["--strict", "lint"])?.kind, .unknownOption("--strict", suggestion: nil))
    }

    // MARK: - Special words

    func testDoubleDashEndsOptionParsing() {
        let result = parseRun(["refs", "--verbose", "--", "--strict", "-x", "--"])
        XCTAssertEqual(result?.arguments.isSet("verbose"), true)
        XCTAssertEqual(result?.arguments.positionals("paths"), ["--strict", "-x", "--"])
    }

    func testHelpAfterDoubleDashIsPositional() {
        XCTAssertEqual(parseRun(["refs", "--", "--help", "--version", "-h"])?.arguments.positionals("paths"),
                       ["--help", "--version", "-h"])
    }

    func testLoneDashIsPositional() {
        XCTAssertEqual(parseRun(["refs", "-"])?.arguments.positionals("paths"), ["-"])
    }

    func testLoneDashIsAcceptedAsSeparateValue() {
        XCTAssertEqual(parseRun(["-m", "-", "lint"])?.arguments.value("manifest"), "-")
    }

    func testNegativeNumberIsTakenAsValue() {
        XCTAssertEqual(parseRun(["bucket", "--offset", "-3", "f", "u"])?.arguments.value("offset"), "-3")
        XCTAssertEqual(parseRun(["bucket", "--offset", "-0.5", "f", "u"])?.arguments.value("offset"), "-0.5")
        XCTAssertEqual(parseRun(["bucket", "--offset", "-.5", "f", "u"])?.arguments.value("offset"), "-.5")
    }

    func testNegativeNumberIsPositionalWhenNoValueIsExpected() {
        let arguments = parseRun(["bucket", "flag", "-42"])?.arguments
        XCTAssertEqual(arguments?.positional("user-id"), "-42")
    }

    func testDashWordThatIsNotANumberIsNotTakenAsValue() {
        XCTAssertEqual(parseError(["bucket", "--offset", "-3x", "f", "u"])?.kind,
                       .missingValue(option: "--offset", valueName: "N"))
    }

    func testDoubleDashIsNotTakenAsValue() {
        XCTAssertEqual(parseError(["generate", "--output", "--"])?.kind, .missingValue(option: "--output", valueName: "DIR"))
    }

    // MARK: - Missing values

    func testMissingValueAtEndOfArguments() {
        XCTAssertEqual(parseError(["lint", "--today"])?.kind, .missingValue(option: "--today", valueName: "YYYY-MM-DD"))
    }

    func testMissingValueForShortNameAtEnd() {
        XCTAssertEqual(parseError(["lint", "-f"])?.kind, .missingValue(option: "--format", valueName: "FORMAT"))
    }

    func testMissingValueForGlobalAtEndBeforeCommand() {
        XCTAssertEqual(parseError(["--manifest"])?.kind, .missingValue(option: "--manifest", valueName: "PATH"))
    }

    func testOptionIsNotTakenAsValue() {
        XCTAssertEqual(parseError(["lint", "--today", "--strict"])?.kind,
                       .missingValue(option: "--today", valueName: "YYYY-MM-DD"))
    }

    // An empty value is almost always a shell variable that was not set (`--manifest "$FLAGS"`);
    // read as a path it gave messages such as "error:  does not exist".
    func testEmptyValueIsRefused() {
        XCTAssertEqual(parseError(["lint", "--today="])?.kind, .emptyValue(option: "--today", valueName: "YYYY-MM-DD"))
        XCTAssertEqual(parseError(["lint", "--today", ""])?.kind, .emptyValue(option: "--today", valueName: "YYYY-MM-DD"))
        XCTAssertEqual(parseError(["--manifest=", "lint"])?.kind, .emptyValue(option: "--manifest", valueName: "PATH"))
        XCTAssertEqual(parseError(["lint", "-m", ""])?.kind, .emptyValue(option: "--manifest", valueName: "PATH"))
    }

    func testEmptyValueIsTakenWhereTheSpecAllowsIt() {
        let tool = ToolSpec(name: "t", version: "1", abstract: "", commands: [
            CommandSpec("keep", abstract: "", options: [OptionSpec("value", valueName: "V", help: "", allowsEmptyValue: true)]),
        ])
        guard case .run(_, let arguments)? = try? tool.parse(["keep", "--value="]) else { return XCTFail("expected a run") }
        XCTAssertEqual(arguments.value("value"), "")
        guard case .run(_, let spaced)? = try? tool.parse(["keep", "--value", ""]) else { return XCTFail("expected a run") }
        XCTAssertEqual(spaced.value("value"), "")
    }

    // MARK: - Order of errors

    func testFirstErrorInCommandLineOrderIsReported() {
        XCTAssertEqual(parseError(["lint", "--format", "xml", "--bogus"])?.kind,
                       .valueNotAllowed(option: "--format", value: "xml", allowed: ["text", "json", "github"]))
    }

    func testOptionErrorBeforeUnknownCommandIsReportedFirst() {
        XCTAssertEqual(parseError(["--bogus", "frob"])?.kind, .unknownOption("--bogus", suggestion: nil))
    }
}
