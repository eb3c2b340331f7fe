#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks every output passes before flaggen opens its path, for `generate` and `check`
/// alike, and the one rule for replacing a file that is already there.
///
/// - An output stays inside its boundary once symlinks are resolved: the manifest's repository
///   for the paths a manifest gives, or the folder the command line names (`--output-dir`,
///   `--swift-file`), which is trusted itself, though links below it are not.
/// - An output path is never a symlink: replacing it would replace the link, not the file.
/// - No output lands in a `.git` folder, whatever the spelling, or through a symlink.
/// - No output is, or lies inside, an input of the run: the manifest, the template folder or a
///   template, compared by file identity, so no symlink, hard link or other spelling of a path
///   on a case-insensitive volume can make flaggen write over its own input.
/// - A file already at an output path is replaced only when it begins with flaggen's header
///   naming this same manifest (``GeneratedFileOwner``).
struct OutputGuard: Sendable {
    /// The folder output paths are relative to.
    var root: URL
    /// The folder every output must stay inside (``root`` unless set).
    var boundary: URL?
    /// How to name the boundary in messages.
    var boundaryName = "the output folder"
    /// The manifest as headers name it; only files whose header names it are replaced.
    var manifestName: String
    /// Whether any file flaggen generated may be replaced, whatever manifest its header names:
    /// true for `--swift-file`, the build plugin's own work folder, where a file generated
    /// before the manifest moved (or before flaggen named manifests by their path) must not
    /// break the build.
    var acceptsAnyFlaggenFile = false
    /// What each output must never be, nor lie inside: the run's inputs, and the repository's
    /// `.git` folder, each with how to name it in a message.
    var protected: [FileSystem.FileIdentity: String] = [:]

    /// A guard for outputs under `root` from the manifest named `manifestName` in headers.
    init(root: URL, manifestName: String) {
        self.root = root
        self.manifestName = manifestName
    }

    /// Protects the file or folder at `path`, named `description` in messages.
    mutating func protect(_ path: String, as description: String) {
        if let identity = FileSystem.identity(atPath: path) { protected[identity] = description }
    }

    /// Protects the template folder and every template flaggen could read from it (following
    /// symlinks, as reading them does).
    mutating func protectTemplates(in folder: String, library: TemplateLibrary) {
        protect(folder, as: "the template folder \(folder)")
        for name in TemplateLibrary.builtInNames {
            if let url = library.overrideURL(for: name) { protect(url.path, as: "the template \(url.path)") }
        }
        for file in FileSystem.files(under: folder, skip: { _ in false }) {
            protect(file, as: "the template \(file)")
        }
    }

    /// Refuses an output path that breaks one of the rules above.
    func check(_ path: String) throws(OutputError) {
        let lexical = LexicalPath.standardized(root.appendingPathComponent(path).path)
        if FileSystem.isSymlink(atPath: lexical) {
            throw OutputError(
                message: "\(lexical) is a symlink, where flaggen generates a file; replacing it would replace the link, not the file it leads to — remove the link, or point 'outputs' at the file itself")
        }
        let target = Self.resolved(root.appendingPathComponent(path))
        let base = Self.resolved(boundary ?? root)
        guard LexicalPath.isInside(target, base), target != base else {
            throw OutputError(
                message: "\(path) would be written to \(target), outside \(boundaryName) \(base) (through '..' or a symlink); flaggen writes only inside it — point 'outputs' elsewhere")
        }
        if target.split(separator: "/").contains(where: { $0.lowercased() == ".git" }) {
            throw OutputError(message: "\(path) would be written to \(target), inside a .git folder; flaggen never writes there — point 'outputs' elsewhere")
        }
        var candidate = target
        while true {
            if let identity = FileSystem.identity(atPath: candidate), let input = protected[identity] {
                let role = candidate == target ? "is" : "would be written inside"
                throw OutputError(
                    message: "\(path) \(role) \(input) (through a symlink, a link or another spelling of its path); flaggen never writes over its own input — point 'outputs' elsewhere")
            }
            let parent = LexicalPath.parent(of: candidate)
            if parent == candidate { break }
            candidate = parent
        }
    }

    /// Refuses to replace the file at `path` (absolute) unless flaggen generated it from this
    /// manifest; reads only the ends of the file. Also accepted: the same header with CRLF line
    /// ends or a byte order mark (a checkout with `core.autocrlf`), the header of flaggen before
    /// 0.2 naming the manifest's file name, and, with ``acceptsAnyFlaggenFile``, any flaggen
    /// header.
    func checkReplaceable(_ path: String) throws(OutputError) {
        guard let (start, end) = FileSystem.readEnds(ofRegularFileAtPath: path, count: GeneratedFileOwner.headerBytes) else {
            throw OutputError(message: "\(path) exists but cannot be read (\(FileSystem.lastErrorText())); check its permissions")
        }
        let header = GeneratedFileOwner.header(start: start, end: end) ?? GeneratedFileOwner.headerIgnoringLineEnds(start: start, end: end)
        guard let header else {
            throw OutputError(
                message: "\(path) exists and was not generated by flaggen from \(manifestName) (it does not begin with flaggen's header); flaggen never overwrites other files — move it away or point 'outputs' elsewhere")
        }
        if acceptsAnyFlaggenFile || header.manifest == (header.isLegacy ? LexicalPath.lastComponent(of: manifestName) : manifestName) { return }
        throw OutputError(
            message: "\(path) was generated by flaggen from \(header.manifest), not from \(manifestName); two manifests cannot share an output file — give each manifest its own 'outputs' paths")
    }

    /// The path with every symlink of its existing part resolved; parts that do not exist yet
    /// are appended as they are.
    static func resolved(_ url: URL) -> String {
        var existing = LexicalPath.standardized(url.path)
        var rest: [String] = []
        while FileSystem.realPath(existing) == nil, existing != "/" {
            rest.insert(String(existing.split(separator: "/").last ?? ""), at: 0)
            existing = LexicalPath.parent(of: existing)
        }
        var path = FileSystem.realPath(existing) ?? existing
        for component in rest { path = LexicalPath.joined(path, component) }
        return path
    }
}
