/// Removes the lines that hold nothing but whitespace and one section, inverted-section,
/// closing, comment, partial or set-delimiter tag, as the spec asks: such a tag leaves no
/// blank line behind in the output.
///
/// A standalone partial tag keeps the whitespace before it as its ``Token/indentation``.
enum StandaloneLines {
    static func strip(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var lineStart = tokens.startIndex
        while lineStart < tokens.endIndex {
            // The lexer ends each text token after a newline, so a line runs up to and
            // including the first text token that ends with one.
            var lineEnd = lineStart
            while lineEnd < tokens.endIndex {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text, token.content.utf8.last == Byte.newline { break }
            }
            let line = tokens[lineStart..<lineEnd]
            if let standalone = standaloneTag(in: line) {
                result.append(standalone)
            } else {
                result.append(contentsOf: line)
            }
            lineStart = lineEnd
        }
        return result
    }

    /// The line's only tag, if the line is standalone; for a partial, with its indentation.
    private static func standaloneTag(in line: ArraySlice<Token>) -> Token? {
        var tag: Token?
        var indentation = ""
        for token in line {
            switch token.kind {
            case .text:
                guard isBlank(token.content) else { return nil }
                if tag == nil { indentation += token.content }
            case .tag(let kind):
                guard tag == nil, kind.canStandAlone else { return nil }
                tag = token
            }
        }
        guard var tag else { return nil }
        if tag.kind == .tag(.partial) { tag.indentation = indentation }
        return tag
    }

    /// Spaces and tabs, optionally ending with `\n` or `\r\n`.
    private static func isBlank(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.last == Byte.newline {
            bytes = bytes.dropLast()
            if bytes.last == Byte.carriageReturn { bytes = bytes.dropLast() }
        }
        return bytes.allSatisfy { $0 == Byte.space || $0 == Byte.tab }
    }
}
