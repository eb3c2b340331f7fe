// libFuzzer target: two texts -> UnifiedDiff.compare, as `flaggen check` diffs a file on disk
// (the old text) against what the manifest generates (the new one).
//
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`; SwiftPM does not build it.
// The input is split at its first NUL byte: old before, new after (no NUL: new is empty).
// Beyond "no crash, leak or hang" it checks the diff's promises:
// - the whole diff (no line limit) applied to the old text gives the new text, byte for byte
//   (bytes that are not UTF-8 read as U+FFFD on both sides: the diff is text);
// - the first changed line is the first line where the texts differ, nil when they are equal;
// - the script is minimal: its count equals an O(N·M) LCS table's when both texts are short,
//   and is the same diffed the other way round, has the parity of N + M and is at least |N - M|;
// - a small edit budget (from the input) gives up exactly when the count is past it, with a
//   count that stays a lower bound;
// - a line limit (from the input) holds: at most that many lines of hunks, each hunk's header
//   counting its lines, shown plus omitted changed lines adding up to all of them.
@testable import FlaggenCore

@_cdecl("LLVMFuzzerTestOneInput")
public func diffFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let old = Array(parts[0])
    let new = parts.count > 1 ? Array(parts[1]) : []
    let oldLines = lines(of: old)
    let newLines = lines(of: new)
    let context = old.count % 4

    let whole = UnifiedDiff.compare(old: old, new: new, oldName: "a/f", newName: "b/f", context: context, lineLimit: .max)
    let equalPrefix = zip(oldLines, newLines).prefix { $0 == $1 }.count
    let firstChange = oldLines == newLines ? nil : equalPrefix + 1
    check(whole.firstChangedLine == firstChange, "first changed line \(String(describing: whole.firstChangedLine)), not \(String(describing: firstChange))")
    check(whole.omittedChangedLines == 0, "lines omitted without a line limit")
    let lowerBound = abs(oldLines.count - newLines.count)
    check(whole.changedLines >= lowerBound, "fewer changes than the line counts differ by")
    if whole.tooManyChanges {
        check(whole.text.isEmpty && whole.changedLines > UnifiedDiff.editBudget, "past the budget, but a diff or a count within it")
        return 0
    }
    // The diff is text: bytes that are not UTF-8 show as U+FFFD, in the old lines as in the new.
    let shownOld = Array(String(decoding: old, as: UTF8.self).utf8)
    let shownNew = Array(String(decoding: new, as: UTF8.self).utf8)
    check(apply(whole.text, to: shownOld) == shownNew, "the diff does not turn the old text into the new one")
    check((whole.changedLines - oldLines.count - newLines.count) % 2 == 0, "changes without the parity of N + M")
    let reverse = UnifiedDiff.compare(old: new, new: old, oldName: "a/f", newName: "b/f", lineLimit: 0)
    check(!reverse.tooManyChanges && reverse.changedLines == whole.changedLines, "a different count diffed the other way round")
    if oldLines.count * newLines.count <= 40_000 {
        check(whole.changedLines == oldLines.count + newLines.count - 2 * lcsLength(oldLines, newLines), "not minimal")
    }

    let budget = Int(new.first ?? 0) % 16
    let budgeted = UnifiedDiff.compare(old: old, new: new, oldName: "a/f", newName: "b/f", lineLimit: .max, editBudget: budget)
    check(budgeted.tooManyChanges == (whole.changedLines > budget), "the budget of \(budget) gave up wrongly for \(whole.changedLines) changes")
    check(budgeted.firstChangedLine == firstChange, "another first changed line under a budget")
    if budgeted.tooManyChanges {
        check(budgeted.changedLines > budget && budgeted.changedLines <= whole.changedLines, "a dishonest lower bound")
    }

    let limit = Int(new.last ?? 0) % 40
    let capped = UnifiedDiff.compare(old: old, new: new, oldName: "a/f", newName: "b/f", context: context, lineLimit: limit)
    // Split as bytes: in a `String`, "\r\n" is one Character and no "\n".
    let cappedLines = Array(capped.text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    check(cappedLines.count <= limit + 2, "\(cappedLines.count) lines for a limit of \(limit)")
    let shown = cappedLines.dropFirst(2).filter { $0.first == UInt8(ascii: "-") || $0.first == UInt8(ascii: "+") }.count
    check(shown + capped.omittedChangedLines == whole.changedLines, "shown and omitted lines do not add up")
    check(capped.text.isEmpty || apply(capped.text, to: shownOld) != nil, "the cut diff does not fit the old text")
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// The lines of a text, each with its line break (the last may have none).
private func lines(of text: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in text.enumerated() where byte == 0x0A {
        lines.append(text[start...index])
        start = index + 1
    }
    if start < text.count { lines.append(text[start...]) }
    return lines
}

/// The length of a longest common subsequence, from an O(N·M) table, one row at a time.
private func lcsLength(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in a.indices.reversed() {
        var diagonal = 0  // the row below, one column right
        for j in b.indices.reversed() {
            let below = row[j]
            row[j] = a[i] == b[j] ? diagonal + 1 : max(below, row[j + 1])
            diagonal = below
        }
    }
    return row[0]
}

/// The text a unified diff turns `old` into, or nil when it does not fit `old` (a context or
/// removed line that is not there, a header whose counts disagree with its lines).
private func apply(_ diff: String, to old: [UInt8]) -> [UInt8]? {
    if diff.isEmpty { return old }
    let oldLines = lines(of: old)
    var diffLines = Array(diff.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    guard diffLines.last == [], diffLines.count >= 3 else { return nil }
    diffLines.removeLast()
    var result: [UInt8] = []
    var next = 0
    var index = 2
    while index < diffLines.count {
        guard let (oldStart, oldCount, newCount) = hunkHeader(diffLines[index]) else { return nil }
        index += 1
        let target = oldCount == 0 ? oldStart : oldStart - 1
        guard target >= next, target <= oldLines.count else { return nil }
        for line in oldLines[next..<target] { result += line }
        next = target
        var (oldSeen, newSeen) = (0, 0)
        while index < diffLines.count, let marker = diffLines[index].first, marker != UInt8(ascii: "@") {
            var text = Array(diffLines[index].dropFirst()) + [0x0A]
            if index + 1 < diffLines.count, diffLines[index + 1] == Array("\\ No newline at end of file".utf8) {
                text.removeLast()
                index += 1
            }
            index += 1
            if marker == UInt8(ascii: "+") {
                result += text
                newSeen += 1
                continue
            }
            guard marker == UInt8(ascii: " ") || marker == UInt8(ascii: "-"), next < oldLines.count, Array(oldLines[next]) == text else { return nil }
            if marker == UInt8(ascii: " ") {
                result += text
                newSeen += 1
            }
            next += 1
            oldSeen += 1
        }
        guard oldSeen == oldCount, newSeen == newCount else { return nil }
    }
    for line in oldLines[next...] { result += line }
    return result
}

/// `@@ -a,b +c,d @@`, a count of 1 left out.
private func hunkHeader(_ line: [UInt8]) -> (Int, Int, Int)? {
    let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
    guard parts.count == 4, parts[0] == "@@", parts[3] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
    func range(_ text: Substring) -> (Int, Int)? {
        let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        if numbers.count == 1, let start = numbers[0] { return (start, 1) }
        if numbers.count == 2, let start = numbers[0], let count = numbers[1] { return (start, count) }
        return nil
    }
    guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
    return (old.0, old.1, new.1)
}
