@testable import FlaggenCore
import XCTest

final class UnifiedDiffTests: XCTestCase {
    func testEqualTextsHaveNoDiff() {
        XCTAssertEqual(UnifiedDiff.diff(old: "a\nb\n", new: "a\nb\n", oldName: "a", newName: "b"), "")
    }

    func testOneChangedLineWithThreeLinesOfContextLikeGitDiff() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(
            UnifiedDiff.diff(old: old, new: new, oldName: "a/f", newName: "b/f"),
            """
            --- a/f
            +++ b/f
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
        XCTAssertEqual(UnifiedDiff.compare(old: Array(old.utf8), new: Array(new.utf8), oldName: "a/f", newName: "b/f").firstChangedLine, 5)
    }

    /// A long line shows its first bytes and a count of the rest, cut where a character starts
    /// (found by a bug hunt: a 50 MB file on one line put 50 MB into the CI log).
    func testALongLineIsCutWithACountOfTheRest() {
        let old = Array("head\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 8) + Array("é".utf8) + Array(repeating: UInt8(ascii: "a"), count: 90) + [0x0A]
        let new = Array("head\n".utf8) + Array(repeating: UInt8(ascii: "b"), count: 100)
        let comparison = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b", lineBytes: 9)
        XCTAssertEqual(
            comparison.text,
            "--- a\n+++ b\n@@ -1,2 +1,2 @@\n head\n-aaaaaaaa [… 92 more bytes on this line]\n+bbbbbbbbb [… 91 more bytes on this line]\n\\ No newline at end of file\n")
        XCTAssertEqual(comparison.changedLines, 2)
        // `diff`, which `remove --dry-run` prints, shows lines whole.
        XCTAssertTrue(UnifiedDiff.diff(old: String(repeating: "a", count: 5_000), new: "b", oldName: "a", newName: "b").contains(String(repeating: "a", count: 5_000)))
    }

    func testInsertionIntoAnEmptyFileAndDeletionOfEverything() {
        XCTAssertEqual(UnifiedDiff.diff(old: "", new: "x\n", oldName: "a", newName: "b"), "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n")
        XCTAssertEqual(UnifiedDiff.diff(old: "x\ny\n", new: "", oldName: "a", newName: "b"), "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-x\n-y\n")
    }

    func testFarApartChangesMakeSeparateHunks() {
        let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(of: "\n19\n", with: "\nnineteen\n")
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
        XCTAssertEqual(diff.components(separatedBy: "\n@@").count - 1, 2, diff)
        XCTAssertTrue(diff.contains("@@ -1,5 +1,5 @@"), diff)
        XCTAssertTrue(diff.contains("@@ -16,5 +16,5 @@"), diff)
    }

    /// A last line without a line break differs from the same line with one, and says so the
    /// way git does; the old diff split both into the same lines and showed nothing.
    func testAMissingLineBreakAtTheEndIsAChange() {
        XCTAssertEqual(
            UnifiedDiff.diff(old: "a\nb", new: "a\nb\n", oldName: "a", newName: "b"),
            "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
        XCTAssertEqual(
            UnifiedDiff.diff(old: "x\nend", new: "y\nend", oldName: "a", newName: "b"),
            "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-x\n+y\n end\n\\ No newline at end of file\n")
        let comparison = UnifiedDiff.compare(old: Array("a\nb".utf8), new: Array("a\nb\n".utf8), oldName: "a", newName: "b")
        XCTAssertEqual(comparison.firstChangedLine, 2)
        XCTAssertEqual(comparison.changedLines, 2)
    }

    /// Lines are compared as bytes: `String` equality takes `é` and `e` + U+0301 for the same
    /// line (the old diff showed no change), and a `String` split at "\n" misses CRLF breaks.
    func testLinesAreComparedAsBytes() {
        let composed = UnifiedDiff.compare(old: Array("caf\u{E9}\n".utf8), new: Array("cafe\u{301}\n".utf8), oldName: "a", newName: "b")
        XCTAssertEqual(composed.firstChangedLine, 1)
        XCTAssertEqual(composed.changedLines, 2)
        XCTAssertTrue(composed.text.hasSuffix("@@ -1 +1 @@\n-caf\u{E9}\n+cafe\u{301}\n"), composed.text)
        let crlf = UnifiedDiff.compare(old: Array("a\r\nb\r\n".utf8), new: Array("a\nb\n".utf8), oldName: "a", newName: "b")
        XCTAssertEqual(crlf.changedLines, 4)
    }

    /// Bytes that are not UTF-8 are compared as bytes, and shown as U+FFFD: two lines that
    /// differ only there print alike but still count as changed. (The diff fuzzer's first run
    /// stopped on this seed: its patch check compared the shown text with the raw bytes.)
    func testBytesThatAreNotUTF8DifferAsBytesAndShowAsReplacementCharacters() {
        let comparison = UnifiedDiff.compare(old: [0xFF, 0x0A, 0x6F, 0x6B, 0x0A], new: [0xFE, 0x0A, 0x6F, 0x6B, 0x0A], oldName: "a", newName: "b")
        XCTAssertEqual(comparison.firstChangedLine, 1)
        XCTAssertEqual(comparison.changedLines, 2)
        XCTAssertEqual(comparison.text, "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-\u{FFFD}\n+\u{FFFD}\n ok\n")
    }

    /// A hunk that does not fit the line limit is cut, its header counting the lines shown.
    func testTheLineLimitCutsAHunkAndItsHeaderSaysSo() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let comparison = UnifiedDiff.compare(old: Array(old.utf8), new: Array(new.utf8), oldName: "a/f", newName: "b/f", lineLimit: 5)
        XCTAssertEqual(comparison.text, "--- a/f\n+++ b/f\n@@ -2,4 +2,3 @@\n line 2\n line 3\n line 4\n-line 5\n")
        XCTAssertEqual(comparison.changedLines, 2)
        XCTAssertEqual(comparison.omittedChangedLines, 1)
        XCTAssertEqual(UnifiedDiff.compare(old: Array(old.utf8), new: Array(new.utf8), oldName: "a", newName: "b", lineLimit: 1).text, "")
    }

    /// Applying the diff to the old text must give the new text, for many random edits.
    func testDiffsApplyBackToTheNewText() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<300 {
            let old = (0..<Int(generator.next() % 30)).map { _ in "l\(generator.next() % 6)" }
            var new = old
            for _ in 0..<Int(generator.next() % 6) {
                let choice = generator.next() % 3
                if choice == 0, !new.isEmpty { new.remove(at: Int(generator.next() % UInt64(new.count))) }
                if choice == 1 { new.insert("n\(generator.next() % 6)", at: Int(generator.next() % UInt64(new.count + 1))) }
                if choice == 2, !new.isEmpty { new[Int(generator.next() % UInt64(new.count))] = "c\(generator.next() % 6)" }
            }
            let oldText = old.map { $0 + "\n" }.joined()
            let newText = new.map { $0 + "\n" }.joined()
            let diff = UnifiedDiff.diff(old: oldText, new: newText, oldName: "a", newName: "b", context: 1)
            XCTAssertEqual(apply(diff, to: old), new, "old: \(old)\nnew: \(new)\n\(diff)")
        }
    }

    /// A minimal patch applier for the test.
    private func apply(_ diff: String, to old: [String]) -> [String] {
        guard !diff.isEmpty else { return old }
        var result: [String] = []
        var oldIndex = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            if line.hasPrefix("@@") {
                let oldPart = line.split(separator: " ")[1].dropFirst()
                let start = Int(oldPart.split(separator: ",")[0]) ?? 0
                let count = oldPart.contains(",") ? Int(oldPart.split(separator: ",")[1]) ?? 0 : 1
                let target = count == 0 ? start : start - 1
                while oldIndex < target {
                    result.append(old[oldIndex])
                    oldIndex += 1
                }
            } else if line.hasPrefix(" ") {
                result.append(String(line.dropFirst()))
                oldIndex += 1
            } else if line.hasPrefix("-") {
                oldIndex += 1
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            }
        }
        while oldIndex < old.count {
            result.append(old[oldIndex])
            oldIndex += 1
        }
        return result
    }
}

/// A small deterministic random number generator for repeatable property tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
