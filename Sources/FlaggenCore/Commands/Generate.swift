#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen generate` and the in-memory half of `flaggen check`: read the manifest, validate it,
/// render every output, and (for generate) write the files that changed.
public struct Generate: Sendable {
    /// The manifest path, as the user gave it.
    public var manifestPath: String
    /// A folder to put outputs under instead of the manifest's folder (trusted: it comes from
    /// the command line, such as a build plugin's work directory).
    public var outputDirectory: String?
    /// A template override folder from the command line; wins over the manifest's `templates:`.
    public var templatesDirectory: String?
    /// Which outputs to produce.
    public var kinds: [OutputKind] = OutputKind.allCases
    /// Write the Swift output to exactly this file (trusted: from the command line, such as the
    /// build plugin's work directory). Only with `kinds == [.swift]`.
    public var swiftFile: String?
    /// Whether the build plugin makes the Swift in every build: the run treats the manifest as
    /// `outputs.swift: false` (no Swift file, and one at the default path is stale), as the
    /// command plugins ask for a target that applies FlagGenPlugin.
    public var swiftFromBuildPlugin = false
    /// The command messages give for regenerating, when flaggen runs for someone who has no
    /// flaggen at hand: the command plugins give `swift package … generate-flags --target T`.
    public var callersFixCommand: String?
    /// The manifest's text to generate from instead of the file's (`flaggen remove` generates
    /// from its edited manifest before writing it); the file's path still names it.
    var manifestBytes: [UInt8]?

    /// Creates a run for a manifest.
    public init(manifestPath: String) {
        self.manifestPath = manifestPath
    }

    /// What a generation run produced before writing: diagnostics, and the files when the
    /// manifest was valid.
    public struct Rendered: Sendable {
        /// Validation diagnostics (warnings, or errors when `files` is empty).
        public var diagnostics: [Diagnostic]
        /// The rendered files, relative to `root`.
        public var files: [GeneratedFile]
        /// The folder the paths are relative to.
        var root: URL
        /// Files this run may remove as no longer generated; nil when the manifest is invalid.
        var stale: StaleOutputs?
        /// The rules outputs follow (which file may be replaced); nil when the manifest is invalid.
        var rules: OutputGuard?
    }

    /// What a `generate` run wrote.
    public struct Written: Sendable {
        /// Validation diagnostics (warnings, or errors when nothing was written).
        public var diagnostics: [Diagnostic]
        /// Every generated file's path (relative to `root`) and what happened to it, in output order.
        public var files: [StagedFile]
        /// The folder the paths are relative to.
        public var root: URL
        /// Files this run may remove as no longer generated; nil when the manifest is invalid.
        var stale: StaleOutputs?
        /// Whether something on disk is in the way of an output (the diagnostics say what), so
        /// that nothing was written though the manifest is valid.
        public var isBlocked = false
    }

    /// What a run knows before it renders: the manifest, where its outputs go, and every
    /// problem with it — validation's, and those that depend on where the manifest is (a
    /// template folder that is missing or leads out of the repository, an output path that
    /// leads out of it or onto another output through a symlink, ...). `lint` reports the same.
    public struct Plan: Sendable {
        /// Every diagnostic, sorted by position.
        public var diagnostics: [Diagnostic]
        /// The validated manifest; nil when validation found errors. It is kept when only the
        /// checks of where the manifest is failed, so `lint` still judges its flags' expiry.
        public var manifest: Manifest?
        /// The folder output paths are relative to.
        var root: URL
        var header: GeneratedHeader
        var templates: TemplateLibrary
        var rules: OutputGuard
    }

    /// Reads and validates the manifest and checks every output path on disk, rendering
    /// nothing. Throws only when the run cannot start: an unreadable manifest, or command-line
    /// options that do not fit.
    public func plan() throws(GenerateError) -> Plan {
        let bytes: [UInt8]
        if let manifestBytes {
            bytes = manifestBytes
        } else {
            do {
                bytes = try ManifestLoader.readBytes(path: manifestPath)
            } catch {
                throw .unreadable(error.message)
            }
        }
        let manifestURL = URL(fileURLWithPath: manifestPath)
        // The file was just read, so it has a real path; the base name is only a fallback.
        let location = ManifestLocation.of(manifestAt: manifestPath)
        let manifestName = location?.pathInRepository ?? manifestURL.lastPathComponent
        let header = GeneratedHeader(manifestName: manifestName)
        // Read as far as it goes with errors too, for what depends on where it is (below).
        var validator = ManifestValidator()
        validator.keepsManifestWithErrors = true
        let result = validator.validate(bytes, file: manifestPath)
        let isValid = !result.diagnostics.containsErrors
        let manifestFolder = manifestURL.deletingLastPathComponent()
        var root = outputDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? manifestFolder
        guard var manifest = result.manifest, isValid else {
            // What depends on where the manifest is, not on what it says, reports with its errors:
            // its template folder and its own path. Its outputs, partly read (a broken entry falls
            // back to its default), are checked once it is valid, and so are the command line's.
            var problems: [Diagnostic] = []
            if let partial = result.manifest {
                _ = templateFolder(for: partial, in: manifestFolder, location: location) { message, place in
                    problems.append(Diagnostic(.error, message, file: manifestPath, at: place))
                }
            }
            problems += manifestPathProblems(manifestName)
            return Plan(
                diagnostics: (result.diagnostics + problems).sortedByLocation(), manifest: nil, root: root, header: header,
                templates: TemplateLibrary(), rules: OutputGuard(root: root, manifestName: header.manifestName))
        }
        if swiftFromBuildPlugin {
            guard swiftFile == nil else { throw .unreadable("--swift-from-build-plugin and --swift-file exclude each other") }
            manifest.outputs.swift = nil
        }
        if let swiftFile {
            guard kinds == [.swift], outputDirectory == nil else {
                throw .unreadable("--swift-file goes with --only swift and without --output-dir")
            }
            let url = URL(fileURLWithPath: swiftFile)
            root = url.deletingLastPathComponent()
            manifest.outputs.swift = url.lastPathComponent
        }
        if let outputDirectory {
            // The command line's folder is trusted, but checked once here: wrong, it made every
            // output an error at the manifest, whose outputs are fine.
            let resolved = OutputGuard.resolved(root)
            if OutputGuard.leadsIntoGit(resolved) {
                throw .unreadable("--output-dir \(outputDirectory) leads into a .git folder (\(resolved)); flaggen never writes there, so pass another folder")
            }
            if let kind = FileSystem.itemKind(atPath: root.path), kind != .directory {
                throw .unreadable("--output-dir \(outputDirectory) is not a folder; pass a folder (flaggen creates one that does not exist)")
            }
        }
        if let templatesDirectory, FileSystem.itemKind(atPath: templatesDirectory) != .directory {
            throw .unreadable("the template folder \(URL(fileURLWithPath: templatesDirectory, isDirectory: true).path) does not exist; create it or fix --templates")
        }
        var problems: [Diagnostic] = []
        func problem(_ message: String, at place: SourceLocation) {
            problems.append(Diagnostic(.error, message, file: manifestPath, at: place))
        }
        let templateFolder = self.templateFolder(for: manifest, in: manifestFolder, location: location, problem: problem)
        var templates = TemplateLibrary(overrideFolder: templateFolder)
        if templatesDirectory == nil, manifest.templates != nil { templates.confinedTo = location?.repositoryRoot }
        var rules = OutputGuard(root: root, manifestName: header.manifestName)
        if outputDirectory != nil {
            rules.boundaryName = "the --output-dir folder"
        } else if swiftFile != nil {
            rules.boundaryName = "the --swift-file folder"
            rules.acceptsAnyFlaggenFile = true
        } else if let location {
            // Paths from the manifest may leave its folder (`kotlin: ../android/...`), never its repository.
            rules.boundary = URL(fileURLWithPath: location.repositoryRoot, isDirectory: true)
            rules.boundaryName = "the repository"
        }
        rules.manifestFile = manifestPath
        rules.protect(manifestPath, as: "the manifest \(manifestPath)")
        if let location { rules.protect(LexicalPath.joined(location.repositoryRoot, ".git"), as: "the repository's .git") }
        if let templateFolder { rules.protectTemplates(in: templateFolder.path, library: templates) }
        problems += manifestPathProblems(manifestName)
        // The one thing an output cannot hold that depends on where the manifest is, not on
        // what it says: Firebase's header names the manifest's path (the build plugin's
        // `--swift-file` run writes no seed).
        if swiftFile == nil, manifest.outputs.servers.contains(.firebase), FirebaseSeedEmitter.versionDescription(header) == nil {
            problem(
                "the manifest's path, \(header.manifestName), is too long for the Firebase template's version description (\(FirebaseSeedEmitter.Limits.versionDescriptionLength) characters), which must name it; move the manifest to a shorter path or leave firebase out of outputs.servers",
                at: manifest.outputs.location(of: .servers))
        }
        if swiftFile != nil {
            // The command line's own file: not the manifest's to fix.
            do throws(OutputError) {
                try rules.check(manifest.outputs.swift ?? "")
            } catch {
                throw .output(error.message)
            }
        } else {
            // Every output, whatever `kinds` selects, as validation checks them: `generate
            // --only swift` and `lint` report the same problems.
            problems += outputPathProblems(manifest, rules: rules)
        }
        return Plan(
            diagnostics: (result.diagnostics + problems).sortedByLocation(), manifest: manifest, root: root, header: header,
            templates: templates, rules: rules)
    }

    /// The header names the manifest by its path, and could only replace a control character or
    /// a bidirectional mark in it (`a\u{1}b` and `a\u{2}b` would then read as one manifest).
    private func manifestPathProblems(_ manifestName: String) -> [Diagnostic] {
        guard manifestName.unicodeScalars.contains(where: TerminalText.isUnsafe) else { return [] }
        return [
            Diagnostic(
                .error,
                "the manifest's path, \(manifestName), holds a control character or a bidirectional mark, which the header of every generated file names; rename its folder or file",
                file: manifestPath, at: .startOfFile)
        ]
    }

    /// Everything rendering finds wrong with the manifest's template overrides (syntax errors,
    /// a template that drops the header, one that cannot be read), each at its template file:
    /// `lint`, `generate` and `check` report these alike, whatever `--only` selects (the build
    /// plugin's `--only swift` must not pass a broken Kotlin template). Without overrides nothing
    /// is rendered: the built-in templates are tested. With them, the Swift and Kotlin render
    /// twice in a `generate`; only a manifest with overrides pays it.
    public func templateProblems(in plan: Plan) -> [Diagnostic] {
        guard plan.templates.overrideFolder != nil, let manifest = plan.manifest, !plan.diagnostics.containsErrors else { return [] }
        let errors = Generator(templates: plan.templates, kinds: [.swift, .kotlin]).templateErrors(for: manifest, header: plan.header)
        return errors.map { GenerateError.template($0).diagnostic(file: manifestPath) }
    }

    /// What on disk stops `generate` from writing an output the plan names — a hand-written
    /// file at its path, another manifest's output, a folder — each at the file with its fix,
    /// as `check` reports it: `lint` reports these too, so it never passes what `generate` then
    /// refuses. (`generate` and `check` find them on their own, at the write and the compare.)
    public func obstacles(in plan: Plan) -> [Diagnostic] {
        guard let manifest = plan.manifest, !plan.diagnostics.containsErrors else { return [] }
        return obstacles(to: kinds.flatMap { Generator.plannedFiles(for: manifest, kind: $0).map(\.path) }, rules: plan.rules)
    }

    /// What stops each of `paths` (relative to the rules' root) from being written, one error
    /// at each file: lint and generate report the same.
    private func obstacles(to paths: [String], rules: OutputGuard) -> [Diagnostic] {
        let display = displayRoot(rules.root)
        let findings = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { path in
            rules.obstacle(at: rules.root.appendingPathComponent(path).path, checkingPermissions: false).map {
                DriftFinding(kind: .foreign, path: DriftCheck.join(display, path), obstacle: $0)
            }
        }
        return DriftCheck.diagnostics(for: findings, fix: fixCommand)
    }

    /// The output paths that break ``OutputGuard``'s rules, and those that meet another output
    /// through symlinks: on its file (`Generated/Link/flags.seed.json` with `Link` a link to
    /// `Server`) or on a folder where the other is a file. Each at the `outputs` entry that
    /// places it.
    private func outputPathProblems(_ manifest: Manifest, rules: OutputGuard) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        // Resolved and lowercased, as validation compares paths: one file on the
        // case-insensitive volumes of macOS.
        var planned: [(file: Generator.PlannedFile, key: String)] = []
        let root = FileSystem.realPath(rules.root.path) ?? rules.root.path
        var ownFolder: Set<OutputField> = []
        for kind in OutputKind.allCases {
            for file in Generator.plannedFiles(for: manifest, kind: kind) {
                do throws(OutputError) {
                    let resolved = try rules.check(file.path)
                    planned.append((file, resolved.lowercased()))
                    // The rule against `.` and `..` (OutputPathRules), where links and `..` lead.
                    let folder = LexicalPath.parent(of: resolved)
                    if file.entry == .schemas || file.entry == .seeds, LexicalPath.isInside(root, folder),
                        ownFolder.insert(file.entry).inserted
                    {
                        problems.append(
                            Diagnostic(
                                .error,
                                "outputs.\(file.entry.name) leads to \(folder), which is the manifest's own folder or one above it; name a folder of its own, such as 'Generated/\(file.entry == .seeds ? "Server" : "Schemas")'",
                                file: manifestPath, at: manifest.outputs.location(of: file.entry)))
                    }
                } catch {
                    problems.append(Diagnostic(.error, "outputs.\(file.entry.name): \(error.message)", file: manifestPath, at: manifest.outputs.location(of: file.entry)))
                }
            }
        }
        problems += Generator.clashes(planned).map { clash($0, manifest) }
        return problems
    }

    /// Two outputs that meet on disk through a symlink: `file` on the file of `other`, or
    /// (`inside`) below it. Reported at the entry the manifest writes, as validation reports
    /// its clashes.
    private func clash(_ clash: Generator.Clash, _ manifest: Manifest) -> Diagnostic {
        let (file, other) = (clash.file, clash.other)
        func entry(_ planned: Generator.PlannedFile) -> String {
            manifest.outputs.locations[planned.entry] == nil ? "outputs.\(planned.entry.name), left at its default," : "outputs.\(planned.entry.name)"
        }
        let swapped = manifest.outputs.locations[file.entry] == nil && manifest.outputs.locations[other.entry] != nil
        let (shown, against) = swapped ? (other, file) : (file, other)
        let meeting =
            !clash.inside ? "the file where \(entry(against)) puts \(against.what) (\(against.path))"
            : swapped ? "a file where \(entry(against)) needs a folder for \(against.what) (\(against.path))"
            : "a path inside the file where \(entry(against)) puts \(against.what) (\(against.path))"
        return Diagnostic(
            .error,
            "outputs.\(shown.entry.name) puts \(shown.what) at \(shown.path), \(meeting), where symlinks and '..' lead; give each output a path of its own",
            file: manifestPath, at: manifest.outputs.location(of: shown.entry))
    }

    /// Validates and renders every output into memory, writing nothing (`flaggen check`
    /// compares the files with the disk).
    public func render() throws(GenerateError) -> Rendered {
        let plan = try self.plan()
        var diagnostics = plan.diagnostics + templateProblems(in: plan)
        guard let manifest = plan.manifest, !diagnostics.containsErrors else {
            return Rendered(diagnostics: diagnostics, files: [], root: plan.root)
        }
        let generator = Generator(templates: plan.templates, kinds: kinds)
        let files = try generator.files(for: manifest, header: plan.header)
        // Validation refused clashing outputs (OutputPathClaims), and the plan those that meet
        // through symlinks, so no output can stage a folder where another writes a file.
        assert(files.map(\.path) == generator.plannedPaths(for: manifest), "the generator wrote other paths than it planned, which validation checked for clashes")
        // A `--swift-file` run writes the one file the command line names; the manifest's own
        // Swift output beside it is not stale.
        let stale = swiftFile != nil ? nil : StaleOutputs(manifest: manifest, kinds: kinds, root: plan.root, manifestName: plan.header.manifestName, rules: plan.rules)
        if kinds == [.swift], manifest.outputs.swift == nil {
            diagnostics.append(
                Diagnostic(
                    .note, "outputs.swift is false, so there is no Swift file to write: the build plugin makes it in every build (or pass --swift-file)",
                    file: manifestPath, at: .startOfFile))
        }
        return Rendered(diagnostics: diagnostics, files: files, root: plan.root, stale: stale, rules: plan.rules)
    }

    /// Validates, renders and writes the files that changed, all or none: each output that
    /// differs from the file at its destination is written to a hidden temporary file beside
    /// it, and the temporary files are renamed into place only when every output rendered and
    /// passed the checks. On any error they are removed and nothing visible changes.
    public func write() throws(GenerateError) -> Written {
        let staged = try stage()
        try commit(staged)
        return staged.written
    }

    /// The outputs of a run written to temporary files beside their destinations, not yet in
    /// place: ``Generate/commit(_:)`` puts them there, ``Staged/discard()`` removes them.
    struct Staged {
        /// What committing writes (no files when the manifest is invalid).
        var written: Written
        /// The writer that staged them; nil when the manifest is invalid.
        fileprivate var writer: OutputWriter?

        /// Removes the temporary files.
        func discard() {
            writer?.discard(written.files)
        }
    }

    /// Validates, renders and stages every output that changed (see ``write()``), committing nothing.
    func stage() throws(GenerateError) -> Staged {
        let rendered = try render()
        guard let rules = rendered.rules else {
            return Staged(written: Written(diagnostics: rendered.diagnostics, files: [], root: rendered.root), writer: nil)
        }
        // Every file something on disk blocks, each at the file (staging stops at the first).
        let blocked = obstacles(to: rendered.files.map(\.path), rules: rules)
        guard blocked.isEmpty else {
            return Staged(written: Written(diagnostics: rendered.diagnostics + blocked, files: [], root: rendered.root, isBlocked: true), writer: nil)
        }
        let writer = OutputWriter(rules: rules)
        // On both cores, largest first, as rendering was: writing 12 MB of outputs one after
        // another made `generate` of a 2,500-flag manifest about 15 ms slower.
        let results = ConcurrentJobs.run(
            rendered.files.map { file in { () throws(OutputError) -> StagedFile in try writer.stage(file) } }, costs: rendered.files.map(\.contents.count))
        var staged: [StagedFile] = []
        var failures: [OutputError] = []
        for result in results {
            switch result {
            case .success(let file): staged.append(file)
            case .failure(let error): failures.append(error as? OutputError ?? OutputError(message: "\(error)"))
            }
        }
        if let first = failures.first {
            // Only now, with every job done, can the folders the failed jobs made be removed.
            writer.discard(staged, folders: failures.flatMap(\.createdFolders))
            throw .output(first.message)
        }
        return Staged(written: Written(diagnostics: rendered.diagnostics, files: staged, root: rendered.root, stale: rendered.stale), writer: writer)
    }

    /// Puts staged outputs in place (see ``OutputWriter/commit(_:)``).
    func commit(_ staged: Staged) throws(GenerateError) {
        guard let writer = staged.writer else { return }
        do {
            try writer.commit(staged.written.files)
        } catch {
            throw .output(error.message)
        }
    }

    /// The template override folder: `--templates` as given (the command line is trusted, and
    /// ``plan()`` checked it exists), or the manifest's `templates:` joined onto its folder,
    /// which must exist and, once symlinks are resolved, stay inside the repository: a manifest
    /// must not make flaggen read the app's code from anywhere else on the machine (a shared CI
    /// runner's other folders, say). Nil, after telling `problem` why, when it breaks a rule.
    private func templateFolder(
        for manifest: Manifest, in manifestFolder: URL, location: ManifestLocation?, problem: (String, SourceLocation) -> Void
    ) -> URL? {
        if let templatesDirectory { return URL(fileURLWithPath: templatesDirectory, isDirectory: true) }
        guard let templates = manifest.templates else { return nil }
        let templatesAt = manifest.templatesLocation ?? .startOfFile
        let folder = manifestFolder.appendingPathComponent(templates, isDirectory: true)
        guard FileSystem.itemKind(atPath: folder.path) == .directory, let real = FileSystem.realPath(folder.path) else {
            let what = FileSystem.itemKind(atPath: folder.path) == nil ? "does not exist" : "is not a folder"
            problem("the template folder '\(templates)' (\(folder.path)) \(what); create it or fix 'templates'", templatesAt)
            return nil
        }
        if let location, !LexicalPath.isInside(real, location.repositoryRoot) {
            problem(
                "the template folder '\(templates)' leads to \(real), outside the repository \(location.repositoryRoot); keep template overrides inside the repository, or name a folder on the command line with --templates",
                templatesAt)
            return nil
        }
        return URL(fileURLWithPath: real, isDirectory: true)
    }
}

extension Generate {
    /// The command that regenerates the outputs as this run did, for "how to fix" messages: the
    /// caller's own when it gave one, else `flaggen generate` with this run's options.
    public var fixCommand: String {
        if let callersFixCommand { return callersFixCommand }
        var words = ["flaggen generate"]
        if manifestPath != "flags.yaml" { words.append("--manifest \(Self.quoted(manifestPath))") }
        if let outputDirectory { words.append("--output-dir \(Self.quoted(outputDirectory))") }
        if let templatesDirectory { words.append("--templates \(Self.quoted(templatesDirectory))") }
        if let swiftFile { words.append("--swift-file \(Self.quoted(swiftFile))") }
        if swiftFromBuildPlugin { words.append("--swift-from-build-plugin") }
        if kinds != OutputKind.allCases { words += kinds.map { "--only \($0.rawValue)" } }
        return words.joined(separator: " ")
    }

    /// What ``removeStaleFiles(_:)`` did.
    public struct StaleRemoval: Sendable {
        /// The files removed.
        public var removed: [URL] = []
        /// A message for each file still there: which, why, and what to do.
        public var failures: [String] = []
    }

    /// Removes files this manifest generated earlier that it no longer generates (see
    /// ``StaleOutputs`` for what counts).
    public func removeStaleFiles(_ written: Written) -> StaleRemoval {
        var result = StaleRemoval()
        for path in written.stale?.files() ?? [] {
            if let reason = FileSystem.removeFile(atPath: path) {
                result.failures.append(
                    "cannot remove \(TerminalText.escaped(path)), which the manifest no longer generates (\(reason)); remove it by hand or make its folder writable, then run '\(fixCommand)' again")
            } else {
                result.removed.append(URL(fileURLWithPath: path))
            }
        }
        return result
    }

    /// Removes temporary files that a `generate` killed mid-run left beside its outputs
    /// (`.Flags.swift.flaggen-UUID.tmp`), once they are an hour old, so a run that is still going
    /// elsewhere keeps its own. Returns them.
    public func removeAbandonedTemporaryFiles(_ written: Written, olderThanSeconds age: Double = 3_600) -> [URL] {
        let rootPath = written.root.path
        let folders = Set(written.files.map { LexicalPath.parent(of: LexicalPath.standardized(LexicalPath.joined(rootPath, $0.path))) })
        let cutoff = Date().addingTimeInterval(-age)
        var removed: [URL] = []
        for folder in folders.sorted() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where OutputWriter.isTemporaryFileName(name) {
                let path = LexicalPath.joined(folder, name)
                guard let modified = FileSystem.modificationDate(atPath: path), modified < cutoff else { continue }
                if FileSystem.removeFile(atPath: path) == nil { removed.append(URL(fileURLWithPath: path)) }
            }
        }
        return removed
    }

    /// Where outputs go, as a path to print: relative to the current folder when inside it.
    public func displayRoot(_ rendered: Rendered) -> String {
        displayRoot(rendered.root)
    }

    private func displayRoot(_ folder: URL) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let root = folder.standardizedFileURL.path
        if root == current { return "" }
        if root.hasPrefix(current + "/") { return String(root.dropFirst(current.count + 1)) }
        return root
    }

    /// `path` as a shell word, in double quotes when it needs quoting: the messages that show
    /// the command wrap it in single quotes ("run 'flaggen generate ...'").
    private static func quoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+,@:%=".unicodeScalars.contains($0)) }
        if plain, !path.isEmpty { return path }
        var escaped = ""
        for character in path {
            if "\"\\$`".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}

/// Why a generation run could not finish. Nothing is written in any of these cases.
public enum GenerateError: Error, CustomStringConvertible, Sendable {
    /// The manifest or template folder cannot be read (exit status 2).
    case unreadable(String)
    /// A template is missing or has a syntax error (exit status 1).
    case template(TemplateError)
    /// An output cannot be written (exit status 1). Problems with the manifest's output paths
    /// are diagnostics (``Plan``); this is what the disk refuses while writing.
    case output(String)

    public var description: String {
        switch self {
        case .unreadable(let message), .output(let message): message
        case .template(let error): error.message
        }
    }

    /// The error as a diagnostic: a template's syntax error at its tag (``located``), any
    /// other on the manifest `file` (the message names the file at fault).
    public func diagnostic(file: String) -> Diagnostic {
        located ?? Diagnostic(.error, description, file: file, at: .startOfFile)
    }

    /// The error as a diagnostic at a place of its own (a template's tag); nil when it has none.
    public var located: Diagnostic? {
        if case .template(let error) = self { return error.diagnostic }
        return nil
    }
}
