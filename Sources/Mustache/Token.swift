/// What kind of tag a ``Token`` is, decided by the character after the opening delimiter.
enum TagKind: Sendable, Hashable {
    /// `{{name}}` (escaped), `{{{name}}}` or `{{& name}}` (not escaped).
    case variable(escaped: Bool)
    /// `{{#name}}`
    case sectionOpen
    /// `{{^name}}`
    case invertedSectionOpen
    /// `{{/name}}`
    case sectionClose
    /// `{{! ... }}`
    case comment
    /// `{{> name}}`
    case partial
    /// `{{=<% %>=}}`
    case setDelimiters

    /// Whether a tag of this kind alone on a line removes the whole line from the output.
    /// Interpolations never do: they produce content.
    var canStandAlone: Bool {
        if case .variable = self { return false }
        return true
    }
}

/// One piece of a template's source: a run of text or one tag.
struct Token: Sendable {
    enum Kind: Sendable, Hashable {
        /// Literal text. The lexer ends a text token after each newline, so a token holds at
        /// most one line, which makes finding standalone lines simple.
        case text
        case tag(TagKind)
    }

    var kind: Kind
    /// The literal text, or a tag's content without its sigil, trimmed of whitespace.
    var content: String
    /// Where the text or the tag's opening delimiter starts.
    var position: SourcePosition
    /// The delimiters in effect for this token, to quote the tag back in messages.
    var delimiters: Delimiters
    /// For a standalone partial tag: the whitespace before it on its line. `nil` otherwise.
    var indentation: String? = nil
}
