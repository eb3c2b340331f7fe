@testable import FlaggenCore

// A nested, self-contained view of the parser's flat `YAMLTree`, for tests that match on the
// shape of a parsed document. The library itself reads only the flat tree.

/// A YAML scalar exactly as written: its text, how it was quoted, and where it starts.
struct YAMLScalar: Sendable, Hashable {
    typealias Style = YAMLTree.ScalarStyle

    /// The scalar's text after YAML unescaping and folding.
    var text: String
    /// How it was written.
    var style: Style
    /// An explicit tag such as `!!str`, if one was written.
    var tag: String?
    /// Where the scalar starts.
    var location: SourceLocation

    /// True for plain scalars, the only kind YAML resolves to null, bool or numbers.
    var isPlain: Bool { style == .plain && tag == nil }
}

/// One entry of a YAML mapping: a scalar key and any value.
struct YAMLEntry: Sendable, Hashable {
    /// The key, always a scalar (flaggen refuses complex keys).
    var key: YAMLScalar
    /// The value.
    var value: YAMLNode
}

/// A YAML node with its source position. Aliases are resolved into copies of the anchored node.
enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode], SourceLocation)
    case mapping([YAMLEntry], SourceLocation)

    /// Where the node starts.
    var location: SourceLocation {
        switch self {
        case .scalar(let scalar): scalar.location
        case .sequence(_, let location), .mapping(_, let location): location
        }
    }
}

extension YAMLDocument {
    /// The root node; `nil` when the file could not be read as one YAML document.
    var root: YAMLNode? { tree.map { $0.node($0.root) } }
}

extension YAMLTree {
    /// The node as a self-contained ``YAMLNode`` tree.
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
