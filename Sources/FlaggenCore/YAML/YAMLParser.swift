import CYAML

/// A problem found while reading YAML, with its position.
public struct YAMLProblem: Error, Sendable, Hashable {
    /// What is wrong and what to do.
    public var message: String
    /// Where it is.
    public var location: SourceLocation
}

/// What the parser read: the document, if it could be read, and every problem found.
public struct YAMLDocument: Sendable {
    /// The root node; `nil` when the file could not be read as one YAML document.
    public var root: YAMLNode?
    /// Problems, in the order found. A non-nil root can still come with problems (duplicate keys).
    public var problems: [YAMLProblem]
}

/// Reads YAML through libyaml's event API into ``YAMLNode`` trees with positions.
///
/// libyaml reports syntax errors; on top of that this parser refuses what YAML allows but a
/// manifest must not have: duplicate keys, complex keys, several documents, deep nesting, and
/// aliases that expand past ``InputLimits/maxAliasExpansion`` ("billion laughs").
public struct YAMLParser: Sendable {
    /// The bounds applied while parsing.
    public var limits: InputLimits

    /// Creates a parser with the given limits.
    public init(limits: InputLimits = .default) {
        self.limits = limits
    }

    /// Parses UTF-8 bytes. Never traps, whatever the bytes.
    public func parse(_ bytes: [UInt8]) -> YAMLDocument {
        if bytes.count > limits.maxFileBytes {
            return failure(
                "the file is larger than the limit of \(limits.maxFileBytes) bytes; split the manifest or remove unused flags",
                at: .startOfFile)
        }
        if let invalid = UTF8Check.firstInvalidByte(in: bytes) {
            return failure(
                "the file is not valid UTF-8 (byte 0x\(String(invalid.byte, radix: 16, uppercase: true)) at offset \(invalid.offset)); save it as UTF-8",
                at: invalid.location)
        }
        if bytes.isEmpty {
            return failure("the file is empty; a manifest starts with 'version: 1'", at: .startOfFile)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = EventReader(limits: limits)
            return builder.read(buffer)
        }
    }

    private func failure(_ message: String, at location: SourceLocation) -> YAMLDocument {
        YAMLDocument(root: nil, problems: [YAMLProblem(message: message, location: location)])
    }
}

/// Turns libyaml events into nodes. One instance reads one buffer.
private struct EventReader {
    /// An open list or mapping. A class, so updating the innermost one never copies it. Its
    /// children wait on the reader's `items` or `entries` stack from `start` on.
    private final class Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// Where this collection's children start in `items` or `entries`.
        let start: Int
        var size = 1
        /// The bytes of text in the scalars below this collection.
        var bytes = 0
        /// The deepest nesting below this collection, counting itself.
        var height = 1
        var pendingKey: YAMLScalar?
        var pendingKeyFingerprint = KeyFingerprint.none
        var pendingKeyIsDuplicate = false
        /// Set once a mapping has ``EventReader/indexedFrom`` keys.
        var keyIndex: MappingKeyIndex?

        init(isMapping: Bool, location: SourceLocation, anchor: String?, start: Int) {
            self.isMapping = isMapping
            self.location = location
            self.anchor = anchor
            self.start = start
        }
    }

    private struct Anchored {
        var node: YAMLNode
        var size: Int
        var bytes: Int
        var height: Int
    }

    /// Mappings with this many keys look keys up in a ``MappingKeyIndex``; smaller ones (a flag's
    /// fields) compare fingerprints one by one, which is cheaper than hashing.
    private static let indexedFrom = 12

    let limits: InputLimits
    private var stack: [Frame] = []
    /// The children of every open list, innermost list's last.
    private let items = ChildStack<YAMLNode>()
    /// The entries of every open mapping, innermost mapping's last, and their keys' fingerprints.
    private let entries = ChildStack<YAMLEntry>()
    private var fingerprints: [KeyFingerprint] = []
    private var anchors: [String: Anchored] = [:]
    private var expandedByAliases = 0
    /// The text aliases added, in bytes: one long string pasted by thousands of aliases is a
    /// "billion laughs" too, though it adds few nodes.
    private var bytesExpandedByAliases = 0
    private var problems: [YAMLProblem] = []
    private var root: YAMLNode?
    private var documents = 0

    init(limits: InputLimits) {
        self.limits = limits
    }

    mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLDocument {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return YAMLDocument(root: nil, problems: [YAMLProblem(message: "libyaml could not start", location: .startOfFile)])
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                return fatal(Self.syntaxProblem(parser))
            }
            defer { yaml_event_delete(&event) }
            let location = SourceLocation(
                line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            do {
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return YAMLDocument(root: root, problems: problems)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw YAMLProblem(
                            message: "the file holds more than one YAML document ('---'); a manifest is one document",
                            location: location)
                    }
                case YAML_SCALAR_EVENT:
                    let scalar = try makeScalar(event.data.scalar, at: location)
                    try add(.scalar(scalar), size: 1, bytes: scalar.text.utf8.count, height: 0, anchor: Self.string(event.data.scalar.anchor))
                case YAML_ALIAS_EVENT:
                    try addAlias(Self.string(event.data.alias.anchor) ?? "", at: location)
                case YAML_SEQUENCE_START_EVENT:
                    try open(isMapping: false, at: location, anchor: Self.string(event.data.sequence_start.anchor))
                case YAML_MAPPING_START_EVENT:
                    try open(isMapping: true, at: location, anchor: Self.string(event.data.mapping_start.anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try close()
                default:
                    break
                }
            } catch let problem as YAMLProblem {
                return fatal(problem)
            } catch {
                return fatal(YAMLProblem(message: "\(error)", location: location))
            }
        }
    }

    private mutating func fatal(_ problem: YAMLProblem) -> YAMLDocument {
        problems.append(problem)
        return YAMLDocument(root: nil, problems: problems)
    }

    private func makeScalar(_ data: yaml_event_t.__Unnamed_union_data.__Unnamed_struct_scalar, at location: SourceLocation) throws -> YAMLScalar {
        if data.length > limits.maxScalarBytes {
            throw YAMLProblem(
                message: "this string is \(data.length) bytes, more than the limit of \(limits.maxScalarBytes); shorten it",
                location: location)
        }
        let text: String
        if let value = data.value {
            text = String(decoding: UnsafeBufferPointer(start: value, count: data.length), as: UTF8.self)
        } else {
            text = ""
        }
        let style: YAMLScalar.Style
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        // libyaml reports a plain scalar's non-specific tag `!` as no tag; keep only explicit ones.
        let tag = Self.string(data.tag)
        return YAMLScalar(text: text, style: style, tag: tag, location: location)
    }

    private mutating func open(isMapping: Bool, at location: SourceLocation, anchor: String?) throws {
        if stack.count >= limits.maxDepth {
            throw YAMLProblem(
                message: "lists and mappings nest more than \(limits.maxDepth) levels deep; flatten the manifest",
                location: location)
        }
        stack.append(Frame(isMapping: isMapping, location: location, anchor: anchor, start: isMapping ? entries.count : items.count))
    }

    private mutating func close() throws {
        guard let frame = stack.popLast() else { return }
        let node: YAMLNode
        if frame.isMapping {
            node = .mapping(entries.moveOut(from: frame.start), frame.location)
            fingerprints.removeLast(fingerprints.count - frame.start)
        } else {
            node = .sequence(items.moveOut(from: frame.start), frame.location)
        }
        try add(node, size: frame.size, bytes: frame.bytes, height: frame.height, anchor: frame.anchor)
    }

    private mutating func addAlias(_ name: String, at location: SourceLocation) throws {
        guard let anchored = anchors[name] else {
            throw YAMLProblem(message: "the alias '*\(name)' names no anchor defined before it; define '&\(name)' first", location: location)
        }
        expandedByAliases += anchored.size
        if expandedByAliases > limits.maxAliasExpansion {
            throw YAMLProblem(
                message: "aliases expand to more than \(limits.maxAliasExpansion) nodes (a \"billion laughs\" document?); write the values out or use fewer aliases",
                location: location)
        }
        bytesExpandedByAliases += anchored.bytes
        if bytesExpandedByAliases > limits.maxFileBytes {
            throw YAMLProblem(
                message: "aliases expand to more than \(limits.maxFileBytes) bytes of text, the limit of the whole file; write the values out or use fewer aliases",
                location: location)
        }
        // An alias pastes a whole subtree here, so it counts toward the nesting depth too.
        if stack.count + anchored.height > limits.maxDepth {
            throw YAMLProblem(
                message: "lists and mappings nest more than \(limits.maxDepth) levels deep once aliases are expanded; flatten the manifest",
                location: location)
        }
        try add(anchored.node, size: anchored.size, bytes: anchored.bytes, height: anchored.height, anchor: nil)
    }

    /// Adds a finished node to the innermost open collection, or makes it the root.
    private mutating func add(_ node: YAMLNode, size: Int, bytes: Int, height: Int, anchor: String?) throws {
        if let anchor {
            anchors[anchor] = Anchored(node: node, size: size, bytes: bytes, height: height)
        }
        guard let top = stack.last else {
            root = node
            return
        }
        top.size += size
        top.bytes += bytes
        top.height = max(top.height, height + 1)
        guard top.isMapping else {
            items.append(node)
            return
        }
        if let key = top.pendingKey {
            // A duplicate key was reported already; its value is dropped so later stages see one.
            if !top.pendingKeyIsDuplicate { appendEntry(YAMLEntry(key: key, value: node), to: top) }
            top.pendingKey = nil
            top.pendingKeyIsDuplicate = false
            return
        }
        guard case .scalar(let key) = node else {
            throw YAMLProblem(message: "a mapping key must be a plain string, not \(node.kindDescription)", location: node.location)
        }
        let fingerprint = KeyFingerprint(key.text)
        top.pendingKey = key
        top.pendingKeyFingerprint = fingerprint
        if let first = firstLocation(of: key.text, fingerprint: fingerprint, in: top) {
            top.pendingKeyIsDuplicate = true
            problems.append(
                YAMLProblem(
                    message: "duplicate key '\(key.text)' (first defined at line \(first.line)); remove one of them",
                    location: key.location))
        }
    }

    /// Appends an entry with a new key to `mapping`, the innermost one, indexing the keys of a
    /// large mapping.
    private mutating func appendEntry(_ entry: YAMLEntry, to mapping: Frame) {
        entries.append(entry)
        fingerprints.append(mapping.pendingKeyFingerprint)
        let count = entries.count - mapping.start
        if let index = mapping.keyIndex {
            index.insert(count - 1, fingerprint: mapping.pendingKeyFingerprint, entries: entries.elements(from: mapping.start))
        } else if count >= Self.indexedFrom {
            mapping.keyIndex = MappingKeyIndex(entries: entries.elements(from: mapping.start), fingerprints: fingerprints[mapping.start...])
        }
    }

    /// Where a key equal to `text` was first seen in `mapping`, the innermost one, or nil for a
    /// new key. Keys already read are the keys of its entries (a duplicate's value is dropped, so
    /// each key is there once, at its first position).
    private func firstLocation(of text: String, fingerprint: KeyFingerprint, in mapping: Frame) -> SourceLocation? {
        let keys = entries.elements(from: mapping.start)
        if let index = mapping.keyIndex {
            return index.position(of: text, fingerprint: fingerprint, entries: keys).map { keys[$0].key.location }
        }
        for position in keys.indices
        where fingerprints[mapping.start + position].mayEqual(fingerprint) && keys[position].key.text == text {
            return keys[position].key.location
        }
        return nil
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func syntaxProblem(_ parser: yaml_parser_t) -> YAMLProblem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let mark = parser.problem_mark
        var message = "YAML syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        message += "; check indentation, colons and quotes"
        return YAMLProblem(message: message, location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
