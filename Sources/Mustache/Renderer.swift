import FlaggenJSON

/// Walks a parsed template against a context stack, loading partials on demand.
///
/// Iterative, with an explicit stack of frames instead of recursion, so neither deep
/// templates nor deep data can overflow the call stack, even on a thread with a small
/// stack. Partials are still capped at ``MustacheTemplate/maxPartialDepth`` so a partial
/// that includes itself fails with a clear error instead of running until memory runs out.
///
/// Not generic over the partial provider: the provider is wrapped in a closure, so this type
/// is concrete and compiled (and optimized) once in this module, instead of running as
/// unspecialized generic code when a client module renders.
struct Renderer {
    private let partialSource: (String) -> String?
    private let options: MustacheTemplate.Options
    private var context: ContextStack
    var output = Output()
    /// When set, the output is handed to `receive` whenever it reaches `chunkSize` bytes.
    var drain: (chunkSize: Int, receive: (UnsafeRawBufferPointer) -> Void)?
    /// Parsed partials by name; `nil` for a name the provider does not know.
    private var partialCache: [String: MustacheTemplate?] = [:]
    private var partialDepth = 0
    private var frames: [Frame] = []
    /// The names of the template and of the partials entered so far (each once), for error
    /// messages.
    private var templateNames: [String] = []
    /// Steps taken, and how many are allowed (see ``MustacheTemplate/maxRenderSteps``). The
    /// allowance for the data is added the first time the base limit is reached, so renders
    /// that stay under it never count the data's values.
    private var steps = 0
    private var maxSteps = MustacheTemplate.maxRenderSteps
    private var countedData = false

    /// Work in progress: a node list to render, or a list value to iterate a section over.
    private struct Frame {
        enum Kind {
            case nodes([Node])
            case items([JSONValue], children: [Node], position: SourcePosition)
        }

        /// What to undo when a `nodes` frame is finished.
        enum Exit {
            case none
            case popContext
            case endPartial(outerIndentation: String)
        }

        var kind: Kind
        /// The template or partial the nodes come from, as an index into ``templateNames``
        /// (an `Int` to copy on every step, not a `String`).
        var template: Int
        var exit: Exit
        /// The index of the next node or item.
        var next = 0
    }

    init(context: JSONValue, partials: some PartialProvider, options: MustacheTemplate.Options) {
        self.context = ContextStack(context)
        self.partialSource = { partials.partial(named: $0) }
        self.options = options
    }

    mutating func render(_ template: MustacheTemplate) throws(MustacheError) {
        templateNames = [template.name]
        frames = [Frame(kind: .nodes(template.nodes), template: 0, exit: .none)]
        // The top frame is read in place, by index, rather than copied out on every step.
        while !frames.isEmpty {
            steps += 1
            if steps > maxSteps { try checkSteps() }
            if let drain, output.bytes.count >= drain.chunkSize { output.drain(into: drain.receive) }
            if output.totalCount > MustacheTemplate.maxOutputBytes {
                throw limitError(.outputTooLarge, "the rendered text is larger than the limit of "
                    + "\(MustacheTemplate.maxOutputBytes) bytes")
            }
            let top = frames.count - 1
            let index = frames[top].next
            switch frames[top].kind {
            case .nodes(let nodes):
                guard index < nodes.count else {
                    finish(frames.removeLast().exit)
                    continue
                }
                frames[top].next = index + 1
                try render(nodes[index], in: frames[top].template)

            case .items(let items, let children, _):
                guard index < items.count else {
                    frames.removeLast()
                    continue
                }
                frames[top].next = index + 1
                context.push(items[index])
                frames.append(Frame(kind: .nodes(children), template: frames[top].template,
                                    exit: .popContext))
            }
        }
    }

    /// Writes a text or variable node, or pushes the frame that renders a section or partial.
    private mutating func render(_ node: Node, in template: Int) throws(MustacheError) {
        switch node {
        case .text(let text):
            output.writeTemplateText(text)

        case .variable(let name, let escapesHTML):
            guard let value = context.lookup(name, work: &steps) else { return }
            let text = ValueFormatting.text(for: value)
            output.writeValue(escapesHTML && options.escapesHTML
                              ? ValueFormatting.escapeHTML(text) : text)

        case .section(let name, let inverted, let children, let position):
            let value = context.lookup(name, work: &steps)
            guard ContextStack.isTruthy(value) != inverted else { return }
            switch value {
            case .array(let items)? where !inverted:
                frames.append(Frame(kind: .items(items, children: children, position: position),
                                    template: template, exit: .none))
            case let value? where !inverted:
                context.push(value)
                frames.append(Frame(kind: .nodes(children), template: template,
                                    exit: .popContext))
            default:
                frames.append(Frame(kind: .nodes(children), template: template,
                                    exit: .none))
            }

        case .partial(let name, let indentation, let position):
            guard let partial = try loadPartial(name) else { return }
            guard partialDepth < MustacheTemplate.maxPartialDepth else {
                throw Self.recursionError(name, in: templateNames[template], at: position)
            }
            partialDepth += 1
            let outerIndentation = output.indentation
            if let indentation {
                output.indentation += indentation
                output.atLineStart = true
            }
            let partialIndex = templateNames.firstIndex(of: partial.name) ?? templateNames.count
            if partialIndex == templateNames.count { templateNames.append(partial.name) }
            frames.append(Frame(kind: .nodes(partial.nodes), template: partialIndex,
                                exit: .endPartial(outerIndentation: outerIndentation)))
        }
    }

    private mutating func finish(_ exit: Frame.Exit) {
        switch exit {
        case .none:
            break
        case .popContext:
            context.pop()
        case .endPartial(let outerIndentation):
            output.indentation = outerIndentation
            partialDepth -= 1
        }
    }

    /// Called when ``steps`` passes ``maxSteps``: adds the data's allowance once, then fails.
    private mutating func checkSteps() throws(MustacheError) {
        if !countedData {
            countedData = true
            maxSteps += MustacheTemplate.renderStepsPerDataValue * context.bottomValueCount
            if steps <= maxSteps { return }
        }
        throw limitError(
            .renderTooLong, "rendering takes more than \(maxSteps) steps (\(MustacheTemplate.maxRenderSteps) "
                + "plus \(MustacheTemplate.renderStepsPerDataValue) per value in the data)")
    }

    /// A limit error at the innermost list section being repeated, which is usually where a
    /// runaway render multiplies its work, or at the start of the template when there is none.
    private func limitError(_ kind: MustacheError.Kind, _ problem: String) -> MustacheError {
        let inSection = frames.last(where: { if case .items = $0.kind { true } else { false } })
        let advice = switch (kind, inSection != nil) {
        case (.renderTooLong, true):
            " while repeating this section; a section over a list inside a section over the same "
                + "list repeats the whole list for every item, so drop the inner section or name a "
                + "field of the items instead"
        case (.renderTooLong, false):
            "; partials that include other partials many times multiply the work, so include "
                + "fewer of them"
        case (_, true):
            " while repeating this section; render less text per item"
        default:
            "; render less text"
        }
        if let inSection, case .items(_, _, let position) = inSection.kind {
            return MustacheError(kind, in: templateNames[inSection.template], at: position, problem + advice)
        }
        return MustacheError(
            kind, in: frames.first.map { templateNames[$0.template] } ?? "<template>", at: SourcePosition(line: 1, column: 1),
            problem + advice)
    }

    private mutating func loadPartial(_ name: String) throws(MustacheError) -> MustacheTemplate? {
        if let cached = partialCache[name] { return cached }
        var partial: MustacheTemplate?
        if let source = partialSource(name) {
            partial = try MustacheTemplate(source: source, name: name)
        }
        partialCache[name] = .some(partial)
        return partial
    }

    private static func recursionError(
        _ name: String, in templateName: String, at position: SourcePosition
    ) -> MustacheError {
        MustacheError(
            .partialRecursionTooDeep, in: templateName, at: position,
            "partials are nested more than \(MustacheTemplate.maxPartialDepth) deep at "
                + "'{{>\(name)}}'; a partial that includes itself needs a section around the "
                + "tag that ends the recursion, like '{{#children}}{{>\(name)}}{{/children}}'")
    }
}
