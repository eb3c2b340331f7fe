@testable import FlaggenCore
import XCTest

/// `flaggen remove`'s manifest edit: the flag's block goes, its key joins `retired`, and every
/// other byte stays as it was.
final class ManifestEditTests: XCTestCase {
    private func flag(_ key: String, comment: String? = nil) -> String {
        (comment.map { "  # \($0)\n" } ?? "") + """
              \(key):
                type: bool
                default: false
                owner: payments
                expires: 2029-03-01

            """
    }

    private func removing(_ key: String, from text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let edited = try ManifestEdit(bytes: Array(text.utf8)).removing(key)
        let result = ManifestValidator().validate(edited, file: "flags.yaml")
        XCTAssertNotNil(result.manifest, "the edited manifest is invalid: \(result.diagnostics)", file: file, line: line)
        return String(decoding: edited, as: UTF8.self)
    }

    private let head = "# Flags.\nversion: 1\nname: Flags\nretired: [old_banner]   # never reuse these\n\nflags:\n"

    /// Found by a hunt: remove's error for an alias the edit would break named a line of the
    /// edited text (a comment in the user's file). Lines map back to the text as read.
    func testLinesOfTheEditedTextMapBackToTheText() throws {
        let text = head + flag("a") + "\n" + flag("b", comment: "B's note") + "\n" + flag("c")
        let edit = ManifestEdit(bytes: Array(text.utf8))
        let edited = try edit.removing("b").split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let original = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for line in 1...(edited.count - 1) where line != 4 {
            XCTAssertEqual(original[edit.originalLine(of: line, removing: "b") - 1], edited[line - 1], "line \(line)")
        }
        XCTAssertEqual(edit.originalLine(of: 4, removing: "b"), 4, "the retired list is the line it replaced")
        XCTAssertEqual(edit.originalLine(of: 13, removing: "b"), 20, "c's key, after b's 7 lines")
    }

    func testAMiddleFlagTakesItsCommentAndTheBlankLineAfterIt() throws {
        let text = head + flag("a") + "\n" + flag("b", comment: "B's note") + "\n" + flag("c") + "\n# configs follow\nconfigs: {}\n"
        let expected = head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a") + "\n" + flag("c") + "\n# configs follow\nconfigs: {}\n"
        XCTAssertEqual(try removing("b", from: text), expected)
    }

    func testTheFirstFlag() throws {
        let text = head + flag("a") + "\n" + flag("b")
        XCTAssertEqual(try removing("a", from: text), head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, a]") + flag("b"))
    }

    func testTheLastFlagTakesTheBlankLineBeforeItAndKeepsWhatFollows() throws {
        let text = head + flag("a") + "\n" + flag("b") + "\n# configs follow\nconfigs: {}\n"
        let expected = head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a") + "\n# configs follow\nconfigs: {}\n"
        XCTAssertEqual(try removing("b", from: text), expected)
    }

    func testTheLastFlagAtTheEndOfTheFile() throws {
        let text = head + flag("a") + "\n" + flag("b")
        XCTAssertEqual(try removing("b", from: text), head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a"))
    }

    func testBlankLinesThatAKeptBlockScalarHoldsStay() throws {
        // Reported: removing the last flag took the blank lines before it, which belonged to the
        // flag above's `|+` text, so its default lost two line breaks.
        let banner = "  banner:\n    type: string\n    owner: o\n    expires: 2029-01-01\n    default: |+\n      Welcome!\n\n\n"
        let text = head + banner + flag("b")
        let edited = try removing("b", from: text)
        XCTAssertEqual(edited, head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + banner)
        let result = ManifestValidator().validate(Array(edited.utf8), file: "flags.yaml")
        XCTAssertEqual(result.manifest?.flags.first?.defaultValue, .string("Welcome!\n\n\n"))
    }

    func testRemoveRefusesAnEditThatChangesAnotherValue() throws {
        // The check behind every edit: what the edited manifest generates is what the old one
        // generates without the flag. The edit that lost the `|+` text's line breaks fails it.
        func manifest(_ text: String) throws -> Manifest {
            try XCTUnwrap(ManifestValidator().validate(Array(text.utf8), file: "flags.yaml").manifest)
        }
        let banner = "  banner:\n    type: string\n    owner: o\n    expires: 2029-01-01\n    default: |+\n      Welcome!\n\n\n"
        let before = try manifest(head + banner + flag("b"))
        let retired = head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]")
        XCTAssertTrue(Remove.differsOnlyBy(removing: "b", before: before, after: try manifest(retired + banner)))
        XCTAssertFalse(Remove.differsOnlyBy(removing: "b", before: before, after: try manifest(retired + banner.dropLast(2))))
        XCTAssertFalse(Remove.differsOnlyBy(removing: "b", before: before, after: try manifest(head + banner)))
    }

    func testADocumentEndMarkerStays() throws {
        // Reported: removing the last flag also took the `...` line after it.
        let text = head + flag("a") + "\n" + flag("b") + "...\n# after the document\n"
        XCTAssertEqual(
            try removing("b", from: text),
            head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a") + "...\n# after the document\n")
    }

    func testTheOnlyFlagLeavesAnEmptyMapping() throws {
        let text = head + flag("a") + "\nconfigs: {}\n"
        let expected = head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, a]").replacingOccurrences(of: "flags:\n", with: "flags: {}\n") + "\nconfigs: {}\n"
        XCTAssertEqual(try removing("a", from: text), expected)
    }

    func testBlockStyleRetiredGetsANewItemLine() throws {
        let text = "version: 1\nname: Flags\nretired:\n  - old_banner  # 2028\n  - older\nflags:\n" + flag("a") + flag("b")
        let expected = "version: 1\nname: Flags\nretired:\n  - old_banner  # 2028\n  - older\n  - a\nflags:\n" + flag("b")
        XCTAssertEqual(try removing("a", from: text), expected)
    }

    func testEmptyFlowRetired() throws {
        let text = "version: 1\nname: Flags\nretired: []\nflags:\n" + flag("a") + flag("b")
        XCTAssertEqual(try removing("a", from: text), "version: 1\nname: Flags\nretired: [a]\nflags:\n" + flag("b"))
    }

    func testWithoutRetiredALineIsAddedAboveFlagsAndItsComments() throws {
        let text = "version: 1\nname: Flags\n\n# The flags.\nflags:\n" + flag("a") + flag("b")
        XCTAssertEqual(try removing("a", from: text), "version: 1\nname: Flags\n\nretired: [a]\n# The flags.\nflags:\n" + flag("b"))
    }

    func testCRLFStaysCRLF() throws {
        let lf = head + flag("a") + "\n" + flag("b", comment: "note") + "\n" + flag("c")
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = (head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a") + "\n" + flag("c")).replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try removing("b", from: crlf), expected)
    }

    /// Found by a hunt: a manifest whose lines end in CR alone passed `lint`, and `remove`
    /// crashed on it (its lines were counted at LF only).
    func testCarriageReturnLineEndsStay() throws {
        let lf = head + flag("a") + "\n" + flag("b", comment: "note") + "\n" + flag("c")
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let expected = (head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, b]") + flag("a") + "\n" + flag("c")).replacingOccurrences(of: "\n", with: "\r")
        XCTAssertEqual(try removing("b", from: cr), expected)
        let withoutRetired = "version: 1\rflags:\r" + flag("a").replacingOccurrences(of: "\n", with: "\r") + flag("b").replacingOccurrences(of: "\n", with: "\r")
        XCTAssertEqual(try removing("a", from: withoutRetired), "version: 1\rretired: [a]\rflags:\r" + flag("b").replacingOccurrences(of: "\n", with: "\r"))
    }

    func testOtherBytesStayIdentical() throws {
        // Odd spacing, quoting and a comment inside the next flag survive untouched.
        let next = "  'b':    # quoted key\n    type:   bool\n    default: false   \n    owner: \"payments\"\n    expires: 2029-03-01\n"
        let text = head + flag("a") + next
        XCTAssertEqual(try removing("a", from: text), head.replacingOccurrences(of: "[old_banner]", with: "[old_banner, a]") + next)
    }

    /// Found by a hunt: with a byte order mark, `retired: [a]` went in front of it, and a
    /// `retired` list on the first line was taken for a block list (its column counted the mark).
    func testAByteOrderMarkStaysFirst() throws {
        let bom = "\u{FEFF}"
        let withoutRetired = bom + "flags:\n" + flag("a") + flag("b") + "version: 1\n"
        XCTAssertEqual(try removing("a", from: withoutRetired), bom + "retired: [a]\nflags:\n" + flag("b") + "version: 1\n")
        let firstLine = bom + "retired: [x]\nflags:\n" + flag("a") + flag("b") + "version: 1\n"
        XCTAssertEqual(try removing("a", from: firstLine), bom + "retired: [x, a]\nflags:\n" + flag("b") + "version: 1\n")
    }

    /// Found by a hunt: an anchored (or tagged) flow list was taken for a block list.
    func testAnAnchoredOrTaggedFlowRetiredListGetsTheKey() throws {
        for (list, edited) in [("&r [x]", "&r [x, a]"), ("!!seq [x]", "!!seq [x, a]"), ("&r []", "&r [a]")] {
            let text = "version: 1\nname: Flags\nretired: \(list)\nflags:\n" + flag("a") + flag("b")
            XCTAssertEqual(try removing("a", from: text), "version: 1\nname: Flags\nretired: \(edited)\nflags:\n" + flag("b"))
        }
    }

    func testAFlowFlagsMappingIsRefused() {
        let text = "version: 1\nname: Flags\nflags: {a: {type: bool, default: false, owner: x, expires: 2029-03-01}}\n"
        XCTAssertThrowsError(try ManifestEdit(bytes: Array(text.utf8)).removing("a"))
    }

    func testAnUnknownFlagIsRefused() {
        XCTAssertThrowsError(try ManifestEdit(bytes: Array((head + flag("a")).utf8)).removing("zzz"))
    }
}
