/// Rules for output paths written in a manifest: they stay inside the manifest's folder.
///
/// A path given on the command line (such as the build plugin's work directory) is trusted;
/// a path written in a manifest is not, since anyone who can edit the manifest could otherwise
/// make flaggen overwrite files anywhere.
enum OutputPathRules {
    /// Why `path` is refused, or nil when it is acceptable.
    static func problem(with path: String) -> String? {
        if let problem = absolutePathProblem(path) {
            return "must be a path relative to the manifest's folder, not \(problem.dropFirst("must not be ".count))"
        }
        let components = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") {
            return "must stay inside the manifest's folder; '..' is not allowed ('\(path)')"
        }
        // Any spelling: macOS volumes ignore case, so `.GIT/hooks` is the repository's hooks.
        if components.contains(where: { $0.lowercased() == ".git" }) {
            return "must not lead into a .git folder, where a file could change how git runs ('\(path)')"
        }
        if components.isEmpty || components.allSatisfy({ $0 == "." }) {
            return "must name a file or folder below the manifest's folder, found '\(path)'"
        }
        if path.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) || $0 == "\t" }) {
            return "must not contain control characters, line separators or bidirectional marks"
        }
        return nil
    }

    /// Why `path` is refused as an absolute path (`/x`, `\\x`, `C:x`), or nil when it is relative.
    static func absolutePathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") || path.hasPrefix("\\") || (path.count > 1 && path.dropFirst().first == ":") else { return nil }
        return "must not be an absolute path ('\(path)')"
    }

    /// The path with `.` components and repeated separators removed, for comparing claims.
    static func normalized(_ path: String) -> String {
        // The usual ASCII path as bytes: splitting by Character costs about 20,000 instructions
        // a path, and `generate` normalizes each of its outputs (208 at 10,000 flags).
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            return path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).filter { $0 != "." }.joined(separator: "/")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for component in path.utf8.split(whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            if component.count == 1, component.first == UInt8(ascii: ".") { continue }
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "/")) }
            bytes.append(contentsOf: component)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
