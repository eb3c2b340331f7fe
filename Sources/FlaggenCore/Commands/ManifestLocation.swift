#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a manifest lives: its path (its folder's symlinks resolved) and the repository around
/// it.
///
/// The manifest is taken where it is named, as outputs and `templates:` are: a manifest that is
/// itself a symlink lives where the link is. The repository is the nearest folder above it that
/// holds `.git` (a folder, or the file a worktree or submodule has); without one, the nearest
/// that holds a `Package.swift` (a package unpacked from an archive); without either, the
/// manifest's own folder. Generated files name the manifest by its path inside the repository
/// (`server/flags.yaml`), which is the same on every clone and tells two manifests named
/// `flags.yaml` apart. A manifest's `templates:` folder must stay inside the repository.
struct ManifestLocation: Sendable, Hashable {
    /// The manifest's absolute path, with the symlinks of its folder resolved.
    var path: String
    /// The repository's absolute path with every symlink resolved.
    var repositoryRoot: String

    /// The manifest's path relative to the repository root, with `/` separators.
    var pathInRepository: String {
        String(decoding: path.utf8.dropFirst(LexicalPath.joined(repositoryRoot, "").utf8.count), as: UTF8.self)
    }

    /// The location of the manifest at `path`; nil when its folder does not exist.
    static func of(manifestAt path: String) -> ManifestLocation? {
        guard let folder = FileSystem.realPath(LexicalPath.parent(of: path)) else { return nil }
        let manifest = LexicalPath.joined(folder, LexicalPath.lastComponent(of: path))
        return ManifestLocation(path: manifest, repositoryRoot: repositoryRoot(around: folder))
    }

    /// The repository around `folder` (a real path), as described above.
    static func repositoryRoot(around folder: String) -> String {
        for marker in [".git", "Package.swift"] {
            if let root = LexicalPath.ancestors(of: folder).first(where: { FileSystem.itemKind(atPath: LexicalPath.joined($0, marker)) != nil }) {
                return root
            }
        }
        return folder
    }
}
