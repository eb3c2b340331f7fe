/// The shortest edit script between some lines of two texts, by Myers' linear-space refinement
/// ("An O(ND) Difference Algorithm and Its Variations", 1986, section 4b) as git's `xdl_split`
/// searches, without its heuristics, so the script is minimal (docs/performance.md).
struct ShortestEditScript {
    /// Consecutive changed lines: old lines `oldLines` replaced by new lines `newLines` (either
    /// may be empty), numbered as in the whole texts.
    struct Change: Equatable {
        var oldLines: Range<Int>
        var newLines: Range<Int>
    }

    private let old: DiffLines
    private let new: DiffLines
    /// The furthest line of `old` each diagonal (x - y) reaches, searching forward from the top
    /// left; -1 where no path reaches.
    private var forward: [Int]
    /// The same searching backward from the bottom right (the smallest x); `Int.max` where none.
    private var backward: [Int]
    /// Added to a diagonal to index the arrays.
    private let shift: Int
    private var changes: [Change] = []

    /// The changes that turn `oldLines` of `old` into `newLines` of `new`, in order; nil when
    /// more than `budget` lines (removed plus added) would change.
    static func changes(
        _ old: DiffLines, _ oldLines: Range<Int>, _ new: DiffLines, _ newLines: Range<Int>, budget: Int
    ) -> [Change]? {
        var script = ShortestEditScript(old, oldLines, new, newLines)
        return script.solve(oldLines, newLines, budget: budget) ? script.changes : nil
    }

    private init(_ old: DiffLines, _ oldLines: Range<Int>, _ new: DiffLines, _ newLines: Range<Int>) {
        self.old = old
        self.new = new
        // Diagonals run from oldLines.lowerBound - newLines.upperBound to
        // oldLines.upperBound - newLines.lowerBound, and each search reads one more on each side.
        shift = newLines.upperBound - oldLines.lowerBound + 1
        let count = oldLines.count + newLines.count + 3
        forward = [Int](repeating: -1, count: count)
        backward = [Int](repeating: Int.max, count: count)
    }

    /// Appends the changes of the box `oldLines` x `newLines`; false when more than `budget`
    /// lines change. The halves of a box have half its changes, so the recursion is about
    /// log2(D) deep.
    private mutating func solve(_ oldLines: Range<Int>, _ newLines: Range<Int>, budget: Int = .max) -> Bool {
        let (oldMiddle, newMiddle) = trimmed(oldLines, newLines)
        if oldMiddle.isEmpty || newMiddle.isEmpty {
            guard oldMiddle.count + newMiddle.count <= budget else { return false }
            record(oldMiddle, newMiddle)
            return true
        }
        guard let (x, y) = split(oldMiddle, newMiddle, budget: budget) else { return false }
        // Each half changes fewer lines than the whole, which fits the budget; without a
        // budget, a split always exists.
        return solve(oldMiddle.lowerBound..<x, newMiddle.lowerBound..<y)
            && solve(x..<oldMiddle.upperBound, y..<newMiddle.upperBound)
    }

    /// The box without the equal lines at its start and its end.
    private func trimmed(_ oldLines: Range<Int>, _ newLines: Range<Int>) -> (Range<Int>, Range<Int>) {
        var (low1, high1, low2, high2) = (oldLines.lowerBound, oldLines.upperBound, newLines.lowerBound, newLines.upperBound)
        while low1 < high1, low2 < high2, old.line(low1, equals: low2, of: new) {
            low1 += 1
            low2 += 1
        }
        while high1 > low1, high2 > low2, old.line(high1 - 1, equals: high2 - 1, of: new) {
            high1 -= 1
            high2 -= 1
        }
        return (low1..<high1, low2..<high2)
    }

    /// Where a shortest path through the box crosses its middle; nil when the path changes
    /// more than `budget` lines. The box starts and ends with lines that differ.
    private mutating func split(_ oldLines: Range<Int>, _ newLines: Range<Int>, budget: Int) -> (Int, Int)? {
        let (low1, high1, low2, high2) = (oldLines.lowerBound, oldLines.upperBound, newLines.lowerBound, newLines.upperBound)
        let lowest = low1 - high2
        let highest = high1 - low2
        let forwardMiddle = low1 - low2
        let backwardMiddle = high1 - high2
        // When the diagonals differ by an odd number, the paths meet on a forward step.
        let odd = (forwardMiddle - backwardMiddle) & 1 != 0
        var (forwardLow, forwardHigh) = (forwardMiddle, forwardMiddle)
        var (backwardLow, backwardHigh) = (backwardMiddle, backwardMiddle)
        forward[forwardMiddle + shift] = low1
        backward[backwardMiddle + shift] = high1
        var cost = 1  // changes on each side so far
        while true {
            if 2 * cost - 1 > budget { return nil }
            // Widen the diagonals searched by one each way, or narrow by one at the box's edge
            // (the searched diagonals keep the parity of `cost`); the new outer ones are unreached.
            if forwardLow > lowest {
                forwardLow -= 1
                forward[forwardLow - 1 + shift] = -1
            } else {
                forwardLow += 1
            }
            if forwardHigh < highest {
                forwardHigh += 1
                forward[forwardHigh + 1 + shift] = -1
            } else {
                forwardHigh -= 1
            }
            var diagonal = forwardHigh
            while diagonal >= forwardLow {
                defer { diagonal -= 2 }
                // From the diagonal below by removing an old line, or from the one above by
                // adding a new line: whichever reaches further without leaving the box.
                let left = forward[diagonal - 1 + shift]
                let above = forward[diagonal + 1 + shift]
                let canRemove = left >= 0 && left < high1
                let canAdd = above >= 0 && above - (diagonal + 1) < high2
                var x: Int
                if canRemove, !canAdd || left >= above {
                    x = left + 1
                } else if canAdd {
                    x = above
                } else {
                    forward[diagonal + shift] = -1
                    continue
                }
                var y = x - diagonal
                while x < high1, y < high2, old.line(x, equals: y, of: new) {
                    x += 1
                    y += 1
                }
                forward[diagonal + shift] = x
                if odd, backwardLow <= diagonal, diagonal <= backwardHigh, backward[diagonal + shift] <= x {
                    return (x, y)
                }
            }

            if backwardLow > lowest {
                backwardLow -= 1
                backward[backwardLow - 1 + shift] = .max
            } else {
                backwardLow += 1
            }
            if backwardHigh < highest {
                backwardHigh += 1
                backward[backwardHigh + 1 + shift] = .max
            } else {
                backwardHigh -= 1
            }
            diagonal = backwardHigh
            while diagonal >= backwardLow {
                defer { diagonal -= 2 }
                // Backward: from the diagonal below by taking back an added line (y - 1), or
                // from the one above by taking back a removed line (x - 1).
                let below = backward[diagonal - 1 + shift]
                let above = backward[diagonal + 1 + shift]
                let canUnadd = below != .max && below - (diagonal - 1) > low2
                let canUnremove = above != .max && above > low1
                var x: Int
                if canUnadd, !canUnremove || below < above {
                    x = below
                } else if canUnremove {
                    x = above - 1
                } else {
                    backward[diagonal + shift] = .max
                    continue
                }
                var y = x - diagonal
                while x > low1, y > low2, old.line(x - 1, equals: y - 1, of: new) {
                    x -= 1
                    y -= 1
                }
                backward[diagonal + shift] = x
                if !odd, forwardLow <= diagonal, diagonal <= forwardHigh, x <= forward[diagonal + shift] {
                    return 2 * cost > budget ? nil : (x, y)
                }
            }
            cost += 1
        }
    }

    /// Appends a change, joined to the previous one when they touch.
    private mutating func record(_ oldLines: Range<Int>, _ newLines: Range<Int>) {
        if oldLines.isEmpty, newLines.isEmpty { return }
        if let last = changes.last, last.oldLines.upperBound == oldLines.lowerBound, last.newLines.upperBound == newLines.lowerBound {
            changes[changes.count - 1] = Change(oldLines: last.oldLines.lowerBound..<oldLines.upperBound, newLines: last.newLines.lowerBound..<newLines.upperBound)
        } else {
            changes.append(Change(oldLines: oldLines, newLines: newLines))
        }
    }
}
