/// A line diff in the unified format `git diff` prints, computed with Myers' O((N+M)·D)
/// algorithm, so files that differ a little diff fast however large they are.
public enum UnifiedDiff {
    /// One edit of the shortest edit script.
    enum Edit: Equatable {
        case keep(Int, Int)  // old index, new index
        case delete(Int)
        case insert(Int)
    }

    /// The unified diff of two texts, with `context` unchanged lines around each change, or an
    /// empty string when they are equal. `oldName` and `newName` label the `---`/`+++` lines.
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let script = edits(oldLines, newLines)
        guard script.contains(where: { if case .keep = $0 { return false } else { return true } }) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(script, context: context) {
            output += render(hunk, script: script, oldLines: oldLines, newLines: newLines)
        }
        return output
    }

    /// The 1-based line, in the new text, of the first change (for diagnostics).
    public static func firstChangedLine(old: String, new: String) -> Int? {
        let script = edits(lines(of: old), lines(of: new))
        var newLine = 0
        for edit in script {
            switch edit {
            case .keep: newLine += 1
            case .delete: return newLine + 1
            case .insert: return newLine + 1
            }
        }
        return nil
    }

    static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script from `a` to `b`.
    static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        let n = a.count
        let m = b.count
        let maximum = n + m
        if maximum == 0 { return [] }
        let offset = maximum + 1
        var v = [Int](repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        var found = false
        for d in 0...maximum {
            trace.append(v)
            var k = -d
            while k <= d {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break
                }
                k += 2
            }
            if found { break }
        }
        // Walk the trace back from (n, m) to (0, 0).
        var script: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let vd = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && vd[offset + k - 1] < vd[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = vd[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                script.append(.keep(x, y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    script.append(.insert(y))
                } else {
                    x -= 1
                    script.append(.delete(x))
                }
            }
            x = previousX
            y = previousY
        }
        return script.reversed()
    }

    /// Ranges of the script to print: each change with `context` kept lines around it, with
    /// nearby changes merged.
    static func hunks(_ script: [Edit], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, edit) in script.enumerated() {
            if case .keep = edit { continue }
            let lower = max(0, index - context)
            let upper = min(script.count, index + context + 1)
            if let last = ranges.last, lower <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
            } else {
                ranges.append(lower..<upper)
            }
        }
        return ranges
    }

    private static func render(_ range: Range<Int>, script: [Edit], oldLines: [Substring], newLines: [Substring]) -> String {
        var oldStart: Int?
        var newStart: Int?
        var oldCount = 0
        var newCount = 0
        var body = ""
        // Line numbers before the hunk, for hunks that start with an insertion or deletion.
        var oldBefore = 0
        var newBefore = 0
        for edit in script[..<range.lowerBound] {
            switch edit {
            case .keep:
                oldBefore += 1
                newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        for edit in script[range] {
            switch edit {
            case .keep(let o, let n):
                oldStart = oldStart ?? o + 1
                newStart = newStart ?? n + 1
                oldCount += 1
                newCount += 1
                body += " \(oldLines[o])\n"
            case .delete(let o):
                oldStart = oldStart ?? o + 1
                oldCount += 1
                body += "-\(oldLines[o])\n"
            case .insert(let n):
                newStart = newStart ?? n + 1
                newCount += 1
                body += "+\(newLines[n])\n"
            }
        }
        let oldHeader = oldCount == 0 ? "\(oldBefore),0" : oldCount == 1 ? "\(oldStart ?? oldBefore + 1)" : "\(oldStart ?? oldBefore + 1),\(oldCount)"
        let newHeader = newCount == 0 ? "\(newBefore),0" : newCount == 1 ? "\(newStart ?? newBefore + 1)" : "\(newStart ?? newBefore + 1),\(newCount)"
        return "@@ -\(oldHeader) +\(newHeader) @@\n" + body
    }
}
