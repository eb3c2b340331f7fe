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
/// - No output lands in a `.git` folder, whatever the spelling, or through a symlink, nor in
///   another repository below the boundary (a submodule, a nested checkout) that holds a
///   manifest at this manifest's path.
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
    /// The manifest file, to recognize its own outputs under the name it had from another
    /// repository root (``checkReplaceable(_:)``'s message).
    var manifestFile: String?
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
        for file in FileSystem.listing(under: folder, skip: { _ in false }).files {
            protect(file, as: "the template \(file)")
        }
    }

    /// What is wrong with a symlink at an output path, after the path (``check(_:)`` and ``obstacle(at:checkingPermissions:)``).
    private static let symlinkInTheWay =
        "is a symlink, where flaggen generates a file; replacing it would replace the link, not the file it leads to — remove the link, or point 'outputs' at the file itself"

    /// Refuses an output path that breaks one of the rules above; returns where it leads, with
    /// every symlink of its existing part resolved (``resolved(_:)``).
    @discardableResult
    func check(_ path: String) throws(OutputError) -> String {
        let lexical = LexicalPath.standardized(root.appendingPathComponent(path).path)
        if let link = Self.linkLeadingNowhere(on: lexical) { throw OutputError(message: link) }
        if FileSystem.isSymlink(atPath: lexical) { throw OutputError(message: "\(lexical) \(Self.symlinkInTheWay)") }
        let target = Self.resolved(root.appendingPathComponent(path))
        if let refusal = refusal(of: target, named: path, mayBeTheBoundary: false) { throw OutputError(message: refusal) }
        return target
    }

    /// Whether flaggen may remove the files it no longer generates from `folder` (absolute):
    /// where symlinks lead, it holds to the rules an output holds to. A default output folder
    /// that was a link out of the repository was swept, and another repository's file removed.
    func mayRemoveFiles(inFolder folder: String) -> Bool {
        refusal(of: Self.resolved(URL(fileURLWithPath: folder, isDirectory: true)), named: folder, mayBeTheBoundary: true) == nil
    }

    /// Why nothing may be written (or removed) at `target`, where `path` leads once symlinks are
    /// resolved: outside the boundary (or, unless `mayBeTheBoundary`, the boundary itself),
    /// inside a `.git` folder, or an input of the run or inside one; nil when it may.
    private func refusal(of target: String, named path: String, mayBeTheBoundary: Bool) -> String? {
        let base = Self.resolved(boundary ?? root)
        guard LexicalPath.isInside(target, base), mayBeTheBoundary || !target.utf8.elementsEqual(base.utf8) else {
            return "\(path) would be written to \(target), outside \(boundaryName) \(base) (through '..' or a symlink); flaggen writes only inside it — point 'outputs' elsewhere"
        }
        if Self.leadsIntoGit(target) {
            return "\(path) would be written to \(target), inside a .git folder; flaggen never writes there — point 'outputs' elsewhere"
        }
        // A submodule or a nested checkout with a manifest at the same path inside it (both
        // `flags.yaml`): its generated files and this manifest's would name the same manifest
        // in their headers, and each generate would replace or sweep the other's.
        if let nested = LexicalPath.ancestors(of: target).first(where: {
            $0.utf8.count > base.utf8.count && FileSystem.itemKind(atPath: LexicalPath.joined($0, ".git")) != nil
                && FileSystem.itemKind(atPath: LexicalPath.joined($0, manifestName)) != nil
        }) {
            return "\(path) would be written to \(target), inside another repository (\(nested) has its own .git and its own \(manifestName), so the headers of its generated files and of these would both name \(manifestName), and flaggen could not tell them apart); generate that repository's files from its own manifest, and point 'outputs' elsewhere"
        }
        for candidate in LexicalPath.ancestors(of: target) {
            if let identity = FileSystem.identity(atPath: candidate), let input = protected[identity] {
                let role = candidate == target ? "is" : "would be written inside"
                return "\(path) \(role) \(input) (through a symlink, a link or another spelling of its path); flaggen never writes over its own input — point 'outputs' elsewhere"
            }
        }
        return nil
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
        let header = GeneratedFileOwner.header(start: start, end: end, path: path)
            ?? GeneratedFileOwner.headerIgnoringLineEnds(start: start, end: end, path: path)
        guard let header else {
            throw OutputError(
                message: "\(path) exists and was not generated by flaggen from \(manifestName) (it does not begin with flaggen's header); flaggen never overwrites other files — move it away or point 'outputs' elsewhere")
        }
        if acceptsAnyFlaggenFile || header.names(header.isLegacy ? LexicalPath.lastComponent(of: manifestName) : manifestName) { return }
        // One manifest named from two roots: `ios/flags.yaml` from the repository, `flags.yaml`
        // from its own folder when the checkout has no .git (an archive, a Docker context).
        if isThisManifest(namedFromAnotherRoot: header.manifest) {
            throw OutputError(
                message: "\(path) was generated by flaggen from \(header.manifest), but this run names the manifest \(manifestName): flaggen names a manifest by its path from the repository root, the nearest folder above it with .git (else with Package.swift, else its own folder), and that root is not where it was — run flaggen in a checkout with its .git folder, or move these outputs away, then generate and commit them under the new name")
        }
        throw OutputError(
            message: "\(path) was generated by flaggen from \(header.manifest), not from \(manifestName); two manifests cannot share an output file — give each manifest its own 'outputs' paths")
    }

    /// Whether `name`, which names nothing from the manifest's repository root, read from
    /// another folder above the manifest is the manifest file itself.
    private func isThisManifest(namedFromAnotherRoot name: String) -> Bool {
        guard let manifestFile, let identity = FileSystem.identity(atPath: manifestFile), let real = FileSystem.realPath(manifestFile),
            real.hasSuffix("/" + manifestName)
        else { return false }
        let root = String(real.dropLast(manifestName.count + 1))
        if FileSystem.identity(atPath: LexicalPath.joined(root, name)) != nil { return false }
        return LexicalPath.ancestors(of: LexicalPath.parent(of: real)).contains {
            FileSystem.identity(atPath: LexicalPath.joined($0, name)) == identity
        }
    }

    /// Whether `path` lies in a `.git` folder, whatever its case (macOS volumes ignore it).
    static func leadsIntoGit(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.lowercased() == ".git" }
    }

    /// A symlink that leads nowhere at `path` (absolute) or at a folder on its way, as a message
    /// that says what to do; nil when there is none.
    private static func linkLeadingNowhere(on path: String) -> String? {
        for candidate in LexicalPath.ancestors(of: path) where FileSystem.isSymlink(atPath: candidate) && FileSystem.itemKind(atPath: candidate) == nil {
            let what = candidate == path ? "where flaggen generates a file" : "where flaggen needs a folder for \(path)"
            return "\(candidate) is a symlink that leads nowhere, \(what); remove the link or change 'outputs' in the manifest"
        }
        return nil
    }

    /// What at an output's destination `path` (absolute) would stop `generate` from writing
    /// it, as a message that says what to do; nil when nothing is there and the nearest folder
    /// above it takes new files, or a file flaggen may replace is (``checkReplaceable(_:)``).
    /// `check` reports the same, but without `checkingPermissions`: whether this process may
    /// create files there is not the checkout's state (a read-only CI checkout), so a missing
    /// file stays "missing".
    func obstacle(at path: String, checkingPermissions: Bool = true) -> String? {
        if let link = Self.linkLeadingNowhere(on: path) { return link }
        if FileSystem.isSymlink(atPath: path) { return "\(path) \(Self.symlinkInTheWay)" }
        switch FileSystem.itemKind(atPath: path) {
        case .directory?:
            return "\(path) is a folder, but flaggen generates a file there; move the folder or change 'outputs' in the manifest"
        case .other?:
            return "\(path) is not a regular file (a pipe, socket or device), but flaggen generates a file there; move it away or change 'outputs' in the manifest"
        case .file?:
            do throws(OutputError) {
                try checkReplaceable(path)
                return nil
            } catch {
                return error.message
            }
        case nil:
            // Nothing there, or nothing reachable: the nearest thing above that exists must be
            // a folder flaggen can create files in.
            for ancestor in LexicalPath.ancestors(of: LexicalPath.parent(of: path)) {
                if let kind = FileSystem.itemKind(atPath: ancestor) {
                    if kind != .directory {
                        let what = kind == .file ? "a file" : "not a folder (a pipe, socket or device)"
                        return "\(ancestor) is \(what), where flaggen needs a folder for \(path); move it away or change 'outputs' in the manifest"
                    }
                    // check: whether files may be created is not the checkout's state, but a file
                    // behind a folder flaggen may not enter is not "missing" either.
                    guard checkingPermissions else {
                        return FileSystem.unreachable(path).map { "\(path) cannot be examined: a folder on its way does not let flaggen in (\($0)); check its permissions" }
                    }
                    return FileSystem.cannotWrite(inFolder: ancestor).map { "cannot create \(path): the folder \(ancestor) does not let flaggen in (\($0)); check its permissions" }
                }
            }
            return nil
        }
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
