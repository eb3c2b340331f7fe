/// A parsed YAML document stored flat: every node is a record in one array, addressed by a
/// ``NodeID``; scalar text is a range of one byte buffer; a collection's children are a range
/// of one entry or item array.
///
/// Nothing in it is reference counted per node, so building, reading and freeing a tree of
/// hundreds of thousands of nodes touches no reference counts and frees a handful of buffers.
/// Scalars become Swift strings only where a caller asks for their ``text(_:)``.
///
/// An alias is stored as the ID of its anchored node, so a node may be a child of several
/// collections; the parser bounds how much aliases expand.
final class YAMLTree: @unchecked Sendable {  // immutable once built; the text buffer is never written after init
    /// A node of the tree.
    struct NodeID: Hashable, Sendable {
        let index: Int
    }

    /// One entry of a mapping: a scalar key and any value.
    struct Entry: Sendable {
        let key: NodeID
        let value: NodeID
    }

    enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    struct Record: Sendable {
        var kind: Kind
        var style: YAMLScalar.Style
        /// For scalars: whether every byte of the text is ASCII.
        var isASCII: Bool
        /// For scalars: the index of an explicit tag in ``tags``, or -1.
        var tag: Int32
        var location: SourceLocation
        /// Scalars: the text's offset in the byte buffer. Mappings: the first entry's index in
        /// ``entryList``. Sequences: the first item's index in ``itemList``.
        var start: Int
        /// Bytes of text, entries or items.
        var count: Int
    }

    let records: [Record]
    let entryList: [Entry]
    let itemList: [NodeID]
    let tags: [String]
    let root: NodeID
    private let text: UnsafeMutableBufferPointer<UInt8>

    init(records: [Record], entryList: [Entry], itemList: [NodeID], tags: [String], text: UnsafeBufferPointer<UInt8>, root: NodeID) {
        self.records = records
        self.entryList = entryList
        self.itemList = itemList
        self.tags = tags
        self.root = root
        self.text = .allocate(capacity: max(text.count, 1))
        _ = self.text.initialize(fromContentsOf: text)
    }

    deinit {
        text.deallocate()
    }

    func kind(_ node: NodeID) -> Kind { records[node.index].kind }

    /// Where the node starts.
    func location(_ node: NodeID) -> SourceLocation { records[node.index].location }

    /// True for plain scalars without a tag, the only kind YAML resolves to null, bool or numbers.
    func isPlain(_ node: NodeID) -> Bool {
        let record = records[node.index]
        return record.kind == .scalar && record.style == .plain && record.tag < 0
    }

    /// Whether a scalar's text is all ASCII.
    func isASCII(_ node: NodeID) -> Bool { records[node.index].isASCII }

    /// A scalar's text as UTF-8 bytes, valid while the tree is alive; empty for collections.
    func bytes(_ node: NodeID) -> UnsafeBufferPointer<UInt8> {
        let record = records[node.index]
        guard record.kind == .scalar else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: text[record.start..<record.start + record.count])
    }

    /// A scalar's text after YAML unescaping and folding; empty for collections.
    func text(_ node: NodeID) -> String {
        String(decoding: bytes(node), as: UTF8.self)
    }

    /// Whether a scalar's text equals `literal` as Swift compares strings. `literal` is ASCII,
    /// so an ASCII text equals it only byte for byte; other text is compared as a string.
    func text(_ node: NodeID, equals literal: String) -> Bool {
        guard records[node.index].isASCII else { return text(node) == literal }
        var literal = literal
        return literal.withUTF8 { bytes(node).hasSameBytes(as: $0) }
    }

    /// What a plain scalar's text means; for any other node, `.string`.
    func plainMeaning(_ node: NodeID) -> PlainScalar {
        isPlain(node) ? PlainScalar.resolve(bytes(node)) : .string
    }

    /// The entries of a mapping; empty for other nodes.
    func entries(_ node: NodeID) -> ArraySlice<Entry> {
        let record = records[node.index]
        guard record.kind == .mapping else { return [] }
        return entryList[record.start..<record.start + record.count]
    }

    /// The items of a sequence; empty for other nodes.
    func items(_ node: NodeID) -> ArraySlice<NodeID> {
        let record = records[node.index]
        guard record.kind == .sequence else { return [] }
        return itemList[record.start..<record.start + record.count]
    }

    /// A short name of the node's kind for messages: "a string", "a list", "a mapping".
    func kindDescription(_ node: NodeID) -> String {
        switch kind(node) {
        case .scalar:
            guard isPlain(node) else { return "a string" }
            return plainMeaning(node).kindDescription
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The node as a self-contained ``YAMLNode`` tree, for callers outside the validator.
    func node(_ node: NodeID) -> YAMLNode {
        let record = records[node.index]
        switch record.kind {
        case .scalar:
            return .scalar(scalar(node))
        case .sequence:
            return .sequence(items(node).map { self.node($0) }, record.location)
        case .mapping:
            return .mapping(entries(node).map { YAMLEntry(key: scalar($0.key), value: self.node($0.value)) }, record.location)
        }
    }

    private func scalar(_ node: NodeID) -> YAMLScalar {
        let record = records[node.index]
        return YAMLScalar(
            text: text(node), style: record.style, tag: record.tag < 0 ? nil : tags[Int(record.tag)], location: record.location)
    }
}
