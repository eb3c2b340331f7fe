#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a manifest's `flags` block can be cut in two, so that its halves are parsed on two
/// cores at once (see ``SplitParse``), and the second half cut again into pieces. A pure function of the bytes; `nil` whenever the text is
/// not the plain shape it expects, and the parser then reads the file in one go.
///
/// The shape: a line that is exactly `flags:` at column 0 (trailing spaces and a comment
/// allowed), then the block, every line up to the first one that starts with a byte other than
/// a space, `#` or a line feed (a column-0 line such as `configs:` or `---`), or the end of the
/// file. The block's indentation `indent` is that of its first content line (neither blank nor
/// a comment); every content line is indented at least that much, with spaces only. The cut is
/// the first line that is `indent` spaces and then a plain key's first byte (`a`-`z`, `0`-`9`,
/// `_`), from where the second half would be seven eighths of the file on (the first part, which
/// also holds everything around the block, is then about as long as one piece), and never the
/// block's first key. The second half is cut again at such lines into pieces of about an eighth
/// of the file, at least 32 KiB.
///
/// Files with bytes that libyaml counts as line breaks besides `\n` (`\r`, NEL, LS, PS) are not
/// cut, nor those with a byte-order mark after the first byte (libyaml skips one at a line's
/// start): the line arithmetic here counts `\n` only.
struct FlagsSplitPlan: Equatable {
    /// Where the second half starts: the start of the cut line.
    var split: Int
    /// Where the flags block ends: the start of the column-0 line after it, or the file's end.
    var blockEnd: Int
    /// The indentation, in spaces, of the flags mapping's keys.
    var indent: Int
    /// How many lines come before the cut line.
    var linesBeforeSplit: Int
    /// How many line feeds the second half (`split..<blockEnd`) holds.
    var linesInSecondHalf: Int
    /// Where the second half is cut again, into pieces that the cores take one at a time,
    /// whichever is free (so a core that runs slower, as a core waking from idle does on a
    /// virtual machine, simply reads fewer of them): the start of each piece after the first,
    /// in order, at a key line like the cut.
    var pieceCuts: [Cut] = []

    /// A place to cut: the start of a line, and how many lines come before it.
    struct Cut: Equatable {
        var offset: Int
        var linesBefore: Int
    }

    /// The second half's pieces: their bytes and how many lines of the file come before each.
    var pieces: [(bytes: Range<Int>, linesBefore: Int)] {
        let starts = [Cut(offset: split, linesBefore: linesBeforeSplit)] + pieceCuts
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].offset : blockEnd
            return (starts[index].offset..<end, starts[index].linesBefore)
        }
    }
}

extension FlagsSplitPlan {
    /// The plan for `bytes`, or nil when they should be parsed in one go. The cut is the first
    /// plain key line from where the second half would be seven eighths of the file on, or,
    /// for tests, from offset `cutFrom` on; the second half is cut into pieces of about an
    /// eighth of the file (at least 32 KiB), or, for tests, of `pieceBytes`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, cutFrom: Int? = nil, pieceBytes: Int? = nil) {
        guard let base = bytes.baseAddress, !Self.hasOtherLineBreaks(bytes) else { return nil }
        let count = bytes.count
        /// The start of the line after the one starting at `start`, or `count`.
        func nextLine(_ start: Int) -> Int {
            guard start < count, let feed = memchr(base + start, 0x0A, count - start) else { return count }
            return base.distance(to: feed.assumingMemoryBound(to: UInt8.self)) + 1
        }
        func spaces(from start: Int) -> Int {
            var index = start
            while index < count, base[index] == 0x20 { index += 1 }
            return index - start
        }

        // The `flags:` line.
        var line = 0
        var lines = 0
        while line < count, !Self.isFlagsLine(bytes, from: line, to: nextLine(line)) {
            // A directive (`%TAG`) changes what tags in the second half mean.
            if base[line] == 0x25 { return nil }
            line = nextLine(line)
            lines += 1  // a line before the flags line ends with a line feed
        }
        guard line < count else { return nil }
        let blockStart = nextLine(line)
        if base[blockStart - 1] == 0x0A { lines += 1 }

        // The block: its end, its indentation, that every content line is indented enough, and
        // the lines that could be cuts (a plain key at the indentation), with their line numbers.
        var indent = 0
        var firstContent = -1
        var blockEnd = blockStart
        var keyLines: [(offset: Int, line: Int)] = []
        while blockEnd < count {
            let first = base[blockEnd]
            if first != 0x20 && first != 0x23 && first != 0x0A {
                // libyaml's reading of a column-0 line starting with anything but visible ASCII
                // (a tab, a BOM) depends on what is open before it: no cut.
                guard first >= 0x21 && first <= 0x7E else { return nil }
                break
            }
            let leading = spaces(from: blockEnd)
            let after = blockEnd + leading
            let isBlankOrComment = after >= count || base[after] == 0x0A || base[after] == 0x23
            if !isBlankOrComment {
                if base[after] == 0x09 { return nil }
                if firstContent < 0 {
                    firstContent = blockEnd
                    indent = leading
                } else if leading < indent {
                    return nil
                } else if leading == indent, Self.isPlainKeyStart(base[after]) {
                    keyLines.append((blockEnd, lines))
                }
            }
            let next = nextLine(blockEnd)
            if base[next - 1] == 0x0A { lines += 1 }
            blockEnd = next
        }
        guard firstContent >= 0, indent >= 1 else { return nil }

        // The cut: the first key line from where the second half is seven eighths of the file
        // (the first part, everything else, is about one piece), and at least from the block's
        // start.
        let from = cutFrom ?? max(blockStart, blockEnd - count / 8 * 7)
        guard let cutIndex = keyLines.firstIndex(where: { $0.offset >= from }) else { return nil }
        let cut = keyLines[cutIndex]
        split = cut.offset
        self.blockEnd = blockEnd
        self.indent = indent
        linesBeforeSplit = cut.line
        linesInSecondHalf = lines - cut.line
        // The pieces: a new one at the first key line a piece's size on, unless what would be
        // left is less than half a piece.
        let pieceSize = max(1, pieceBytes ?? max(32 * 1024, count / 8))
        var nextPiece = split + pieceSize
        for key in keyLines[(cutIndex + 1)...] where key.offset >= nextPiece && blockEnd - key.offset >= pieceSize / 2 {
            pieceCuts.append(Cut(offset: key.offset, linesBefore: key.line))
            nextPiece = key.offset + pieceSize
        }
    }

    /// Whether the line `start..<end` is `flags:`, then only spaces and maybe a comment.
    private static let flagsWord: [UInt8] = Array("flags:".utf8)

    private static func isFlagsLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let word = flagsWord
        guard end - start >= word.count else { return false }
        for offset in 0..<word.count where bytes[start + offset] != word[offset] { return false }
        var index = start + word.count
        while index < end, bytes[index] == 0x20 { index += 1 }
        if index == end || bytes[index] == 0x0A { return true }
        // A comment needs a space before its `#`.
        return bytes[index] == 0x23 && index > start + word.count
    }

    private static func isPlainKeyStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// Whether the bytes hold a `\r`, a NEL, LS or PS (which libyaml counts as line breaks), or a
    /// byte-order mark after the first byte. Non-ASCII bytes are looked at only in 8-byte words
    /// that have some.
    static func hasOtherLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if memchr(base, 0x0D, bytes.count) != nil { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let byte = base[index]
            if byte == 0xC2, index + 1 < count, base[index + 1] == 0x85 { return true }
            if byte == 0xE2, index + 2 < count, base[index + 1] == 0x80, base[index + 2] == 0xA8 || base[index + 2] == 0xA9 {
                return true
            }
            if byte == 0xEF, index > 0, index + 2 < count, base[index + 1] == 0xBB, base[index + 2] == 0xBF { return true }
            index += 1
        }
        return false
    }
}
