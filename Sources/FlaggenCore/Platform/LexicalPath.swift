/// Absolute paths handled as text, the way `URL.standardizedFileURL` handles them (`.` and empty
/// components dropped, `..` taking away the component before it, no symlinks resolved), without
/// building a `URL` for each: `generate` asks for a few hundred of them after every run.
enum LexicalPath {
    /// `path` with `.` and empty components removed and each `..` applied to the component
    /// before it (at the root, `..` stays at the root). A relative path stays relative and keeps
    /// the `..`s that lead out of it.
    static func standardized(_ path: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var components: [Substring.UTF8View] = []
        for component in path.utf8.split(separator: slash, omittingEmptySubsequences: true) {
            if component.count == 1, component.first == dot { continue }
            if component.count == 2, component.first == dot, component.last == dot {
                if let last = components.last, !(last.count == 2 && last.first == dot && last.last == dot) {
                    components.removeLast()
                    continue
                }
                if path.utf8.first == slash { continue }
            }
            components.append(component)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        for component in components {
            if !bytes.isEmpty || path.utf8.first == slash { bytes.append(slash) }
            bytes.append(contentsOf: component)
        }
        if bytes.isEmpty, path.utf8.first == slash { bytes.append(slash) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folder `path` is in (`/` for a file at the root), cut at its last `/` byte.
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// `path`, then each folder above it, up to `/` (or `.` for a relative path).
    static func ancestors(of path: String) -> [String] {
        var paths = [path]
        while let last = paths.last, parent(of: last) != last { paths.append(parent(of: last)) }
        return paths
    }

    /// The last component of `path` (all of it when it has no `/`).
    static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: path.utf8[path.utf8.index(after: slash)...], as: UTF8.self)
    }

    /// Whether `path` is `folder` or lies inside it; both absolute and standardized (with
    /// symlinks resolved, for a question about where a file really is).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        // By bytes, as Linux compares names: Swift's `==` takes a canonically equivalent spelling
        // (`e` and U+0301 for `é`, the Kelvin sign for `K`) for the same folder, where Linux has
        // two. (Paths from `realpath` are spelled as the disk spells them, on macOS too.)
        path.utf8.elementsEqual(folder.utf8) || path.utf8.starts(with: joined(folder, "").utf8)
    }

    /// `name` inside `folder`.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
