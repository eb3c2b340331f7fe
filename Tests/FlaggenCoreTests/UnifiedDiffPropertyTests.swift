@testable import FlaggenCore
import XCTest

/// Random texts (fixed seeds): the diff must turn the old text into the new one, change as few
/// lines as a plain LCS table says is possible, and keep to its budget and line limit exactly.
final class UnifiedDiffPropertyTests: XCTestCase {
    /// A random text of up to `maximum` lines drawn from `alphabet` words (so lines repeat, as
    /// `}` and blank lines do in generated code), its last line sometimes without a line break.
    private func randomLines(_ generator: inout SplitMix, maximum: Int, alphabet: Int) -> [[UInt8]] {
        (0..<Int(generator.next() % UInt64(maximum + 1))).map { _ in
            let word = generator.next() % UInt64(alphabet)
            return word == 0 ? [0x0A] : Array("w\(word)\n".utf8)
        }
    }

    /// `old` edited a few times, or a text of its own.
    private func randomPair(_ generator: inout SplitMix) -> (old: [UInt8], new: [UInt8]) {
        let alphabet = 1 + Int(generator.next() % 8)
        let old = randomLines(&generator, maximum: 30, alphabet: alphabet)
        var new = old
        if generator.next() % 5 == 0 {
            new = randomLines(&generator, maximum: 30, alphabet: alphabet)
        } else {
            for _ in 0..<Int(generator.next() % 8) {
                let position = Int(generator.next() % UInt64(new.count + 1))
                switch generator.next() % 3 {
                case 0 where position < new.count: new.remove(at: position)
                case 1: new.insert(Array("n\(generator.next() % 4)\n".utf8), at: position)
                default: if position < new.count { new[position] = Array("c\(generator.next() % 4)\n".utf8) }
                }
            }
        }
        var oldText = old.flatMap { $0 }
        var newText = new.flatMap { $0 }
        if generator.next() % 4 == 0, oldText.last == 0x0A { oldText.removeLast() }
        if generator.next() % 4 == 0, newText.last == 0x0A { newText.removeLast() }
        return (oldText, newText)
    }

    /// The fewest lines removed plus added, from an O(N·M) longest-common-subsequence table.
    private func referenceChanges(_ old: [UInt8], _ new: [UInt8]) -> Int {
        let a = UnifiedDiffPatch.lines(of: old)
        let b = UnifiedDiffPatch.lines(of: new)
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return a.count + b.count - 2 * table[0][0]
    }

    /// The 1-based line of the new text where the texts first differ.
    private func referenceFirstChange(_ old: [UInt8], _ new: [UInt8]) -> Int? {
        let a = UnifiedDiffPatch.lines(of: old)
        let b = UnifiedDiffPatch.lines(of: new)
        if a == b { return nil }
        return zip(a, b).prefix { $0 == $1 }.count + 1
    }

    func testTheDiffAppliesIsMinimalAndFindsTheFirstChange() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<400 {
            let (old, new) = randomPair(&generator)
            let context = Int(generator.next() % 4)
            let comparison = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b", context: context, lineLimit: .max)
            let description = "old: \(String(decoding: old, as: UTF8.self).debugDescription)\nnew: \(String(decoding: new, as: UTF8.self).debugDescription)\n\(comparison.text)"
            XCTAssertFalse(comparison.tooManyChanges, description)
            XCTAssertEqual(UnifiedDiffPatch.apply(comparison.text, to: old), new, description)
            XCTAssertEqual(comparison.changedLines, referenceChanges(old, new), description)
            XCTAssertEqual(comparison.firstChangedLine, referenceFirstChange(old, new), description)
            XCTAssertEqual(comparison.omittedChangedLines, 0, description)
            XCTAssertEqual(comparison.text.isEmpty, old == new, description)
        }
    }

    /// The budget is exact: a diff is given when the shortest script fits it, and when it does
    /// not, the count given is a true lower bound that exceeds the budget.
    func testTheEditBudgetIsExactAndItsLowerBoundHonest() {
        var generator = SplitMix(seed: 11)
        for _ in 0..<400 {
            let (old, new) = randomPair(&generator)
            let changes = referenceChanges(old, new)
            let budget = Int(generator.next() % UInt64(changes + 3))
            let comparison = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b", lineLimit: .max, editBudget: budget)
            let description = "budget \(budget), \(changes) changes\nold: \(String(decoding: old, as: UTF8.self).debugDescription)\nnew: \(String(decoding: new, as: UTF8.self).debugDescription)"
            XCTAssertEqual(comparison.tooManyChanges, changes > budget, description)
            XCTAssertEqual(comparison.firstChangedLine, referenceFirstChange(old, new), description)
            if comparison.tooManyChanges {
                XCTAssertEqual(comparison.text, "", description)
                XCTAssertGreaterThan(comparison.changedLines, budget, description)
                XCTAssertLessThanOrEqual(comparison.changedLines, changes, description)
            } else {
                XCTAssertEqual(comparison.changedLines, changes, description)
                XCTAssertEqual(UnifiedDiffPatch.apply(comparison.text, to: old), new, description)
            }
        }
    }

    /// Under a line limit the diff shows at most that many lines of hunks, each hunk's header
    /// counts what it shows, and shown plus omitted changed lines are all of them.
    func testTheLineLimitHoldsAndCountsWhatItLeavesOut() {
        var generator = SplitMix(seed: 13)
        for _ in 0..<400 {
            let (old, new) = randomPair(&generator)
            let limit = Int(generator.next() % 12)
            let whole = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b", context: 1, lineLimit: .max)
            let capped = UnifiedDiff.compare(old: old, new: new, oldName: "a", newName: "b", context: 1, lineLimit: limit)
            let description = "limit \(limit)\n\(whole.text)\n---- capped:\n\(capped.text)"
            let lines = capped.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            XCTAssertLessThanOrEqual(max(0, lines.count - 2), limit, description)
            let shown = lines.dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
            XCTAssertEqual(shown + capped.omittedChangedLines, whole.changedLines, description)
            XCTAssertEqual(capped.changedLines, whole.changedLines, description)
            XCTAssertEqual(capped.firstChangedLine, whole.firstChangedLine, description)
            // What is shown is the start of the whole diff, and applies to the old text.
            if !capped.text.isEmpty {
                XCTAssertNotNil(UnifiedDiffPatch.apply(capped.text, to: old), description)
            }
            let wholeLines = whole.text.split(separator: "\n", omittingEmptySubsequences: false).count - 3
            if wholeLines <= limit { XCTAssertEqual(capped.text, whole.text, description) }
        }
    }
}
