/// One step from a container to one of its children.
enum JSONPathComponent: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element.
    case index(Int)
}

/// Renders the JSONPath-like locations used in ``JSONWriterError``:
/// `$` for the root, `.name` for members whose key is an ASCII identifier,
/// `["other key"]` (JSON-escaped) for other members, `[2]` for elements.
enum JSONPath {
    /// The path string for `components`, starting at the root `$`.
    static func render(_ components: [JSONPathComponent]) -> String {
        var path = "$"
        for component in components {
            switch component {
            case .index(let index):
                path += "[" + String(index) + "]"
            case .key(let key) where isIdentifier(key):
                path += "." + key
            case .key(let key):
                var bytes: [UInt8] = []
                JSONWriter.appendQuoted(key, to: &bytes)
                path += "[" + String(decoding: bytes, as: UTF8.self) + "]"
            }
        }
        return path
    }

    /// `true` for ASCII `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isIdentifier(_ key: String) -> Bool {
        var first = true
        for byte in key.utf8 {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            let isDigit = byte >= 0x30 && byte <= 0x39
            if !(isLetter || (!first && isDigit)) { return false }
            first = false
        }
        return !first
    }
}
