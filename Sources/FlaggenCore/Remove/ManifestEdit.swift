/// Takes one flag out of a manifest's text and retires its key, leaving every other byte as it
/// was: it edits the text at the lines and columns the YAML parser reports, never re-serializing
/// the document. What goes and what stays: docs/cleanup.md, "Removing a flag".
struct ManifestEdit {
    /// Why the text could not be edited; nothing is changed.
    struct Failure: Error, Sendable {
        var message: String
    }

    /// The manifest's bytes, as read.
    let bytes: [UInt8]
    /// The start offset of each line, and a last entry at `bytes.count`.
    private let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = LineEnds.lineStarts(bytes) + [bytes.count]
    }

    /// How many lines the text has (a final line ending starts no new line).
    private var lineCount: Int { lineStarts.count - 1 }

    /// The text with flag `key` removed and `key` added to `retired`.
    func removing(_ key: String) throws(Failure) -> [UInt8] {
        if let text = afterByteOrderMark { return Self.byteOrderMark + (try text.removing(key)) }
        return applying(try edits(removing: key))
    }

    /// UTF-8's byte order mark. It stays in front; the text after it is what the parser's lines
    /// and columns count.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The edit of the text after a byte order mark; nil when the text has none.
    private var afterByteOrderMark: ManifestEdit? {
        bytes.starts(with: Self.byteOrderMark) ? ManifestEdit(bytes: Array(bytes.dropFirst(Self.byteOrderMark.count))) : nil
    }

    /// The line of the text as read that line `line` of `removing(key)`'s text was (a line the
    /// edit wrote, such as `retired`'s, is the line it replaced), so that a problem found in the
    /// edited text is shown where the user can see it.
    func originalLine(of line: Int, removing key: String) -> Int {
        if let text = afterByteOrderMark { return text.originalLine(of: line, removing: key) }
        guard let edits = try? edits(removing: key) else { return line }
        let editedStarts = LineEnds.lineStarts(applying(edits))
        guard line >= 1, line <= editedStarts.count else { return line }
        let position = editedStarts[line - 1]
        var shift = 0  // how far the edits before `position` moved it
        var original: Int?
        for edit in edits.sorted(by: { $0.offset < $1.offset }) {
            let start = edit.offset + shift
            if position < start { break }
            if position < start + edit.text.count {
                original = edit.offset
                break
            }
            shift += edit.text.count - edit.length
        }
        let offset = original ?? position - shift
        return min((lineStarts.lastIndex { $0 <= offset } ?? 0) + 1, lineCount)
    }

    /// The edits that take flag `key` out and retire it, in the text without a byte order mark.
    private func edits(removing key: String) throws(Failure) -> [Edit] {
        let document = YAMLParser().parse(bytes)
        guard let tree = document.tree, document.problems.isEmpty, tree.kind(tree.root) == .mapping, !isFlow(tree.location(tree.root)) else {
            throw Failure(message: "the manifest is not a block mapping that flaggen can edit in place; remove the flag by hand")
        }
        let rootEntries = Array(tree.entries(tree.root))
        guard let flagsIndex = rootEntries.firstIndex(where: { tree.text($0.key) == "flags" }) else {
            throw Failure(message: "the manifest has no 'flags' mapping")
        }
        let flagsEntry = rootEntries[flagsIndex]
        guard tree.kind(flagsEntry.value) == .mapping, !isFlow(tree.location(flagsEntry.value)) else {
            throw Failure(message: "'flags' is written in flow style ({...}); flaggen removes flags only from a block mapping, one flag per key — remove it by hand")
        }
        let flags = Array(tree.entries(flagsEntry.value))
        guard let index = flags.firstIndex(where: { tree.text($0.key) == key }) else {
            throw Failure(message: "the manifest has no flag '\(key)'")
        }
        var edits: [Edit] = []
        let keyLocation = tree.location(flags[index].key)
        let indent = keyLocation.column - 1
        let hasNext = index + 1 < flags.count
        let boundary: Int  // the first line after the flag's range
        if hasNext {
            boundary = tree.location(flags[index + 1].key).line
        } else if flagsIndex + 1 < rootEntries.count {
            boundary = tree.location(rootEntries[flagsIndex + 1].key).line
        } else {
            // The end of the file, or a document end marker (`...`) before it, which stays.
            boundary = (keyLocation.line + 1..<lineCount + 1).first { isDocumentEnd($0) } ?? lineCount + 1
        }
        var end = boundary
        while end - 1 > keyLocation.line, isBlank(end - 1) || commentIndent(end - 1).map({ $0 <= indent }) == true { end -= 1 }
        var start = keyLocation.line
        while start - 1 > tree.location(flagsEntry.key).line, commentIndent(start - 1) == indent { start -= 1 }
        if hasNext {
            while end < boundary, isBlank(end) { end += 1 }
        } else if index > 0, !Self.endsInKeptLineBreaks(flags[index - 1].value, tree) {
            while start - 1 > tree.location(flags[index - 1].key).line, isBlank(start - 1) { start -= 1 }
        }
        edits.append(Edit(offset: lineStarts[start - 1], length: lineStarts[end - 1] - lineStarts[start - 1], text: []))
        if flags.count == 1 {
            guard let colon = colon(after: tree.location(flagsEntry.key)) else {
                throw Failure(message: "cannot find the ':' after 'flags'; remove the flag by hand")
            }
            edits.append(Edit(offset: colon + 1, length: 0, text: Array(" {}".utf8)))
        }
        edits.append(try retiring(key, tree: tree, rootEntries: rootEntries, flagsKey: flagsEntry.key))
        return edits
    }

    /// True when the last scalar of `node` is a block scalar that keeps its final line breaks
    /// (`|+`): the blank lines after it are its text, not a gap between flags.
    private static func endsInKeptLineBreaks(_ node: YAMLTree.NodeID, _ tree: YAMLTree) -> Bool {
        var last = node
        while true {
            switch tree.kind(last) {
            case .mapping:
                guard let entry = tree.entries(last).last else { return false }
                last = entry.value
            case .sequence:
                guard let item = tree.items(last).last else { return false }
                last = item
            case .scalar:
                let style = tree.style(last)
                return (style == .literal || style == .folded) && tree.text(last).hasSuffix("\n\n")
            }
        }
    }

    /// The edit that adds `key` to `retired`.
    private func retiring(_ key: String, tree: YAMLTree, rootEntries: [YAMLTree.Entry], flagsKey: YAMLTree.NodeID) throws(Failure) -> Edit {
        let newline = lineEnding
        guard let retired = rootEntries.first(where: { tree.text($0.key) == "retired" }) else {
            // Above `flags:` and the comments directly over it.
            var line = tree.location(flagsKey).line
            while line > 1, commentIndent(line - 1) == 0 { line -= 1 }
            return Edit(offset: lineStarts[line - 1], length: 0, text: Array("retired: [\(key)]".utf8) + newline)
        }
        let value = retired.value
        if tree.kind(value) == .scalar {
            // `retired:` with nothing after it (null); the validator refused any other scalar.
            guard let colon = colon(after: tree.location(retired.key)) else {
                throw Failure(message: "cannot find the ':' after 'retired'; add '\(key)' to it by hand")
            }
            return Edit(offset: colon + 1, length: 0, text: Array(" [\(key)]".utf8))
        }
        let location = tree.location(value)
        let items = tree.items(value)
        if isFlow(location) {
            guard let last = items.last else {
                return Edit(offset: contentOffset(of: location) + 1, length: 0, text: Array(key.utf8))
            }
            return Edit(offset: endOfToken(at: offset(of: tree.location(last))), length: 0, text: Array(", \(key)".utf8))
        }
        // Block style: a new `- key` line after the last item, indented as the items are.
        guard let last = items.last else { throw Failure(message: "'retired' is empty; add '\(key)' to it by hand") }
        let itemLine = tree.location(last).line
        let lead = bytes[lineStarts[itemLine - 1]..<lineStarts[itemLine]].prefix { $0 == UInt8(ascii: " ") }
        var text: [UInt8] = []
        let lineEnd = lineStarts[itemLine]
        if lineEnd == bytes.count, bytes.last != LineEnds.lf, bytes.last != LineEnds.cr { text += newline }
        text += Array(lead) + Array("- \(key)".utf8) + newline
        return Edit(offset: lineEnd, length: 0, text: text)
    }

    /// One replacement of bytes.
    private struct Edit {
        var offset: Int
        var length: Int
        var text: [UInt8]
    }

    /// The bytes with every edit made; edits do not overlap.
    private func applying(_ edits: [Edit]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            result.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: edit.text)
        }
        return result
    }

    /// The first line's line end (CRLF, CR or LF).
    private var lineEnding: [UInt8] { LineEnds.firstEnd(bytes) }

    /// Line `line`'s bytes without its line ending.
    private func content(_ line: Int) -> ArraySlice<UInt8> {
        var slice = bytes[lineStarts[line - 1]..<lineStarts[line]]
        while let last = slice.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return slice
    }

    /// True for a `...` line, which ends the YAML document.
    private func isDocumentEnd(_ line: Int) -> Bool {
        let text = content(line)
        return text.starts(with: Array("...".utf8)) && text.dropFirst(3).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    private func isBlank(_ line: Int) -> Bool {
        content(line).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The spaces before the line's first other byte when that byte starts a comment; else nil.
    private func commentIndent(_ line: Int) -> Int? {
        let text = content(line)
        let spaces = text.prefix { $0 == UInt8(ascii: " ") }.count
        return text.dropFirst(spaces).first == UInt8(ascii: "#") ? spaces : nil
    }

    /// The byte offset of a parser location (its column counts characters).
    private func offset(of location: SourceLocation) -> Int {
        bytes.index(ofColumn: location.column, from: lineStarts[location.line - 1])
    }

    /// The byte offset of the node at `location` past its anchor and tag (`&r !!seq [x]`).
    private func contentOffset(of location: SourceLocation) -> Int {
        var at = offset(of: location)
        let space: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        while at < bytes.count, bytes[at] == UInt8(ascii: "&") || bytes[at] == UInt8(ascii: "!") {
            while at < bytes.count, !space(bytes[at]), bytes[at] != UInt8(ascii: "\n"), bytes[at] != UInt8(ascii: "\r") { at += 1 }
            while at < bytes.count, space(bytes[at]) { at += 1 }
        }
        return at
    }

    /// Whether the node at `location` opens a flow collection.
    private func isFlow(_ location: SourceLocation) -> Bool {
        let at = contentOffset(of: location)
        return at < bytes.count && (bytes[at] == UInt8(ascii: "[") || bytes[at] == UInt8(ascii: "{"))
    }

    /// The offset after a flow item: a quoted scalar to its closing quote, a plain one to the
    /// first byte that cannot be in a key.
    private func endOfToken(at start: Int) -> Int {
        guard start < bytes.count else { return start }
        let quote = bytes[start]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            return bytes[(start + 1)...].firstIndex(of: quote).map { $0 + 1 } ?? bytes.count
        }
        let ends = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "#")]
        return bytes[start...].firstIndex(where: ends.contains) ?? bytes.count
    }

    /// The offset of the first ':' after a key on its line.
    private func colon(after key: SourceLocation) -> Int? {
        let start = offset(of: key), end = lineStarts[key.line]
        return start < end ? bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) : nil
    }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The index of 1-based `column`, counted in Unicode scalars from `start` (the start of its
    /// line), in UTF-8 bytes; at most `endIndex`.
    func index(ofColumn column: Int, from start: Int) -> Int {
        var index = start
        var scalars = 1
        while scalars < column, index < endIndex {
            index += 1
            // Continuation bytes belong to the scalar before.
            while index < endIndex, self[index] & 0xC0 == 0x80 { index += 1 }
            scalars += 1
        }
        return index
    }
}
