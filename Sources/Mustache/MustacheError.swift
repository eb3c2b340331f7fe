/// A problem found while parsing or rendering a Mustache template.
///
/// Printed like a compiler diagnostic, `name:line:column: error: message`, so editors and CI
/// logs link straight to the tag at fault. Lines and columns count from 1; columns count
/// Unicode scalars.
public struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to particular problems.
    public enum Kind: String, Sendable, Hashable {
        /// A tag was opened but its closing delimiter never came.
        case unclosedTag
        /// A tag's name is empty, contains whitespace, or is a malformed dotted name.
        case invalidTagName
        /// A set-delimiter tag does not hold exactly two valid delimiters.
        case invalidDelimiters
        /// A section was opened but never closed.
        case unclosedSection
        /// A closing tag appeared with no section open.
        case unexpectedClosingTag
        /// A closing tag names a different section than the one that is open.
        case mismatchedClosingTag
        /// Sections are nested deeper than ``MustacheTemplate/maxNestingDepth`` in one template.
        case nestingTooDeep
        /// Partials are nested deeper than ``MustacheTemplate/maxPartialDepth``, usually a
        /// partial that includes itself with no end.
        case partialRecursionTooDeep
        /// Rendering took more steps than ``MustacheTemplate/maxRenderSteps`` allows, usually
        /// sections over a list nested inside sections over the same list.
        case renderTooLong
        /// The rendered text grew past ``MustacheTemplate/maxOutputBytes``.
        case outputTooLarge
    }

    /// What went wrong.
    public var kind: Kind
    /// The name of the template (or partial) the problem is in.
    public var templateName: String
    /// The line of the tag at fault, counting from 1.
    public var line: Int
    /// The column of the tag at fault, counting from 1.
    public var column: Int
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates an error at `position` in the template `templateName`.
    init(_ kind: Kind, in templateName: String, at position: SourcePosition, _ message: String) {
        self.kind = kind
        self.templateName = templateName
        line = position.line
        column = position.column
        self.message = message
    }

    /// `name:line:column: error: message`.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message)"
    }
}
