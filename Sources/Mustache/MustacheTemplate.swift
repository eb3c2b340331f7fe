import FlaggenJSON

/// A parsed Mustache template: parse once, render many times.
///
/// Implements the required modules of the Mustache spec (interpolation, sections, inverted
/// sections, comments, partials, set delimiters); lambdas, inheritance and dynamic names are
/// not supported.
///
/// ```swift
/// let template = try MustacheTemplate(source: "Hello, {{name}}!", name: "hello.mustache")
/// let text = try template.render(.object(["name": .string("world")]))
/// ```
///
/// Where this engine chooses what the spec leaves open:
/// - Falsey values are a missing name, `null`, `false` and the empty list; `0`, `""` and `{}`
///   are truthy.
/// - Numbers print in Swift's shortest form: `85`, `1.21`, and `1.0` for a whole double.
///   Lists and objects interpolate as compact JSON with sorted keys.
/// - A standalone partial's indentation goes before every line the partial's template starts,
///   including lines a section repeats, but not before empty lines or inside interpolated
///   values.
public struct MustacheTemplate: Sendable {
    /// How many partials may be nested inside one another while rendering. A partial that
    /// includes itself with no section to end the recursion stops with
    /// ``MustacheError/Kind/partialRecursionTooDeep`` after this many levels.
    public static let maxPartialDepth = 64

    /// How deep sections may be nested in one template; past it, parsing fails with
    /// ``MustacheError/Kind/nestingTooDeep``. Neither parsing nor rendering recurses, so this
    /// keeps templates readable rather than the stack safe.
    public static let maxNestingDepth = 256

    /// How much work one render may do before it fails with
    /// ``MustacheError/Kind/renderTooLong``: this many steps, plus
    /// ``renderStepsPerDataValue`` for each value in the data (every string, number, list,
    /// object, ... at any depth). A step is one piece of text, one tag, one list item, and one
    /// more for each enclosing section a name is looked up in.
    ///
    /// Rendering is otherwise unbounded: a section over a list inside a section over the same
    /// list (`{{#flags}}{{#flags}}...`) repeats the whole list for every item, and each further
    /// level multiplies the work again. flaggen's built-in templates take about 4 steps per
    /// data value, so the allowance leaves room for much larger templates, while a runaway
    /// template stops within about a second.
    public static let maxRenderSteps = 1_000_000

    /// The steps ``maxRenderSteps`` adds for each value in the data.
    public static let renderStepsPerDataValue = 16

    /// The longest text one render may produce, in UTF-8 bytes (128 MiB; flaggen's largest
    /// outputs, for 50,000 flags, are about 40 MB). Past it, rendering fails with
    /// ``MustacheError/Kind/outputTooLarge`` instead of running out of memory.
    public static let maxOutputBytes = 128 * 1024 * 1024

    /// The template's name, used in error messages (usually its file name).
    public let name: String

    let program: Program

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: The name that error messages start with, usually the template's file name.
    /// - Throws: ``MustacheError`` with the line and column of an unclosed or malformed tag,
    ///   an unclosed or mismatched section, invalid delimiters, or sections nested deeper
    ///   than ``maxNestingDepth``.
    public init(source: String, name: String = "<template>") throws(MustacheError) {
        self.name = name
        var lexer = Lexer(source: source, templateName: name)
        let tokens = StandaloneLines.strip(try lexer.tokenize())
        self.program = try Parser(templateName: name).parse(tokens)
    }

    /// Renders the template against `context`, taking partials from `partials` (none by
    /// default: a `{{> name}}` the provider does not know renders as nothing). Each partial is
    /// parsed at most once per call.
    ///
    /// `escapesHTML` says whether `{{name}}` escapes `& " < >` as HTML entities (the spec's
    /// behavior); turn it off for source code. `{{{name}}}` and `{{& name}}` never escape.
    ///
    /// - Throws: ``MustacheError`` when a partial does not parse (the error names the
    ///   partial), or when partials nest deeper than ``maxPartialDepth``, or the render runs
    ///   past ``maxRenderSteps`` or ``maxOutputBytes``.
    public func render(
        _ context: JSONValue, partials: some PartialProvider = [String: String](), escapesHTML: Bool = true
    ) throws(MustacheError) -> String {
        String(decoding: try renderUTF8(context, partials: partials, escapesHTML: escapesHTML), as: UTF8.self)
    }

    /// Renders like ``render(_:partials:escapesHTML:)`` and returns the text as UTF-8 bytes,
    /// without building a `String` first (cheaper for large outputs written to files).
    public func renderUTF8(
        _ context: JSONValue, partials: some PartialProvider = [String: String](), escapesHTML: Bool = true
    ) throws(MustacheError) -> [UInt8] {
        var renderer = Renderer(context: context, partials: partials, escapesHTML: escapesHTML)
        try renderer.render(self)
        return renderer.output.bytes
    }
}
