/// A parsed template as one flat list of instructions, which rendering walks by index.
///
/// A section's body is the run of instructions between its ``Instruction/section(name:inverted:end:position:)``
/// and the matching ``Instruction/sectionEnd(start:)``, so repeating a section jumps back rather
/// than copying nodes. Instructions hold only integers, so reading one retains nothing; the
/// literal text lives in one byte buffer, the names and partial tags in side tables.
/// A name is a range of ``nameParts`` rather than an array of its own, so a lookup reads its
/// parts in place instead of copying (and retaining) a name.
struct Program: Sendable {
    /// One step of a template.
    enum Instruction: Sendable {
        /// Literal text: `text[start..<end]`.
        case text(start: Int, end: Int)
        /// `{{name}}`, `{{{name}}}` or `{{& name}}`: the parts `nameParts[names[name]]`.
        case variable(name: Int, escapesHTML: Bool)
        /// `{{.}}`, `{{{.}}}` or `{{& .}}`: the top of the context stack. Apart from
        /// ``variable(name:escapesHTML:)`` because it needs no lookup, and renders every line
        /// of a list of strings.
        case implicitIterator(escapesHTML: Bool)
        /// `{{#name}}` or `{{^name}}` (`inverted`); `end` is the index of the matching
        /// ``sectionEnd(start:)``, `position` the opening tag's.
        case section(name: Int, inverted: Bool, end: Int, position: SourcePosition)
        /// The end of a section's body; `start` is the index of its ``section(name:inverted:end:position:)``.
        case sectionEnd(start: Int)
        /// `{{> name}}`: `partials[index]`.
        case partial(Int)
    }

    /// A partial tag: the partial's name, the indentation before a standalone tag (`nil`
    /// otherwise) and the tag's position.
    struct PartialTag: Sendable {
        var name: String
        var indentation: String?
        var position: SourcePosition
    }

    private(set) var instructions: [Instruction] = []
    /// The UTF-8 bytes of all literal text, in order.
    private(set) var text: [UInt8] = []
    /// Each name's parts, as a range of ``nameParts``; empty for the implicit iterator `.`.
    private(set) var names: [Range<Int>] = []
    /// The parts of all names, in order.
    private(set) var nameParts: [String] = []
    private(set) var partials: [PartialTag] = []
    /// Where each name is in ``names``, so a name used by many tags is stored once.
    private var nameIndices: [[String]: Int] = [:]

    mutating func appendText(_ string: String) {
        let start = text.count
        text.append(contentsOf: string.utf8)
        instructions.append(.text(start: start, end: text.count))
    }

    /// Appends `{{name}}`, the name as its parts (none for `.`, the implicit iterator).
    mutating func appendVariable(_ name: [String], escapesHTML: Bool) {
        if name.isEmpty {
            instructions.append(.implicitIterator(escapesHTML: escapesHTML))
        } else {
            instructions.append(.variable(name: index(of: name), escapesHTML: escapesHTML))
        }
    }

    /// Appends a section's opening instruction and returns its index, for ``closeSection(openedAt:)``.
    mutating func openSection(_ name: [String], inverted: Bool, position: SourcePosition) -> Int {
        instructions.append(.section(name: index(of: name), inverted: inverted, end: -1, position: position))
        return instructions.count - 1
    }

    /// Appends the end of the section opened at `start` and points its opening instruction at it.
    mutating func closeSection(openedAt start: Int) {
        guard case .section(let name, let inverted, _, let position) = instructions[start] else {
            preconditionFailure("instruction \(start) does not open a section")
        }
        instructions[start] = .section(name: name, inverted: inverted, end: instructions.count, position: position)
        instructions.append(.sectionEnd(start: start))
    }

    mutating func appendPartial(_ tag: PartialTag) {
        partials.append(tag)
        instructions.append(.partial(partials.count - 1))
    }

    private mutating func index(of name: [String]) -> Int {
        if let index = nameIndices[name] { return index }
        names.append(nameParts.count..<nameParts.count + name.count)
        nameParts.append(contentsOf: name)
        nameIndices[name] = names.count - 1
        return names.count - 1
    }
}
