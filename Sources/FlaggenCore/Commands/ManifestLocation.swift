#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a manifest lives: the real file (every symlink resolved) and the repository around it.
///
/// The repository is the nearest folder above the real file that holds `.git` (a folder, or the
/// file a worktree or submodule has); without one, the manifest's own folder. Generated files
/// name the manifest by its path inside the repository (`server/flags.yaml`), which is the same
/// on every clone and tells two manifests named `flags.yaml` apart. A manifest's `templates:`
/// folder must stay inside the repository.
struct ManifestLocation: Sendable, Hashable {
    /// The manifest's absolute path with every symlink resolved.
    var realPath: String
    /// The repository's absolute path with every symlink resolved.
    var repositoryRoot: String

    /// The manifest's path relative to the repository root, with `/` separators.
    var pathInRepository: String {
        String(decoding: realPath.utf8.dropFirst(LexicalPath.joined(repositoryRoot, "").utf8.count), as: UTF8.self)
    }

    /// The location of the manifest at `path`; nil when there is no file there.
    static func of(manifestAt path: String) -> ManifestLocation? {
        guard let realPath = FileSystem.realPath(path) else { return nil }
        let folder = LexicalPath.parent(of: realPath)
        var candidate = folder
        while true {
            if FileSystem.itemKind(atPath: LexicalPath.joined(candidate, ".git")) != nil {
                return ManifestLocation(realPath: realPath, repositoryRoot: candidate)
            }
            let parent = LexicalPath.parent(of: candidate)
            if parent == candidate { break }
            candidate = parent
        }
        return ManifestLocation(realPath: realPath, repositoryRoot: folder)
    }

    /// Whether `realPath`, an absolute path with symlinks resolved, is inside the repository (or
    /// is its root).
    func containsInRepository(_ path: String) -> Bool {
        path == repositoryRoot || path.hasPrefix(LexicalPath.joined(repositoryRoot, ""))
    }
}
