/// A name to look up in the context stack: `.` (the top of the stack) or a dotted path.
struct Name: Sendable, Hashable {
    /// The dot-separated parts; empty for the implicit iterator `.`.
    var parts: [String]

    static let implicitIterator = Name(parts: [])
}

/// One element of a parsed template.
enum Node: Sendable {
    /// Literal text, written as it is.
    case text(String)
    /// `{{name}}`, `{{{name}}}` or `{{& name}}`.
    case variable(Name, escapesHTML: Bool)
    /// `{{#name}}...{{/name}}`, or `{{^name}}...{{/name}}` when `inverted`; `position` is the
    /// opening tag's.
    case section(Name, inverted: Bool, children: [Node], position: SourcePosition)
    /// `{{> name}}`; `indentation` is non-nil when the tag stands alone on its line.
    case partial(String, indentation: String?, position: SourcePosition)
}
