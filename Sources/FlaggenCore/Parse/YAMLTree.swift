/// A parsed YAML document stored flat: every node is a record in one array, addressed by a
/// ``NodeID``; a scalar's text is an element of one array of strings; a collection's children
/// are a range of one entry or item array. Flat, so the validator reads a node by index and
/// keeps positions without a class per node.
///
/// An alias is stored as the ID of its anchored node, so a node may be a child of several
/// collections; the parser bounds how much aliases expand.
final class YAMLTree: Sendable {
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

    /// How a scalar was written. Only plain scalars are resolved to null, bool or numbers.
    enum ScalarStyle: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    struct Record: Sendable {
        var kind: Kind
        /// For scalars: how it was written. Collections are `.plain`.
        var style: ScalarStyle
        /// For scalars: the index of an explicit tag in ``tags``, or -1.
        var tag: Int32
        var location: SourceLocation
        /// Scalars: the text's index in ``texts``. Mappings: the first entry's index in
        /// ``entryList``. Sequences: the first item's index in ``itemList``.
        var start: Int
        /// Mappings and sequences: how many entries or items.
        var count: Int
    }

    let records: [Record]
    let entryList: [Entry]
    let itemList: [NodeID]
    let tags: [String]
    let root: NodeID
    /// The scalars' texts, after YAML unescaping and folding.
    let texts: [String]

    init(records: [Record], entryList: [Entry], itemList: [NodeID], tags: [String], texts: [String], root: NodeID) {
        self.records = records
        self.entryList = entryList
        self.itemList = itemList
        self.tags = tags
        self.texts = texts
        self.root = root
    }

    func kind(_ node: NodeID) -> Kind { records[node.index].kind }

    /// Where the node starts.
    func location(_ node: NodeID) -> SourceLocation { records[node.index].location }

    /// How a scalar is written (plain for collections).
    func style(_ node: NodeID) -> ScalarStyle { records[node.index].style }

    /// True for plain scalars without a tag, the only kind YAML resolves to null, bool or numbers.
    func isPlain(_ node: NodeID) -> Bool {
        let record = records[node.index]
        return record.kind == .scalar && record.style == .plain && record.tag < 0
    }

    /// A scalar's text after YAML unescaping and folding; empty for collections.
    func text(_ node: NodeID) -> String {
        let record = records[node.index]
        return record.kind == .scalar ? texts[record.start] : ""
    }

    /// What a plain scalar's text means; for any other node, `.string`.
    func plainMeaning(_ node: NodeID) -> PlainScalar {
        isPlain(node) ? PlainScalar.resolve(text(node)) : .string
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
}
