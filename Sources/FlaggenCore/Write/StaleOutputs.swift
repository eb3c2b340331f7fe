#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a run may remove because the manifest no longer generates them (a removed config's
/// schema, a seed of a server left out of `outputs.servers`), and the rules that keep every other
/// file safe. A file is stale only when all of these hold:
///
/// - it lies directly in the folder of an output this run selected (`--only swift` never looks
///   at the Kotlin, schema or seed folders), where the manifest puts it now or where it would
///   by default (a manifest that moved the output, or turned the Swift off for the build
///   plugin, left its file there: beside the plugin's, a second `Flags.swift` fails the build);
/// - that folder, where symlinks lead, holds to the rules of outputs
///   (``OutputGuard/mayRemoveFiles(inFolder:)``: inside the repository, not in `.git`);
/// - its name is one the selected output writes: `*.swift` for Swift, `*.kt` for Kotlin,
///   `*.schema.json` for schemas, a seed's own file name for seeds;
/// - the manifest generates no output there now, of any kind;
/// - it is not one of them under another name (a spelling that differs only by case on a
///   case-insensitive volume, a hard link): compared by file identity;
/// - it is a regular file that begins with flaggen's header naming this same manifest, in the
///   header's place (``GeneratedFileOwner``, which reads only the ends of the file).
struct StaleOutputs: Sendable {
    /// The folders to look in (absolute, standardized), each with the output kind whose files it
    /// may hold.
    var folders: [(path: String, kind: OutputKind)]
    /// Every file the manifest generates now, of every kind (absolute, standardized).
    var current: Set<String>
    /// The manifest as headers name it.
    var manifestName: String

    /// The stale files of a run of `kinds` for `manifest`, with outputs under `root` and the
    /// rules of `rules`.
    init(manifest: Manifest, kinds: [OutputKind], root: URL, manifestName: String, rules: OutputGuard) {
        let rootPath = root.path
        func absolute(_ path: String) -> String { LexicalPath.standardized(LexicalPath.joined(rootPath, path)) }
        var byDefault = manifest
        byDefault.outputs = OutputPaths()
        var folders: [(path: String, kind: OutputKind)] = []
        for kind in kinds {
            let generator = Generator(kinds: [kind])
            let paths = generator.plannedPaths(for: manifest) + generator.plannedPaths(for: byDefault)
            let allowed = Set(paths.map { LexicalPath.parent(of: absolute($0)) }).filter(rules.mayRemoveFiles(inFolder:))
            folders += allowed.sorted().map { ($0, kind) }
        }
        self.folders = folders
        self.current = Set(Generator(kinds: OutputKind.allCases).plannedPaths(for: manifest).map(absolute))
        self.manifestName = manifestName
    }

    /// The stale files, sorted by folder, then name.
    func files() -> [String] {
        // On macOS `flags.swift` is the current `Flags.swift` when only the case changed.
        let currentFiles = Set(current.compactMap(FileSystem.identity(atPath:)))
        var stale: [String] = []
        for (folder, kind) in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && Generator.outputKind(ofFileNamed: name) == kind {
                let path = LexicalPath.joined(folder, name)
                guard !current.contains(path), !stale.contains(path) else { continue }
                // Not through a symlink: removing the link would not be removing flaggen's file.
                guard !FileSystem.isSymlink(atPath: path), let identity = FileSystem.identity(atPath: path), !currentFiles.contains(identity),
                    let header = GeneratedFileOwner.header(ofFileAtPath: path), header.names(manifestName), !header.isLegacy
                else { continue }
                stale.append(path)
            }
        }
        return stale
    }
}
