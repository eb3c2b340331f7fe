#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Unsafe APIs here: `check` diffs outputs of many megabytes; lines are slices of the file's bytes,
// never copied (memory linear in the lines, docs/performance.md).

/// Some consecutive lines of a text, for ``UnifiedDiff``: where each starts, and a hash of each,
/// compared before the bytes. A line ends after its `\n` (the text's last may lack one). The
/// bytes belong to the caller and must outlive the value.
struct DiffLines {
    /// The whole text.
    let text: UnsafeRawBufferPointer
    /// The 0-based number, in the whole text, of the first line held.
    let firstLine: Int
    /// Where each line held starts in `text`, and one more entry: where the last one ends.
    private var starts: [Int]
    private var hashes: [UInt64]

    /// The lines of `text[start..<end]`, where `start` begins a line (line `firstLine` of the
    /// text) and `end` begins one or is the text's end.
    init(_ text: UnsafeRawBufferPointer, from start: Int, to end: Int, firstLine: Int) {
        self.text = text
        self.firstLine = firstLine
        var starts = [start]
        var position = start
        while position < end {
            position = Self.lineEnd(text, from: position, limit: end)
            starts.append(position)
        }
        self.starts = starts
        hashes = (0..<starts.count - 1).map { Self.hash(UnsafeRawBufferPointer(rebasing: text[starts[$0]..<starts[$0 + 1]])) }
    }

    /// The line numbers held: `firstLine..<firstLine + count`.
    var lineNumbers: Range<Int> { firstLine..<firstLine + starts.count - 1 }

    /// The bytes of line `number` (of the whole text), its `\n` included.
    func line(_ number: Int) -> UnsafeRawBufferPointer {
        let index = number - firstLine
        return UnsafeRawBufferPointer(rebasing: text[starts[index]..<starts[index + 1]])
    }

    /// Whether line `number` of this text equals line `otherNumber` of `other`.
    @inline(__always)
    func line(_ number: Int, equals otherNumber: Int, of other: DiffLines) -> Bool {
        hashes[number - firstLine] == other.hashes[otherNumber - other.firstLine]
            && Self.sameBytes(line(number), other.line(otherNumber))
    }

    /// Whether two lines hold the same bytes.
    private static func sameBytes(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        first.count == second.count && (first.count == 0 || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
    }

    /// Just past the `\n` that ends the line starting at `position`, or `limit` when none comes before it.
    static func lineEnd(_ text: UnsafeRawBufferPointer, from position: Int, limit: Int) -> Int {
        guard position < limit, let found = memchr(text.baseAddress! + position, 0x0A, limit - position) else { return limit }
        return text.baseAddress!.distance(to: UnsafeRawPointer(found)) + 1
    }

    /// How many `\n` bytes `text` holds.
    static func newlineCount(_ text: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var position = 0
        while position < text.count {
            position = lineEnd(text, from: position, limit: text.count)
            if text[position - 1] == 0x0A { count += 1 }
        }
        return count
    }

    /// A 64-bit hash of a line, eight bytes at a time. Only a quick first test of equality
    /// (the bytes are compared when two hashes agree), so it need not resist collisions; Swift's
    /// Hasher doubled the cost of reading the lines (+6% for `check`, every description changed).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 &* UInt64(bytes.count &+ 1)
        var position = 0
        while position + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            position += 8
        }
        if position < bytes.count {
            var tail: UInt64 = 0
            for index in position..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            hash = mix(hash ^ tail)
        }
        return hash
    }

    /// The finalizer of SplitMix64: every input bit affects every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
