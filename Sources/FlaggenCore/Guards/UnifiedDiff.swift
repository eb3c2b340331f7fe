// Unsafe APIs here: `check` diffs outputs of many megabytes in place (see DiffLines).

/// A line diff in the unified format `git diff` prints, for `flaggen check`: equal lines at both
/// ends set aside byte by byte, then ``ShortestEditScript`` within ``editBudget``
/// (docs/performance.md). Lines are compared as bytes: text that only looks the same differs.
enum UnifiedDiff {
    /// The most changed lines (removed plus added) a diff is computed for: the worst case of a
    /// large file stays at seconds (docs/performance.md), and a diff that large is not read anyway.
    static let editBudget = 2_000

    /// How many lines of hunks (`@@` headers, context, removed and added lines) a diff shows at
    /// most unless told otherwise: enough to see what kind of drift it is.
    static let shownLineLimit = 200

    /// How many bytes of one line a diff shows at most unless told otherwise; the rest is
    /// counted: a 50 MB file on one line put 50 MB into the CI log.
    static let shownLineBytes = 2_000

    /// What comparing two texts found.
    struct Comparison: Sendable, Hashable {
        /// The 1-based line, counted in the new text, where the texts first differ (one past the
        /// new text's last line when only the old text goes on); nil when they are equal.
        var firstChangedLine: Int?
        /// The unified diff within the line limit (a cut hunk's header counts what it shows); empty
        /// when equal, when no hunk fits, or ``tooManyChanges``. Non-UTF-8 bytes show as U+FFFD.
        var text: String
        /// Lines removed plus lines added by the shortest edit script; when
        /// ``tooManyChanges``, a lower bound.
        var changedLines: Int
        /// Changed lines that ``text`` leaves out for the line limit.
        var omittedChangedLines: Int
        /// Whether the shortest edit script changes more lines than the budget, so there is no
        /// diff and ``changedLines`` is only known to be at least what it says.
        var tooManyChanges: Bool

        static let equal = Comparison(firstChangedLine: nil, text: "", changedLines: 0, omittedChangedLines: 0, tooManyChanges: false)
    }

    /// Compares two texts once: where they first differ, and their unified diff with `context`
    /// lines around each change, within `lineLimit` lines of hunks of at most `lineBytes` bytes
    /// each, and `editBudget`.
    static func compare(
        old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3,
        lineLimit: Int = shownLineLimit, lineBytes: Int = shownLineBytes, editBudget: Int = UnifiedDiff.editBudget
    ) -> Comparison {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                compare(
                    old, new, names: (oldName, newName), context: max(0, context), output: HunkOutput(linesLeft: lineLimit, lineBytes: lineBytes),
                    editBudget: max(0, editBudget))
            }
        }
    }

    /// The lines of `new` (numbered from 0) that the shortest edit script from `old` adds; nil
    /// when more than ``editBudget`` lines change.
    static func addedLines(old: [UInt8], new: [UInt8]) -> Set<Int>? {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                let oldLines = DiffLines(old, from: 0, to: old.count, firstLine: 0)
                let newLines = DiffLines(new, from: 0, to: new.count, firstLine: 0)
                let changes = ShortestEditScript.changes(oldLines, oldLines.lineNumbers, newLines, newLines.lineNumbers, budget: editBudget)
                return changes.map { Set($0.flatMap(\.newLines)) }
            }
        }
    }

    /// The whole unified diff of two texts (no line limit), or an empty string when they are
    /// equal or change more lines than ``editBudget``.
    static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        compare(old: Array(old.utf8), new: Array(new.utf8), oldName: oldName, newName: newName, context: context, lineLimit: .max, lineBytes: .max).text
    }

    private static func compare(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, names: (String, String), context: Int, output: HunkOutput, editBudget: Int
    ) -> Comparison {
        let common = commonPrefixLength(old, new)
        if common == old.count, common == new.count { return .equal }
        // Setting the equal ends aside by bytes pays: diffing the whole texts took 4.5x the diff's
        // instructions for one changed description at 2,500 flags (+14% for all of `check`).
        // The equal lines at the start: up to the last line break before the first difference.
        var start = common
        while start > 0, old[start - 1] != 0x0A { start -= 1 }
        let prefixLines = DiffLines.newlineCount(UnsafeRawBufferPointer(rebasing: old[0..<start]))
        // The equal lines at the end: a common suffix that starts a line in both texts.
        var suffix = commonSuffixLength(old, new, limit: min(old.count, new.count) - start)
        while suffix > 0, !(startsLine(old, at: old.count - suffix, after: start) && startsLine(new, at: new.count - suffix, after: start)) {
            suffix -= 1
        }
        let (oldEnd, newEnd) = (old.count - suffix, new.count - suffix)
        let oldMiddle = lineCount(UnsafeRawBufferPointer(rebasing: old[start..<oldEnd]))
        let newMiddle = lineCount(UnsafeRawBufferPointer(rebasing: new[start..<newEnd]))
        let firstChangedLine = prefixLines + 1
        // Every line one text has more than the other is a change: no need to search to know.
        let countDifference = abs(oldMiddle - newMiddle)
        if countDifference > editBudget {
            return Comparison(firstChangedLine: firstChangedLine, text: "", changedLines: countDifference, omittedChangedLines: 0, tooManyChanges: true)
        }
        // The middle lines, with up to `context` equal lines on each side for the hunks.
        var before = start
        var beforeLines = 0
        while beforeLines < context, before > 0 {
            before -= 1
            while before > 0, old[before - 1] != 0x0A { before -= 1 }
            beforeLines += 1
        }
        var after = 0
        var afterLines = 0
        while afterLines < context, after < suffix {
            after = DiffLines.lineEnd(old, from: oldEnd + after, limit: old.count) - oldEnd
            afterLines += 1
        }
        let firstLine = prefixLines - beforeLines
        let oldLines = DiffLines(old, from: before, to: oldEnd + after, firstLine: firstLine)
        let newLines = DiffLines(new, from: before, to: newEnd + after, firstLine: firstLine)
        guard
            let changes = ShortestEditScript.changes(
                oldLines, prefixLines..<prefixLines + oldMiddle, newLines, prefixLines..<prefixLines + newMiddle, budget: editBudget)
        else {
            return Comparison(
                firstChangedLine: firstChangedLine, text: "", changedLines: max(countDifference, editBudget + 1), omittedChangedLines: 0, tooManyChanges: true)
        }
        let changedLines = changes.reduce(0) { $0 + $1.oldLines.count + $1.newLines.count }
        var output = output
        var hunkStart = 0
        for index in changes.indices {
            let last = index == changes.count - 1
            if last || changes[index + 1].oldLines.lowerBound - changes[index].oldLines.upperBound > 2 * context {
                guard output.append(changes[hunkStart...index], old: oldLines, new: newLines, context: context) else { break }
                hunkStart = index + 1
            }
        }
        let text = output.bytes.isEmpty ? "" : "--- \(names.0)\n+++ \(names.1)\n" + String(decoding: output.bytes, as: UTF8.self)
        return Comparison(
            firstChangedLine: firstChangedLine, text: text, changedLines: changedLines,
            omittedChangedLines: changedLines - output.shownChanges, tooManyChanges: false)
    }

    /// How many leading bytes two buffers share.
    private static func commonPrefixLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let limit = min(a.count, b.count)
        var index = 0
        while index + 8 <= limit, a.loadUnaligned(fromByteOffset: index, as: UInt64.self) == b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            index += 8
        }
        while index < limit, a[index] == b[index] { index += 1 }
        return index
    }

    /// How many trailing bytes two buffers share, at most `limit`.
    private static func commonSuffixLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit,
            a.loadUnaligned(fromByteOffset: a.count - length - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: b.count - length - 8, as: UInt64.self)
        {
            length += 8
        }
        while length < limit, a[a.count - length - 1] == b[b.count - length - 1] { length += 1 }
        return length
    }

    /// Whether `position` begins a line of `text`, given that `start` does.
    private static func startsLine(_ text: UnsafeRawBufferPointer, at position: Int, after start: Int) -> Bool {
        position == start || text[position - 1] == 0x0A
    }

    /// How many lines `text` holds, a last one without a line break included.
    private static func lineCount(_ text: UnsafeRawBufferPointer) -> Int {
        let breaks = DiffLines.newlineCount(text)
        return text.last.map { $0 == 0x0A ? breaks : breaks + 1 } ?? 0
    }
}

/// The hunks of a unified diff as they are written, within a budget of lines.
private struct HunkOutput {
    var bytes: [UInt8] = []
    var linesLeft: Int
    /// The most bytes of one line written; the rest is counted after it.
    var lineBytes: Int
    /// Removed and added lines written.
    var shownChanges = 0

    /// Writes one hunk: `changes` with `context` equal lines around (those between them
    /// included). Returns false when it did not fit whole (what fits is written, with a header
    /// that counts it), so no later hunk should be written.
    mutating func append(
        _ changes: ArraySlice<ShortestEditScript.Change>, old: DiffLines, new: DiffLines, context: Int
    ) -> Bool {
        guard linesLeft >= 2, let first = changes.first, let last = changes.last else { return false }
        let leading = min(context, first.oldLines.lowerBound - old.firstLine)
        let trailing = min(context, old.lineNumbers.upperBound - last.oldLines.upperBound)
        // The hunk's lines: the changed ones (at most the edit budget) and their context.
        var lines: [(marker: UInt8, bytes: UnsafeRawBufferPointer)] = []
        let oldStart = first.oldLines.lowerBound - leading
        let newStart = first.newLines.lowerBound - leading
        var nextOld = oldStart
        for change in changes {
            lines += (nextOld..<change.oldLines.lowerBound).map { (UInt8(ascii: " "), old.line($0)) }
            lines += change.oldLines.map { (UInt8(ascii: "-"), old.line($0)) }
            lines += change.newLines.map { (UInt8(ascii: "+"), new.line($0)) }
            nextOld = change.oldLines.upperBound
        }
        lines += (nextOld..<nextOld + trailing).map { (UInt8(ascii: " "), old.line($0)) }
        // The lines that fit below the header; one without a line break takes two, with git's note.
        var room = linesLeft - 1
        var body: [UInt8] = []
        var shown = 0
        for line in lines {
            let complete = line.bytes.last == 0x0A
            let cost = complete ? 1 : 2
            guard cost <= room else { break }
            body.append(line.marker)
            if line.bytes.count > lineBytes {
                // Cut where a character starts (not before a UTF-8 continuation byte).
                var end = lineBytes
                while end > 0, line.bytes[end] & 0xC0 == 0x80 { end -= 1 }
                let rest = line.bytes.count - end - (complete ? 1 : 0)
                body += line.bytes[..<end]
                body += Array(" [… \(rest) more bytes on this line]".utf8)
                if complete { body.append(0x0A) }
            } else {
                body += line.bytes
            }
            if !complete { body += Array("\n\\ No newline at end of file\n".utf8) }
            room -= cost
            shown += 1
        }
        guard shown > 0 else { return false }
        let markers = lines[..<shown].map(\.marker)
        let oldCount = markers.filter { $0 != UInt8(ascii: "+") }.count
        let newCount = markers.filter { $0 != UInt8(ascii: "-") }.count
        bytes += Array("@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@\n".utf8)
        bytes += body
        linesLeft = room
        shownChanges += markers.filter { $0 != UInt8(ascii: " ") }.count
        return shown == lines.count
    }

    /// A hunk header's range: the first line and the count, as `diff -u` writes them (an empty
    /// range names the line before it).
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }
}
