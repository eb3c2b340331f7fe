/// Rules for output paths written in a manifest: relative to the manifest's folder, and (checked
/// when writing, once symlinks are resolved, by ``OutputGuard``) inside its repository.
///
/// A path given on the command line (such as the build plugin's work directory) is trusted;
/// a path written in a manifest is not, since anyone who can edit the manifest could otherwise
/// make flaggen overwrite files anywhere.
enum OutputPathRules {
    /// Why `path` is refused, or nil when it is acceptable. `fileName` is the usual name of the
    /// file an entry names (`Flags.kt`), for the hint when the path ends in `/`; nil for the
    /// entries that name a folder (`schemas`, `seeds`), which may.
    static func problem(with path: String, fileName: String?) -> String? {
        if isAbsolute(path) {
            return "must be a path relative to the manifest's folder, not an absolute path ('\(path)')"
        }
        // macOS and Linux read `\` as part of a name, so `a\b.kt` would be one file named so.
        if path.contains("\\") {
            return "must separate folders with '/', not '\\' ('\(path)'): on macOS and Linux a backslash is part of a file's name"
        }
        let components = path.split(separator: "/")
        if let fileName, path.hasSuffix("/") || components.last == "." || components.last == ".." {
            let folder = path.hasSuffix("/") ? path : path + "/"
            return "names a file, so it must end in a file name, not '/', '.' or '..' ('\(path)'); add one, such as '\(folder)\(fileName)'"
        }
        if fileName != nil, let name = components.last, let problem = OutputWriter.fileNameProblem(String(name)) {
            return problem
        }
        if let long = components.first(where: { $0.utf8.count > 255 }) {
            return "holds a name of \(long.utf8.count) bytes, and a file or folder name holds at most 255: shorten it"
        }
        // macOS takes at most 1,024 bytes in a path (PATH_MAX), the repository's own included.
        if path.utf8.count > 1_000 {
            return "is \(path.utf8.count) bytes long; keep it to 1,000 or fewer, as macOS takes at most 1,024 bytes in a whole path"
        }
        // Any spelling: macOS volumes ignore case, so `.GIT/hooks` is the repository's hooks.
        if components.contains(where: { $0.lowercased() == ".git" }) {
            return "must not lead into a .git folder, where a file could change how git runs ('\(path)')"
        }
        if !namesAFolderOfItsOwn(components) {
            return "must name a file or folder, not a folder above the manifest or the manifest's own, found '\(path)'"
        }
        if path.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) || $0 == "\t" }) {
            return "must not contain control characters, line separators or bidirectional marks"
        }
        return nil
    }

    /// Whether the path, read as text, ends neither where it starts (`x/..`) nor above it
    /// (`../..`): `x/../y` and `../server` do. (On disk, ``Generate`` checks again: `../app`
    /// from `app/` is where it started.)
    private static func namesAFolderOfItsOwn(_ components: [Substring]) -> Bool {
        var depth = 0
        for component in components where component != "." {
            depth = component == ".." ? max(depth - 1, 0) : depth + 1
        }
        return depth > 0
    }

    /// Whether `path` is absolute: `/x`, `\\x` or `C:x`.
    static func isAbsolute(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("\\") || (path.count > 1 && path.dropFirst().first == ":")
    }
}
