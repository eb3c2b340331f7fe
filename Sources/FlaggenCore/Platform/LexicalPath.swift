/// Absolute paths handled as text, the way `URL.standardizedFileURL` handles them (`.` and empty
/// components dropped, `..` taking away the component before it, no symlinks resolved), without
/// building a `URL` for each: `generate` asks for a few hundred of them after every run.
enum LexicalPath {
    /// `path` with `.` and empty components removed and each `..` applied to the component
    /// before it (at the root, `..` stays at the root). A relative path stays relative.
    static func standardized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// The folder `path` is in (`/` for a file at the root).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `name` inside `folder`.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
