import FlaggenJSON

/// Walks a parsed template against a context stack, loading partials on demand.
///
/// Iterative, with an explicit stack of frames instead of recursion, so neither deep
/// templates nor deep data can overflow the call stack, even on a thread with a small
/// stack. Partials are still capped at ``MustacheTemplate/maxPartialDepth`` so a partial
/// that includes itself fails with a clear error instead of running until memory runs out.
struct Renderer<Partials: PartialProvider> {
    private let partials: Partials
    private let options: MustacheTemplate.Options
    private var context: ContextStack
    private(set) var output = Output()
    /// Parsed partials by name; `nil` for a name the provider does not know.
    private var partialCache: [String: MustacheTemplate?] = [:]
    private var partialDepth = 0
    private var frames: [Frame] = []

    /// Work in progress: a node list to render, or a list value to iterate a section over.
    private struct Frame {
        enum Kind {
            case nodes([Node])
            case items([JSONValue], children: [Node])
        }

        /// What to undo when a `nodes` frame is finished.
        enum Exit {
            case none
            case popContext
            case endPartial(outerIndentation: String)
        }

        var kind: Kind
        var templateName: String
        var exit: Exit
        /// The index of the next node or item.
        var next = 0
    }

    init(context: JSONValue, partials: Partials, options: MustacheTemplate.Options) {
        self.context = ContextStack(context)
        self.partials = partials
        self.options = options
    }

    mutating func render(_ template: MustacheTemplate) throws(MustacheError) {
        frames = [Frame(kind: .nodes(template.nodes), templateName: template.name, exit: .none)]
        while let frame = frames.last {
            let index = frame.next
            switch frame.kind {
            case .nodes(let nodes):
                guard index < nodes.count else {
                    frames.removeLast()
                    finish(frame.exit)
                    continue
                }
                frames[frames.count - 1].next = index + 1
                try render(nodes[index], in: frame.templateName)

            case .items(let items, let children):
                guard index < items.count else {
                    frames.removeLast()
                    continue
                }
                frames[frames.count - 1].next = index + 1
                context.push(items[index])
                frames.append(Frame(kind: .nodes(children), templateName: frame.templateName,
                                    exit: .popContext))
            }
        }
    }

    /// Writes a text or variable node, or pushes the frame that renders a section or partial.
    private mutating func render(_ node: Node, in templateName: String) throws(MustacheError) {
        switch node {
        case .text(let text):
            output.writeTemplateText(text)

        case .variable(let name, let escapesHTML):
            guard let value = context.lookup(name) else { return }
            let text = ValueFormatting.text(for: value)
            output.writeValue(escapesHTML && options.escapesHTML
                              ? ValueFormatting.escapeHTML(text) : text)

        case .section(let name, let inverted, let children):
            let value = context.lookup(name)
            guard ContextStack.isTruthy(value) != inverted else { return }
            switch value {
            case .array(let items)? where !inverted:
                frames.append(Frame(kind: .items(items, children: children),
                                    templateName: templateName, exit: .none))
            case let value? where !inverted:
                context.push(value)
                frames.append(Frame(kind: .nodes(children), templateName: templateName,
                                    exit: .popContext))
            default:
                frames.append(Frame(kind: .nodes(children), templateName: templateName,
                                    exit: .none))
            }

        case .partial(let name, let indentation, let position):
            guard let partial = try loadPartial(name) else { return }
            guard partialDepth < MustacheTemplate.maxPartialDepth else {
                throw Self.recursionError(name, in: templateName, at: position)
            }
            partialDepth += 1
            let outerIndentation = output.indentation
            if let indentation {
                output.indentation += indentation
                output.atLineStart = true
            }
            frames.append(Frame(kind: .nodes(partial.nodes), templateName: partial.name,
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

    private mutating func loadPartial(_ name: String) throws(MustacheError) -> MustacheTemplate? {
        if let cached = partialCache[name] { return cached }
        var partial: MustacheTemplate?
        if let source = partials.partial(named: name) {
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
