@testable import FlaggenCore
import Foundation
import XCTest

/// `check`'s findings for files that differ a lot: the diff is computed once, shown up to a
/// limit with a count of the rest, and never computed for a change too large or a file far
/// larger than the output; every finding still says where the file first differs.
final class DriftCheckTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func finding(disk: [UInt8], expected: [UInt8]) throws -> DriftFinding? {
        let path = root.appendingPathComponent("Out.txt").path
        try Data(disk).write(to: URL(fileURLWithPath: path))
        return DriftCheck.compare(expected, withFileAt: path, display: "Out.txt")
    }

    private func numbered(_ range: Range<Int>, _ word: String) -> [UInt8] {
        Array(range.map { "\(word) \($0)\n" }.joined().utf8)
    }

    func testAnEqualFileHasNoFindingAndAMissingOneIsMissing() throws {
        XCTAssertNil(try finding(disk: Array("a\n".utf8), expected: Array("a\n".utf8)))
        let missing = DriftCheck.compare([1], withFileAt: root.appendingPathComponent("none").path, display: "none")
        XCTAssertEqual(missing?.kind, .missing)
        let folder = DriftCheck.compare([1], withFileAt: root.path, display: "folder")
        XCTAssertEqual(folder?.kind, .missing, "a folder where the output goes counts as missing")
    }

    /// A pipe where the output goes is missing, and is not opened: opening it for reading would
    /// wait for a writer forever (the whole suite's run hung on CLITests' pipe test when it was).
    func testAPipeIsMissingWithoutBeingOpened() throws {
        let pipe = root.appendingPathComponent("Out.txt").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        XCTAssertEqual(DriftCheck.compare([1], withFileAt: pipe, display: "Out.txt")?.kind, .missing)
    }

    func testALongDiffIsCutAtTheLineLimitAndCountsTheRest() throws {
        let expected = numbered(0..<1_000, "new")
        let found = try XCTUnwrap(finding(disk: numbered(0..<1_000, "old"), expected: expected))
        XCTAssertEqual(found.kind, .differs)
        XCTAssertEqual(found.line, 1)
        XCTAssertNil(found.undiffed)
        XCTAssertEqual(found.diff.split(separator: "\n").count, 2 + UnifiedDiff.shownLineLimit)
        XCTAssertEqual(found.omittedLines, 2_000 - (UnifiedDiff.shownLineLimit - 1))
        let details = DriftCheck.details(for: found, fix: "flaggen generate")
        XCTAssertTrue(details.hasPrefix(found.diff))
        XCTAssertTrue(
            details.hasSuffix("\n... 1,801 more changed lines not shown; run 'flaggen generate', then `git diff` to see them\n"), details)
    }

    func testTooManyChangesGiveTheFirstDifferenceAndALowerBoundButNoDiff() throws {
        let expected = Array("same\n".utf8) + numbered(0..<5_000, "new")
        let found = try XCTUnwrap(finding(disk: Array("same\n".utf8) + numbered(0..<5_000, "old"), expected: expected))
        XCTAssertEqual(found.line, 2)
        XCTAssertEqual(found.diff, "")
        XCTAssertEqual(found.undiffed, .tooManyChanges(atLeast: UnifiedDiff.editBudget + 1))
        let diagnostic = DriftCheck.diagnostics(for: [found], fix: "flaggen generate")[0]
        XCTAssertEqual(
            diagnostic.formatted,
            "Out.txt:2:1: error: differs from what the manifest generates, first on this line; at least 2,001 changed lines, too many to show; run 'flaggen generate', then `git diff` to see them"
        )
        XCTAssertEqual(DriftCheck.details(for: found, fix: "flaggen generate"), "")
    }

    /// A file far larger than the output is not read whole: it is compared in pieces up to its
    /// first difference. (Sparse: the 70 MiB past its first lines take no disk space.)
    func testAFileFarLargerThanTheOutputIsOnlyComparedUpToItsFirstDifference() throws {
        let expected = Array("one\ntwo\nthree\n".utf8)
        let url = root.appendingPathComponent("Out.txt")
        try Data("one\ntwo\nthreX".utf8).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 70 << 20)
        try handle.close()
        XCTAssertGreaterThan(70 << 20, DriftCheck.diffableBytes(expected: expected.count))

        let found = try XCTUnwrap(DriftCheck.compare(expected, withFileAt: url.path, display: "Out.txt"))
        XCTAssertEqual(found.kind, .differs)
        XCTAssertEqual(found.line, 3)
        XCTAssertEqual(found.diff, "")
        XCTAssertEqual(found.undiffed, .fileTooLarge(bytes: 70 << 20, expected: expected.count))
        XCTAssertEqual(
            DriftCheck.diagnostics(for: [found], fix: "flaggen generate")[0].message,
            "differs from what the manifest generates, first on this line; the file has 73,400,320 bytes, far more than the 14 generated, so no diff is shown; run 'flaggen generate'"
        )

        // The output whole at the start of the file: it differs after the output's last line.
        try Data(expected).write(to: url)
        let grown = try FileHandle(forWritingTo: url)
        try grown.truncate(atOffset: 70 << 20)
        try grown.close()
        XCTAssertEqual(DriftCheck.compare(expected, withFileAt: url.path, display: "Out.txt")?.line, 4)
    }

    func testTheFixCommandQuotesPathsSoMessagesCanQuoteIt() {
        // Reported: "run 'flaggen generate --manifest 'sp ace/flags.yaml''".
        XCTAssertEqual(Generate(manifestPath: "ios/flags.yaml").fixCommand, "flaggen generate --manifest ios/flags.yaml")
        XCTAssertEqual(Generate(manifestPath: "sp ace/flags.yaml").fixCommand, "flaggen generate --manifest \"sp ace/flags.yaml\"")
        XCTAssertEqual(Generate(manifestPath: "it's \"$x\"/flags.yaml").fixCommand, "flaggen generate --manifest \"it's \\\"\\$x\\\"/flags.yaml\"")
    }

    func testCountsAreGroupedByThousands() {
        XCTAssertEqual([0, 7, 999, 1_000, 12_345, 1_234_567, -4_000].map { SourceText.grouped($0, by: ",") }, ["0", "7", "999", "1,000", "12,345", "1,234,567", "-4,000"])
    }
}
