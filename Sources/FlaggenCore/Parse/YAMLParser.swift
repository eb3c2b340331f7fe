import CYAML

// Unsafe APIs here: libyaml, a C library, reads the manifest's bytes and hands scalars over as C
// pointers.

/// A problem found while reading YAML, with its position.
struct YAMLProblem: Error, Sendable, Hashable {
    /// What is wrong and what to do.
    var message: String
    /// Where it is.
    var location: SourceLocation
}

/// What the parser read: the document, if it could be read, and every problem found.
struct YAMLDocument: Sendable {
    /// The document, flat; `nil` when the file could not be read as one YAML document.
    let tree: YAMLTree?
    /// Problems, in the order found. A document can still come with problems (duplicate keys).
    var problems: [YAMLProblem]
}

/// Reads YAML through libyaml's event API into a ``YAMLTree`` with positions.
///
/// libyaml reports syntax errors; on top of that this parser refuses what YAML allows but a
/// manifest must not have: duplicate keys, complex keys, several documents, deep nesting, and
/// aliases that expand past ``InputLimits/maxAliasExpansion`` ("billion laughs").
struct YAMLParser: Sendable {
    /// Whether NEL, LS and PS pass as the line breaks libyaml takes them for (see
    /// ``ControlCharacters``); refused unless set.
    var acceptsUnicodeLineBreaks = false

    /// Parses UTF-8 bytes. Never traps, whatever the bytes.
    func parse(_ bytes: [UInt8]) -> YAMLDocument {
        if bytes.count > InputLimits.maxFileBytes {
            return failure(
                "the file is larger than the limit of \(InputLimits.maxFileBytes) bytes; split the manifest or remove unused flags",
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
        if let found = ControlCharacters.firstProblem(in: bytes, acceptingLineBreaks: acceptsUnicodeLineBreaks) {
            return failure(found.message, at: found.location)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = EventReader()
            return builder.read(buffer)
        }
    }

    private func failure(_ message: String, at location: SourceLocation) -> YAMLDocument {
        YAMLDocument(tree: nil, problems: [YAMLProblem(message: message, location: location)])
    }
}

/// Turns libyaml events into a ``YAMLTree``. One instance reads one buffer.
struct EventReader {
    /// An open list or mapping. Its children wait on the reader's `openItems` or `openEntries`
    /// from `start` on. A struct updated in place on the reader's `stack`: a class's `var`
    /// fields would pay a runtime exclusivity check on every access.
    private struct Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// Where this collection's children start in `openItems` or `openEntries`.
        let start: Int
        var size = 1
        /// The bytes of text in the scalars below this collection.
        var bytes = 0
        /// The deepest nesting below this collection, counting itself.
        var height = 1
        var pendingKey: YAMLTree.NodeID?
        var pendingKeyIsDuplicate = false
        /// A mapping's keys so far, each where it was first written. Keys are compared as Swift
        /// compares strings, so "\u{E9}" and "e\u{301}" are the same key.
        var keys: [String: SourceLocation] = [:]

        /// What a finished child is to its collection.
        enum Child {
            /// An item of a list.
            case item
            /// A mapping's key; it waits as the pending key for its value.
            case key
            /// The value of the pending key.
            case value(of: YAMLTree.NodeID)
            /// The value of a duplicate key, dropped so that later stages see one.
            case droppedValue
        }

        /// Counts in a finished child of `size` nodes and `bytes` bytes of text, `height` deep,
        /// and tells what it is. One update of the frame, so the stack is checked once.
        mutating func adopt(_ node: YAMLTree.NodeID, size: Int, bytes: Int, height: Int) -> Child {
            self.size += size
            self.bytes += bytes
            self.height = max(self.height, height + 1)
            guard isMapping else { return .item }
            guard let key = pendingKey else {
                pendingKey = node
                return .key
            }
            pendingKey = nil
            if pendingKeyIsDuplicate {
                pendingKeyIsDuplicate = false
                return .droppedValue
            }
            return .value(of: key)
        }
    }

    private struct Anchored {
        var node: YAMLTree.NodeID
        var size: Int
        var bytes: Int
        var height: Int
    }

    private var stack: [Frame] = []
    // The tree being built: see ``YAMLTree``.
    private var records: [YAMLTree.Record] = []
    private var entryList: [YAMLTree.Entry] = []
    private var itemList: [YAMLTree.NodeID] = []
    private var tags: [String] = []
    private var texts: [String] = []
    /// The children of every open list, innermost list's last.
    private var openItems: [YAMLTree.NodeID] = []
    /// The entries of every open mapping, innermost mapping's last.
    private var openEntries: [YAMLTree.Entry] = []
    private var anchors: [String: Anchored] = [:]
    private var expandedByAliases = 0
    /// The text aliases added, in bytes: one long string pasted by thousands of aliases is a
    /// "billion laughs" too, though it adds few nodes.
    private var bytesExpandedByAliases = 0
    private var problems: [YAMLProblem] = []
    private var root: YAMLTree.NodeID?
    private var documents = 0

    /// Reads the buffer and returns the tree, if any, and every problem.
    mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLDocument {
        guard readEvents(buffer), let root else { return YAMLDocument(tree: nil, problems: problems) }
        let tree = YAMLTree(records: records, entryList: entryList, itemList: itemList, tags: tags, texts: texts, root: root)
        return YAMLDocument(tree: tree, problems: problems)
    }

    /// Reads every event; false when reading stopped at a problem (in `problems`).
    private mutating func readEvents(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            problems.append(YAMLProblem(message: "libyaml could not start", location: .startOfFile))
            return false
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        // A node takes at least a few bytes of YAML: room for that many avoids most regrowing.
        records.reserveCapacity(buffer.count / 16)

        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                problems.append(Self.syntaxProblem(parser, in: buffer))
                return false
            }
            defer { yaml_event_delete(&event) }
            let location = SourceLocation(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            do throws(YAMLProblem) {
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return true
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw YAMLProblem(
                            message: "the file holds more than one YAML document ('---'); a manifest is one document",
                            location: location)
                    }
                case YAML_SCALAR_EVENT:
                    let (scalar, bytes) = try addScalar(event.data.scalar, at: location)
                    try add(scalar, size: 1, bytes: bytes, height: 0, anchor: Self.string(event.data.scalar.anchor))
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
            } catch {
                problems.append(error)
                return false
            }
        }
    }

    /// Records a scalar; returns it and the number of bytes of its text.
    private mutating func addScalar(
        _ data: yaml_event_t.__Unnamed_union_data.__Unnamed_struct_scalar, at location: SourceLocation
    ) throws(YAMLProblem) -> (YAMLTree.NodeID, Int) {
        if data.length > InputLimits.maxScalarBytes {
            throw YAMLProblem(
                message: "this string is \(data.length) bytes, more than the limit of \(InputLimits.maxScalarBytes); shorten it",
                location: location)
        }
        // The file is valid UTF-8 (checked before), so decoding changes nothing.
        let text = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
        texts.append(text)
        let style: YAMLTree.ScalarStyle
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        // libyaml reports a plain scalar's non-specific tag `!` as no tag; keep only explicit ones.
        var tag: Int32 = -1
        if let name = Self.string(data.tag) {
            tag = Int32(tags.count)
            tags.append(name)
        }
        records.append(
            YAMLTree.Record(
                kind: .scalar, style: style, tag: tag, location: location, start: texts.count - 1, count: 0))
        return (YAMLTree.NodeID(index: records.count - 1), data.length)
    }

    private mutating func open(isMapping: Bool, at location: SourceLocation, anchor: String?) throws(YAMLProblem) {
        if stack.count >= InputLimits.maxDepth {
            throw YAMLProblem(
                message: "lists and mappings nest more than \(InputLimits.maxDepth) levels deep; flatten the manifest",
                location: location)
        }
        stack.append(
            Frame(
                isMapping: isMapping, location: location, anchor: anchor,
                start: isMapping ? openEntries.count : openItems.count))
    }

    private mutating func close() throws(YAMLProblem) {
        guard let frame = stack.popLast() else { return }
        let record: YAMLTree.Record
        if frame.isMapping {
            let start = entryList.count
            entryList.append(contentsOf: openEntries[frame.start...])
            openEntries.removeSubrange(frame.start...)
            record = YAMLTree.Record(
                kind: .mapping, style: .plain, tag: -1, location: frame.location, start: start, count: entryList.count - start)
        } else {
            let start = itemList.count
            itemList.append(contentsOf: openItems[frame.start...])
            openItems.removeSubrange(frame.start...)
            record = YAMLTree.Record(
                kind: .sequence, style: .plain, tag: -1, location: frame.location, start: start, count: itemList.count - start)
        }
        records.append(record)
        try add(YAMLTree.NodeID(index: records.count - 1), size: frame.size, bytes: frame.bytes, height: frame.height, anchor: frame.anchor)
    }

    private mutating func addAlias(_ name: String, at location: SourceLocation) throws(YAMLProblem) {
        guard let anchored = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                throw YAMLProblem(
                    message: "the alias '*\(name)' is inside the node '&\(name)' it names, which would then contain itself; write the value out",
                    location: location)
            }
            throw YAMLProblem(message: "the alias '*\(name)' names no anchor defined before it; define '&\(name)' first", location: location)
        }
        expandedByAliases += anchored.size
        if expandedByAliases > InputLimits.maxAliasExpansion {
            throw YAMLProblem(
                message: "aliases expand to more than \(InputLimits.maxAliasExpansion) nodes (a \"billion laughs\" document?); write the values out or use fewer aliases",
                location: location)
        }
        bytesExpandedByAliases += anchored.bytes
        if bytesExpandedByAliases > InputLimits.maxFileBytes {
            throw YAMLProblem(
                message: "aliases expand to more than \(InputLimits.maxFileBytes) bytes of text, the limit of the whole file; write the values out or use fewer aliases",
                location: location)
        }
        // An alias pastes a whole subtree here, so it counts toward the nesting depth too.
        if stack.count + anchored.height > InputLimits.maxDepth {
            throw YAMLProblem(
                message: "lists and mappings nest more than \(InputLimits.maxDepth) levels deep once aliases are expanded; flatten the manifest",
                location: location)
        }
        // The alias gets a record of its own, the anchored node's at the alias's place, so a
        // message about it (a duplicate key written as an alias) points at the alias.
        var record = records[anchored.node.index]
        record.location = location
        records.append(record)
        try add(YAMLTree.NodeID(index: records.count - 1), size: anchored.size, bytes: anchored.bytes, height: anchored.height, anchor: nil)
    }

    /// Adds a finished node to the innermost open collection, or makes it the root.
    private mutating func add(_ node: YAMLTree.NodeID, size: Int, bytes: Int, height: Int, anchor: String?) throws(YAMLProblem) {
        if let anchor {
            anchors[anchor] = Anchored(node: node, size: size, bytes: bytes, height: height)
        }
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        switch stack[top].adopt(node, size: size, bytes: bytes, height: height) {
        case .item:
            openItems.append(node)
        case .value(let key):
            openEntries.append(YAMLTree.Entry(key: key, value: node))
        case .droppedValue:
            // A duplicate key was reported already.
            break
        case .key:
            let record = records[node.index]
            guard record.kind == .scalar else {
                let kind = record.kind == .mapping ? "a mapping" : "a list"
                throw YAMLProblem(message: "a mapping key must be a plain string, not \(kind)", location: record.location)
            }
            let key = texts[record.start]
            if let first = stack[top].keys[key] {
                stack[top].pendingKeyIsDuplicate = true
                problems.append(
                    YAMLProblem(message: "duplicate key '\(key)' (first defined at line \(first.line)); remove one of them", location: record.location))
            } else {
                stack[top].keys[key] = record.location
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// The longest key YAML reads without `?` (libyaml refuses a longer one as a syntax error).
    static let maxImplicitKeyCharacters = 1_024

    private static func syntaxProblem(_ parser: yaml_parser_t, in buffer: UnsafeBufferPointer<UInt8>) -> YAMLProblem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let mark = parser.problem_mark
        var message = "YAML syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        // A plain key past libyaml's limit reads as "mapping values are not allowed": the
        // problem is the key's length, not the indentation. (libyaml counts lines and columns
        // in characters; the line is found by its line breaks.)
        var isLongKey = false
        if problem == "mapping values are not allowed in this context" || problem == "could not find expected ':'" {
            let starts = LineEnds.lineStarts(buffer) + [buffer.count]
            if Int(mark.line) + 1 < starts.count {
                let bytes = buffer[starts[Int(mark.line)]..<starts[Int(mark.line) + 1]]
                let line = String(decoding: bytes, as: UTF8.self).unicodeScalars.prefix(Int(mark.column))
                let key = line.drop { $0 == " " || $0 == "-" }
                isLongKey = key.count > maxImplicitKeyCharacters
            }
        }
        if isLongKey {
            message += "; a key written without '?' may be at most \(maxImplicitKeyCharacters) characters (YAML's limit); write a longer one as '? KEY' with ': VALUE' on the next line"
        } else {
            message += "; check indentation, colons and quotes"
        }
        return YAMLProblem(message: message, location: SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
