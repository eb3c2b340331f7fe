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
    /// resolved against the manifest's folder (a relative path; flaggen refuses others) with its
    /// symlinks resolved, as flaggen resolves it. A symlinked manifest is read where the link
    /// leads, but its folder is the link's: flaggen reads `templates:` (and `outputs:`) from
    /// where the link is. A line scan, not a YAML parse: plugins cannot link libyaml, and
    /// flaggen itself validates the manifest when the command runs.
    static func templateFolder(of manifest: URL) -> URL? {
        // Only a regular file (or a symlink to one) of at most flaggen's 16 MiB limit (a pipe
        // would block the build); flaggen itself says what is wrong with anything else.
        let file = manifest.resolvingSymlinksInPath()
        guard let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true,
            (values.fileSize ?? 0) <= 16 * 1024 * 1024, let text = try? String(contentsOf: file, encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("templates:") {
            var value = line.dropFirst("templates:".count).trimmingCharacters(in: .whitespaces)
            if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            // An absolute folder is refused by flaggen itself, which says why.
            guard !value.isEmpty, !value.hasPrefix("/") else { return nil }
            return manifest.deletingLastPathComponent().appendingPathComponent(value, isDirectory: true).resolvingSymlinksInPath()
        }
        return nil
    }

    /// Whether the target declaration `name: "target"` in Package.swift's `text` applies the
    /// plugin `plugin` (its name appears in the parentheses of that `.target(…)` call). A text
    /// scan, not a Swift parse: it reads the declarations packages write, and parentheses in
    /// string literals could mislead it; a plugin list kept in a variable is not seen (such a
    /// manifest says `outputs.swift: false`, docs/swiftpm.md).
    static func applies(_ plugin: String, to target: String, in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let needle = Array("name: \"\(target)\"".unicodeScalars)
        var index = 0
        while index + needle.count <= scalars.count {
            defer { index += 1 }
            guard scalars[index..<(index + needle.count)].elementsEqual(needle) else { continue }
            // The call the name is an argument of: the nearest open parenthesis before it...
            var depth = 0
            var start = index - 1
            while start >= 0 {
                if scalars[start] == ")" { depth += 1 }
                if scalars[start] == "(" {
                    if depth == 0 { break }
                    depth -= 1
                }
                start -= 1
            }
            // A target's declaration (`.target(`, `.executableTarget(`, `.testTarget(`), not
            // `Package(name: "MyApp", …)`, whose parentheses hold every target of the package.
            guard start >= 0 else { continue }
            var word = start
            while word > 0, scalars[word - 1].properties.isAlphabetic { word -= 1 }
            let callee = String(String.UnicodeScalarView(scalars[word..<start]))
            guard callee == "target" || callee.hasSuffix("Target") else { continue }
            // ...to the parenthesis that closes it.
            depth = 0
            var end = start
            while end < scalars.count {
                if scalars[end] == "(" { depth += 1 }
                if scalars[end] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            var call = String.UnicodeScalarView()
            call.append(contentsOf: scalars[start..<min(end + 1, scalars.count)])
            if String(call).contains("\"\(plugin)\"") { return true }
        }
        return false
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
