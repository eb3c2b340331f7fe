import FlaggenJSON

/// Walks a parsed template against a context stack, loading partials on demand.
///
/// Iterative, with explicit stacks of sections and partials instead of recursion, so neither deep
/// templates nor deep data can overflow the call stack, even on a thread with a small
/// stack. Partials are still capped at ``MustacheTemplate/maxPartialDepth`` so a partial
/// that includes itself fails with a clear error instead of running until memory runs out.
///
/// Not generic over the partial provider: the provider is wrapped in a closure, so this type
/// is concrete and compiled (and optimized) once in this module, instead of running as
/// unspecialized generic code when a client module renders.
struct Renderer: ~Copyable {
    private let partialSource: (String) -> String?
    private let partialDisplayName: (String) -> String
    /// Whether `{{name}}` escapes HTML (see ``MustacheTemplate/render(_:partials:escapesHTML:)``).
    private let escapesHTML: Bool
    /// The render's data, the bottom of the context stack.
    private let data: JSONValue
    var output = Output()
    /// Where each parsed partial is in ``programs``, by name; `nil` for a name the provider
    /// does not know.
    private var partialPrograms: [String: Int?] = [:]
    private var partialDepth = 0
    /// The template and the partials loaded so far (each once); ``Section/program`` and
    /// ``PartialCall/program`` index it.
    private var programs: [Program] = []
    /// The names of ``programs``, for error messages.
    private var templateNames: [String] = []
    /// The sections being rendered, innermost last.
    private var sections: [Section] = []
    /// The partials being rendered, innermost last.
    private var partialCalls: [PartialCall] = []
    /// How many steps are allowed (see ``MustacheTemplate/maxRenderSteps``). The steps taken
    /// are counted in a local variable of ``render(_:)``, which the compiler keeps in a
    /// register. The allowance for the data is added as the steps pass the base limit,
    /// counting only as many of the data's values as the steps need, so renders that stay
    /// under it never count them.
    private var maxSteps = MustacheTemplate.maxRenderSteps
    /// The data's values counted so far (none until the steps pass the base limit).
    private var dataValues: ValueCounter

    /// A section whose body is being rendered.
    private struct Section {
        /// For a section over a list: the list, and the index of the item being rendered.
        var items: [JSONValue]?
        var itemIndex = 0
        /// Whether the section pushed a value on the context stack (a list item, or the value
        /// of a section over anything else that is truthy).
        var pushedContext: Bool
        /// Where the opening tag is, for errors: the program and the position in its source.
        var program: Int
        var position: SourcePosition
    }

    /// A partial being rendered: where to continue once it ends.
    private struct PartialCall {
        var program: Int
        var returnAddress: Int
        var outerIndentation: String
    }

    init(context: JSONValue, partials: some PartialProvider, escapesHTML: Bool) {
        self.data = context
        self.dataValues = ValueCounter(context)
        self.partialSource = { partials.partial(named: $0) }
        self.partialDisplayName = { partials.displayName(ofPartial: $0) }
        self.escapesHTML = escapesHTML
    }

    /// Renders the template's instructions, jumping back over a section's body for each item.
    ///
    /// Counts steps as a walk over the template's tree would: one per text, tag and list item,
    /// one for the end of each section body and of each template, plus the frames and parts
    /// that lookups search (see ``MustacheTemplate/maxRenderSteps``).
    mutating func render(_ template: MustacheTemplate) throws(MustacheError) {
        programs = [template.program]
        templateNames = [template.name]
        var programIndex = 0
        var program = template.program
        // A local variable rather than a property, so that lookups can read its top value in
        // place (see ``ContextStack``).
        var context = ContextStack(data)
        var steps = 0
        var address = 0
        while true {
            try takeStep(&steps)
            guard address < program.instructions.count else {
                guard let call = partialCalls.popLast() else { return }
                output.indentation = call.outerIndentation
                partialDepth -= 1
                programIndex = call.program
                program = programs[programIndex]
                address = call.returnAddress
                continue
            }
            switch program.instructions[address] {
            case .text(let start, let end):
                output.writeTemplateText(program.text[start..<end])
                address += 1

            case .variable(let name, let tagEscapes):
                if let value = lookup(name, in: program, context: context, steps: &steps) {
                    write(value, escapingHTML: tagEscapes && escapesHTML)
                }
                address += 1

            case .implicitIterator(let tagEscapes):
                let escapes = tagEscapes && escapesHTML
                if case .string(let string) = context.top, !escapes {
                    // The usual case, a list of lines: written from the top of the stack in
                    // place, without copying the value out.
                    output.writeValue(string)
                } else {
                    write(context.top, escapingHTML: escapes)
                }
                address += 1

            case .section(let name, let inverted, let end, let position):
                let value = lookup(name, in: program, context: context, steps: &steps)
                guard ContextStack.isTruthy(value) != inverted else {
                    address = end + 1
                    continue
                }
                if inverted {
                    sections.append(Section(items: nil, pushedContext: false, program: programIndex, position: position))
                } else if case .array(let items)? = value {
                    sections.append(Section(items: items, pushedContext: true, program: programIndex, position: position))
                    // The first item's step; a truthy list is never empty.
                    try takeStep(&steps)
                    context.push(items[0])
                } else {
                    // Truthy, so not `nil`.
                    context.push(value!)
                    sections.append(Section(items: nil, pushedContext: true, program: programIndex, position: position))
                }
                address += 1

            case .sectionEnd(let start):
                let top = sections.count - 1
                guard let itemCount = sections[top].items?.count else {
                    if sections[top].pushedContext { context.pop() }
                    sections.removeLast()
                    address += 1
                    continue
                }
                // The next item's step, or the step that finds the list exhausted.
                try takeStep(&steps)
                let next = sections[top].itemIndex + 1
                guard next < itemCount else {
                    // A section over a list always pushes its item.
                    context.pop()
                    sections.removeLast()
                    address += 1
                    continue
                }
                sections[top].itemIndex = next
                context.replaceTop(with: sections[top].items![next])
                address = start + 1

            case .partial(let index):
                let tag = program.partials[index]
                address += 1
                guard let partialProgram = try loadPartial(tag.name) else { continue }
                guard partialDepth < MustacheTemplate.maxPartialDepth else {
                    throw Self.recursionError(
                        tag.name, in: templateNames[programIndex], at: tag.position,
                        insideSection: sections.last?.program == programIndex)
                }
                partialDepth += 1
                partialCalls.append(PartialCall(program: programIndex, returnAddress: address, outerIndentation: output.indentation))
                if let indentation = tag.indentation {
                    output.indentation += indentation
                    output.atLineStart = true
                }
                programIndex = partialProgram
                program = programs[programIndex]
                address = 0
            }
        }
    }

    /// Writes an interpolated value.
    @inline(__always)
    private mutating func write(_ value: JSONValue, escapingHTML: Bool) {
        if case .string(let string) = value, !escapingHTML {
            output.writeValue(string)
        } else {
            let text = ValueFormatting.text(for: value)
            output.writeValue(escapingHTML ? ValueFormatting.escapeHTML(text) : text)
        }
    }

    /// The value of `program.names[name]` in the context stack (see
    /// ``ContextStack/lookup(_:work:)``).
    @inline(__always)
    private func lookup(_ name: Int, in program: Program, context: ContextStack, steps: inout Int) -> JSONValue? {
        let range = program.names[name]
        return context.lookup(program.nameParts[range], work: &steps)
    }

    /// Counts one step, and checks the limits: the steps, and the output's size.
    @inline(__always)
    private mutating func takeStep(_ steps: inout Int) throws(MustacheError) {
        steps += 1
        if steps > maxSteps { try checkSteps(steps) }
        if output.bytes.count > MustacheTemplate.maxOutputBytes {
            throw limitError(.outputTooLarge, "the rendered text is larger than the limit of "
                + "\(MustacheTemplate.maxOutputBytes) bytes")
        }
    }

    /// Called when the steps taken pass ``maxSteps``: counts more of the data's values, and fails
    /// once all of them are counted and the steps still exceed the allowance.
    private mutating func checkSteps(_ steps: Int) throws(MustacheError) {
        let perValue = MustacheTemplate.renderStepsPerDataValue
        // Enough values for the steps taken, and a margin so this runs again only after
        // thousands more steps.
        let needed = (steps - MustacheTemplate.maxRenderSteps + perValue - 1) / perValue
        dataValues.count(upTo: needed + Self.valueCountingMargin)
        maxSteps = MustacheTemplate.maxRenderSteps + perValue * dataValues.count
        if steps <= maxSteps { return }
        throw limitError(
            .renderTooLong, "rendering takes more than \(maxSteps) steps (\(MustacheTemplate.maxRenderSteps) "
                + "plus \(MustacheTemplate.renderStepsPerDataValue) per value in the data)")
    }

    /// How many values past the current need ``checkSteps(_:)`` counts at a time.
    private static let valueCountingMargin = 4096

    /// A limit error at the innermost list section being repeated, which is usually where a
    /// runaway render multiplies its work, or at the start of the template when there is none.
    private func limitError(_ kind: MustacheError.Kind, _ problem: String) -> MustacheError {
        let inSection = sections.last(where: { $0.items != nil })
        let advice = switch (kind, inSection != nil) {
        case (.renderTooLong, true):
            " while repeating this section; a section over a list inside a section over the same "
                + "list repeats the whole list for every item, so drop the inner section or name a "
                + "field of the items instead"
        case (.renderTooLong, false) where programs.count > 1:
            "; partials that include other partials many times multiply the work, so include "
                + "fewer of them"
        case (.renderTooLong, false):
            "; the template itself takes that many (a step per piece of text and per tag, and one more "
                + "per enclosing section a name is looked up in), so split it or nest fewer sections"
        case (_, true):
            " while repeating this section; render less text per item"
        default:
            "; render less text"
        }
        if let inSection {
            return MustacheError(kind, in: templateNames[inSection.program], at: inSection.position, problem + advice)
        }
        return MustacheError(
            kind, in: templateNames.first ?? "<template>", at: SourcePosition(line: 1, column: 1), problem + advice)
    }

    /// The index in ``programs`` of the partial called `name`, parsing it the first time.
    private mutating func loadPartial(_ name: String) throws(MustacheError) -> Int? {
        if let cached = partialPrograms[name] { return cached }
        var index: Int?
        if let source = partialSource(name) {
            let partial = try MustacheTemplate(source: source, name: partialDisplayName(name))
            programs.append(partial.program)
            templateNames.append(partial.name)
            index = programs.count - 1
        }
        partialPrograms[name] = .some(index)
        return index
    }

    /// `insideSection`: whether the tag is in a section of its own template, which already is
    /// the way to end a recursion, so the data is what does not end.
    private static func recursionError(
        _ name: String, in templateName: String, at position: SourcePosition, insideSection: Bool
    ) -> MustacheError {
        let depth = MustacheTemplate.maxPartialDepth
        let advice = insideSection
            ? ", inside a section that has a value at every level: the data must end, in false, null or an "
                + "empty list, within \(depth) levels (a name an inner object lacks is looked up in the outer "
                + "ones, so give the innermost object the name with null)"
            : "; a partial that includes itself needs a section around the tag that ends the recursion, "
                + "like '{{#children}}{{>\(name)}}{{/children}}'"
        return MustacheError(
            .partialRecursionTooDeep, in: templateName, at: position,
            "partials are nested more than \(depth) deep at '{{>\(name)}}'" + advice)
    }
}
