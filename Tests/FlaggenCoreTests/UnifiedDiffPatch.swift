/// A strict patch applier for the diff tests: the text a unified diff turns `old` into, or nil
/// when the diff does not fit `old` (a context or removed line that is not there, a hunk
/// header whose counts disagree with its lines, hunks out of order). Bytes, not `String`s,
/// so the comparison is as exact as the diff's.
enum UnifiedDiffPatch {
    static func apply(_ diff: String, to old: [UInt8]) -> [UInt8]? {
        if diff.isEmpty { return old }
        let oldLines = lines(of: old)
        var lines = Array(diff.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        guard lines.last == [] else { return nil }
        lines.removeLast()
        guard lines.count >= 2, lines[0].starts(with: Array("--- ".utf8)), lines[1].starts(with: Array("+++ ".utf8)) else { return nil }
        var result: [[UInt8]] = []
        var next = 0  // the next old line to copy
        var index = 2
        while index < lines.count {
            guard let header = hunkHeader(lines[index]) else { return nil }
            index += 1
            let target = header.oldCount == 0 ? header.oldStart : header.oldStart - 1
            guard target >= next, target <= oldLines.count else { return nil }
            result += oldLines[next..<target]
            next = target
            var (oldSeen, newSeen) = (0, 0)
            while index < lines.count, let marker = lines[index].first, marker != UInt8(ascii: "@") {
                var text = Array(lines[index].dropFirst()) + [0x0A]
                // git's note: the line before has no line break.
                if index + 1 < lines.count, lines[index + 1] == Array("\\ No newline at end of file".utf8) {
                    text.removeLast()
                    index += 1
                }
                index += 1
                switch marker {
                case UInt8(ascii: " "), UInt8(ascii: "-"):
                    guard next < oldLines.count, oldLines[next] == text else { return nil }
                    if marker == UInt8(ascii: " ") {
                        result.append(text)
                        newSeen += 1
                    }
                    next += 1
                    oldSeen += 1
                case UInt8(ascii: "+"):
                    result.append(text)
                    newSeen += 1
                default:
                    return nil
                }
            }
            guard oldSeen == header.oldCount, newSeen == header.newCount else { return nil }
        }
        result += oldLines[next...]
        return result.flatMap { $0 }
    }

    /// The lines of a text, each with its line break (the last may have none).
    static func lines(of text: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text {
            current.append(byte)
            if byte == 0x0A {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `@@ -a,b +c,d @@`, a count of 1 left out.
    private static func hunkHeader(_ line: [UInt8]) -> (oldStart: Int, oldCount: Int, newCount: Int)? {
        let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard parts.count == 4, parts[0] == "@@", parts[3] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            switch numbers.count {
            case 1: return numbers[0].map { ($0, 1) }
            case 2: return numbers[0].flatMap { start in numbers[1].map { (start, $0) } }
            default: return nil
            }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }
}
