/// CR LF line ends, which a checkout with `core.autocrlf` (or an editor on Windows) gives text
/// files, read and written as bytes.
enum LineEnds {
    /// Whether `bytes` has line ends, each "\r\n" but maybe the last (a tool that appends the
    /// final line end often writes LF alone).
    static func areCRLF(_ bytes: [UInt8]) -> Bool {
        let ends = bytes.indices.filter { bytes[$0] == lf }
        let isCRLF = { (index: Int) in index > 0 && bytes[index - 1] == cr }
        return ends.contains(where: isCRLF) && ends.dropLast().allSatisfy(isCRLF)
    }

    /// `bytes` with each "\r\n" made "\n".
    static func withLF(_ bytes: [UInt8]) -> [UInt8] {
        bytes.indices.filter { !(bytes[$0] == cr && $0 + 1 < bytes.count && bytes[$0 + 1] == lf) }.map { bytes[$0] }
    }

    /// `bytes` with each "\n" made "\r\n".
    static func withCRLF(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { $0 == lf ? [cr, lf] : [$0] }
    }

    /// The offset where each line of `bytes` starts, the first at 0: a line ends at "\n", "\r\n"
    /// or a "\r" alone, as in YAML (a final line end starts no line).
    static func lineStarts(_ bytes: some RandomAccessCollection<UInt8>) -> [Int] {
        var starts = [0]
        var offset = 0
        for byte in bytes {
            offset += 1
            let isEnd = byte == lf || (byte == cr && (offset == bytes.count || bytes[bytes.index(bytes.startIndex, offsetBy: offset)] != lf))
            if isEnd, offset < bytes.count { starts.append(offset) }
        }
        return starts
    }

    /// The first line end of `bytes` ("\r\n", "\r" or "\n"), or "\n" when it has none.
    static func firstEnd(_ bytes: [UInt8]) -> [UInt8] {
        guard let end = bytes.firstIndex(where: { $0 == lf || $0 == cr }) else { return [lf] }
        if bytes[end] == lf { return [lf] }
        return end + 1 < bytes.count && bytes[end + 1] == lf ? [cr, lf] : [cr]
    }

    static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
}
