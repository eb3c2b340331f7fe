import Foundation
import PackagePlugin

/// Finding a target's flags.yaml, shared by the build and command plugins (symlinked into each,
/// and copied into the prebuilt plugin package by Scripts/release.sh).
enum ManifestLookup {
    /// The manifest's file name.
    static let fileName = "flags.yaml"

    /// The flags.yaml files among a target's files (a symlink counts), sorted by path: a
    /// package target's source files, or the files that are members of an Xcode target.
    static func manifests(in files: FileList) -> [URL] {
        files.map(\.url).filter { $0.lastPathComponent == fileName }.sorted { $0.path < $1.path }
    }

    /// The template folder the manifest names with a top-level `templates:` line, if any,
    /// resolved against the manifest's folder (a relative path; flaggen refuses others). A line scan, not a YAML parse: plugins cannot
    /// link libyaml, and flaggen itself validates the manifest when the command runs.
    static func templateFolder(of manifest: URL) -> URL? {
        // Only a regular file of at most flaggen's 16 MiB limit (a pipe would block the build);
        // flaggen itself says what is wrong with anything else.
        guard let values = try? manifest.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true,
            (values.fileSize ?? 0) <= 16 * 1024 * 1024, let text = try? String(contentsOf: manifest, encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("templates:") {
            var value = line.dropFirst("templates:".count).trimmingCharacters(in: .whitespaces)
            if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            // An absolute folder is refused by flaggen itself, which says why.
            guard !value.isEmpty, !value.hasPrefix("/") else { return nil }
            return manifest.deletingLastPathComponent().appendingPathComponent(value, isDirectory: true)
        }
        return nil
    }

    /// The templates (`*.mustache`) under a folder, for declaring template overrides as build
    /// inputs: at most 1,000, at most four folders deep (a template folder holds a few files in
    /// `swift/` and `kotlin/`; a `templates:` that names the disk's root must not make every
    /// build walk it).
    static func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if enumerator.level > 4 { enumerator.skipDescendants() }
            if url.pathExtension == "mustache" { files.append(url) }
            if files.count >= 1_000 { break }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A plugin failure with a message SwiftPM prints.
struct PluginError: Error, CustomStringConvertible {
    var description: String
}
