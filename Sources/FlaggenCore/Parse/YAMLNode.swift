/// A YAML scalar exactly as written: its text, how it was quoted, and where it starts.
struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written. Only plain scalars are resolved to null, bool or numbers.
    enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

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

/// A YAML node with its source position, as a self-contained tree: what ``YAMLDocument/root``
/// gives callers outside the validator, which reads the parser's flat ``YAMLTree`` instead.
///
/// Aliases are resolved into copies of the anchored node; the parser bounds how much aliases
/// may expand.
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

    /// A short name of the node's kind for messages: "a string", "a list", "a mapping".
    var kindDescription: String {
        switch self {
        case .scalar(let scalar):
            guard scalar.isPlain else { return "a string" }
            return PlainScalar.resolve(scalar.text).kindDescription
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
