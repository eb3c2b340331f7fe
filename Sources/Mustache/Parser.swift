/// Builds the flat ``Program`` from tokens: pairs section tags, checks names, drops comments.
///
/// Iterative, with an explicit stack of open sections. Nesting is capped at
/// ``MustacheTemplate/maxNestingDepth`` so that templates stay readable and errors stay clear.
struct Parser {
    let templateName: String

    private struct OpenSection {
        var token: Token
        var inverted: Bool
        /// The index of the section's opening instruction.
        var start: Int
    }

    func parse(_ tokens: [Token]) throws(MustacheError) -> Program {
        var open: [OpenSection] = []
        var program = Program()
        // Consecutive text tokens make one text instruction; any tag, even a comment, ends it.
        var text = ""

        for token in tokens {
            guard case .tag(let kind) = token.kind else {
                text += token.content
                continue
            }
            if !text.isEmpty {
                program.appendText(text)
                text = ""
            }
            switch kind {
            case .comment, .setDelimiters:
                continue
            case .variable(let escaped):
                program.appendVariable(try name(of: token), escapesHTML: escaped)
            case .partial:
                program.appendPartial(Program.PartialTag(
                    name: token.content, indentation: token.indentation, position: token.position))
            case .sectionOpen, .invertedSectionOpen:
                guard open.count < MustacheTemplate.maxNestingDepth else {
                    throw MustacheError(
                        .nestingTooDeep, in: templateName, at: token.position,
                        "sections are nested more than \(MustacheTemplate.maxNestingDepth) "
                            + "deep; split the template into partials")
                }
                let inverted = kind == .invertedSectionOpen
                let start = program.openSection(try name(of: token), inverted: inverted, position: token.position)
                open.append(OpenSection(token: token, inverted: inverted, start: start))
            case .sectionClose:
                guard let section = open.popLast() else {
                    throw MustacheError(
                        .unexpectedClosingTag, in: templateName, at: token.position,
                        "closing tag '\(tag("/", token))' has no open section; remove it or "
                            + "add '\(tag("#", token))' before it")
                }
                guard section.token.content == token.content else {
                    throw MustacheError(
                        .mismatchedClosingTag, in: templateName, at: token.position,
                        "closing tag '\(tag("/", token))' does not match the open section "
                            + "'\(tag(section.inverted ? "^" : "#", section.token))' from line "
                            + "\(section.token.position.line), column \(section.token.position.column); "
                            + "close it first with '\(tag("/", section.token))'")
                }
                program.closeSection(openedAt: section.start)
            }
        }
        if let section = open.last {
            throw MustacheError(
                .unclosedSection, in: templateName, at: section.token.position,
                "section '\(tag(section.inverted ? "^" : "#", section.token))' is never closed; "
                    + "add '\(tag("/", section.token))' where it ends")
        }
        if !text.isEmpty { program.appendText(text) }
        return program
    }

    /// The parts of the looked-up name of a variable or section tag: none for `.`, else
    /// non-empty dot-separated parts.
    private func name(of token: Token) throws(MustacheError) -> [String] {
        if token.content == "." { return [] }
        let parts = token.content.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            throw MustacheError(
                .invalidTagName, in: templateName, at: token.position,
                "invalid name '\(token.content)': use '.' for the current item, or names "
                    + "joined by single dots, like 'a.b'")
        }
        return parts.map(String.init)
    }

    /// A tag as the user wrote it, with the delimiters in effect there.
    private func tag(_ sigil: String, _ token: Token) -> String {
        "\(token.delimiters.open)\(sigil)\(token.content)\(token.delimiters.close)"
    }
}
