@testable import FlaggenCore
import XCTest

/// Large files with changes all through them: what `check` meets when a pull request edits
/// the manifest without regenerating. The diff used to keep a copy of Myers' V array for every
/// d, (N + M) · D integers: these inputs made it allocate gigabytes. (No timings here: the
/// benchmark, Scripts/bench.sh, measures them.)
final class UnifiedDiffScaleTests: XCTestCase {
    private func text(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// 199,800 lines, 900 of them changed (D = 1,800): the old diff needed 1,801 copies of a
    /// 799,203-integer array, 11.5 GB, and stopped with "failed to allocate" (reproduced under
    /// `ulimit -v 4000000`). Linear memory diffs it exactly.
    func testAFileOf199800LinesWith900ScatteredChangesDiffsExactly() {
        let count = 199_800
        let old = (0..<count).map { "    line \($0): some generated text" }
        var new = old
        for index in stride(from: 111, to: count, by: 222) { new[index] = "    changed \(index)" }
        let (oldText, newText) = (text(old), text(new))

        let whole = UnifiedDiff.compare(old: oldText, new: newText, oldName: "a", newName: "b", lineLimit: .max)
        XCTAssertFalse(whole.tooManyChanges)
        XCTAssertEqual(whole.changedLines, 1_800)
        XCTAssertEqual(whole.firstChangedLine, 112)
        XCTAssertTrue(UnifiedDiffPatch.apply(whole.text, to: oldText) == newText, "the diff turns the old text into the new one")
        XCTAssertEqual(whole.text.components(separatedBy: "\n@@ ").count - 1, 900, "one hunk per change")

        let shown = UnifiedDiff.compare(old: oldText, new: newText, oldName: "a", newName: "b")
        XCTAssertEqual(shown.text.split(separator: "\n").count, 2 + UnifiedDiff.shownLineLimit)
        let lastHunk = shown.text.range(of: "\n@@ ", options: .backwards)?.lowerBound ?? shown.text.startIndex
        XCTAssertTrue(whole.text.hasPrefix(shown.text[...lastHunk]), "the whole hunks shown are the diff's first")
        // 200 lines are 22 whole hunks (9 lines each: 3 context, 2 changed, 3 context and the
        // header) and 2 lines of the 23rd: its header and one context line.
        XCTAssertEqual(shown.omittedChangedLines, 1_800 - 22 * 2)
        XCTAssertNotNil(UnifiedDiffPatch.apply(shown.text, to: oldText))
    }

    /// One line in eight changed through 16,000 lines, as every description changed in the
    /// outputs of a 2,000-flag manifest (the seeds hold a description every 8 to 30 lines):
    /// D = 4,000, past the budget, so only where it starts and how much at least; the old
    /// diff held 4,001 copies of a 64,003-integer array (2 GB). With a larger budget the same
    /// pair diffs exactly.
    func testEveryEighthLineChangedIsPastTheBudgetButReportsItsStart() {
        let old = (0..<16_000).map { $0 % 8 == 5 ? "  description: \($0) old" : "  field \($0 % 8): \($0 / 8)" }
        let new = old.enumerated().map { $0.offset % 8 == 5 ? "  description: \($0.offset) new" : $0.element }
        let (oldText, newText) = (text(old), text(new))

        let budgeted = UnifiedDiff.compare(old: oldText, new: newText, oldName: "a", newName: "b")
        XCTAssertTrue(budgeted.tooManyChanges)
        XCTAssertEqual(budgeted.text, "")
        XCTAssertEqual(budgeted.firstChangedLine, 6)
        XCTAssertEqual(budgeted.changedLines, UnifiedDiff.editBudget + 1, "at least: more than the budget")

        let exact = UnifiedDiff.compare(old: oldText, new: newText, oldName: "a", newName: "b", lineLimit: .max, editBudget: 4_000)
        XCTAssertFalse(exact.tooManyChanges)
        XCTAssertEqual(exact.changedLines, 4_000)
        XCTAssertTrue(UnifiedDiffPatch.apply(exact.text, to: oldText) == newText)
    }

    /// A text with far more lines than the other is past the budget without a search: every
    /// line one has more than the other is a change.
    func testALineCountDifferencePastTheBudgetIsReportedAsTheLowerBound() {
        let old = Array(String(repeating: "x\n", count: 100_000).utf8)
        let new = Array("x\ny\n".utf8)
        let comparison = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b")
        XCTAssertTrue(comparison.tooManyChanges)
        XCTAssertEqual(comparison.firstChangedLine, 2)
        XCTAssertEqual(comparison.changedLines, 99_998, "99,999 old lines against 1 new: 99,998 at least")
    }
}
