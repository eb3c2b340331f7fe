#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kinds of output flaggen generates.
public enum OutputKind: String, Sendable, CaseIterable {
    case swift
    case kotlin
    /// JSON Schemas of the configs and of the evaluation response.
    case schemas
    /// Seeds for flag servers: the contract's own JSON, PostgreSQL, Firebase Remote Config,
    /// flagd and Unleash.
    case seeds
}

/// Turns a validated manifest into generated files, in memory: translate (one context per
/// output) then render (Mustache). Writing is ``OutputWriter``'s job, so `check` can compare
/// the same files with the disk instead.
struct Generator: Sendable {
    /// Where templates come from.
    var templates = TemplateLibrary()
    /// Which outputs to produce.
    var kinds = OutputKind.allCases

    /// Every output file for the manifest, with paths relative to the output root.
    ///
    /// The outputs are independent, so they are rendered at the same time, one job per output
    /// spread over the cores, and put together in the order below. When several fail, the error
    /// is the one the first failing output in that order gives, as if they ran one after another.
    func files(for manifest: Manifest, header: GeneratedHeader) throws(GenerateError) -> [GeneratedFile] {
        // Each job with its rough relative cost (measured on Benchmarks/make_manifest.py
        // manifests): the costly jobs start first (see ConcurrentJobs.run).
        var jobs: [(cost: Int, run: @Sendable () throws -> [GeneratedFile])] = []
        for kind in kinds {
            switch kind {
            case .swift, .kotlin:
                // Each planned file names its template: the Swift file only when outputs.swift
                // asks for it, the Kotlin flag store (offline-first, for Android) only when
                // outputs.kotlinRuntime does.
                let planned = Self.plannedFiles(for: manifest, kind: kind)
                guard !planned.isEmpty else { continue }
                jobs.append((kind == .swift ? 40 : 51, { [templates] in
                    let context = Self.codeContext(kind, manifest, header)
                    return try planned.map { file in
                        try Self.render(file.template ?? "", templates: templates, context: context, header: header, path: file.path)
                    }
                }))
            case .schemas:
                jobs.append((11, { Self.inFolder(manifest.outputs.schemas, JSONSchemaEmitter().files(for: manifest, header: header)) }))
            case .seeds:
                for server in manifest.outputs.servers {
                    let cost = [SeedServer.unleash: 11, .flagd: 9, .postgres: 8, .firebase: 15, .contract: 6][server] ?? 10
                    jobs.append((cost, { Self.inFolder(manifest.outputs.seeds, Self.seed(server).files(manifest, header)) }))
                }
            }
        }
        let results = ConcurrentJobs.run(jobs.map(\.run), costs: jobs.map(\.cost))
        var files: [GeneratedFile] = []
        for result in results {
            switch result {
            case .success(let produced): files += produced
            case .failure(let error as TemplateError): throw .template(error)
            case .failure(let error): throw .template(TemplateError(message: "\(error)"))
            }
        }
        return files
    }

    /// Every error of the templates of the Swift and Kotlin files of the selected kinds, each
    /// file rendered on its own, so one broken template does not hide another's problem; the
    /// same error met twice (a partial two templates include) is listed once.
    func templateErrors(for manifest: Manifest, header: GeneratedHeader) -> [TemplateError] {
        var errors: [TemplateError] = []
        for kind in kinds where kind == .swift || kind == .kotlin {
            let planned = Self.plannedFiles(for: manifest, kind: kind)
            guard !planned.isEmpty else { continue }
            let context = Self.codeContext(kind, manifest, header)
            for file in planned {
                do throws(TemplateError) {
                    _ = try Self.render(file.template ?? "", templates: templates, context: context, header: header, path: file.path)
                } catch {
                    if !errors.contains(where: { $0.message == error.message }) { errors.append(error) }
                }
            }
        }
        return errors
    }

    /// The template context of the Swift or the Kotlin files.
    private static func codeContext(_ kind: OutputKind, _ manifest: Manifest, _ header: GeneratedHeader) -> TemplateContext {
        let translated =
            kind == .swift ? SwiftTranslator().context(for: manifest, header: header) : KotlinTranslator().context(for: manifest, header: header)
        return TemplateContext(decoratedByTranslator: translated)
    }

    /// The paths of the files ``files(for:header:)`` produces for the manifest, relative to
    /// the output root, known before anything renders.
    func plannedPaths(for manifest: Manifest) -> [String] {
        kinds.flatMap { Self.plannedFiles(for: manifest, kind: $0).map(\.path) }
    }

    /// One file an output writes: its path, the `outputs` entry that places it, and how
    /// messages name it ("the Swift file", "the seed flags.seed.sql").
    struct PlannedFile: Sendable {
        var path: String
        var entry: OutputField
        var what: String
        /// The built-in template that renders a code file; nil for the JSON and SQL outputs.
        var template: String? = nil
    }

    /// Two planned files that would meet on disk: on one path, or (`inside`) `file` below the
    /// file of `other`, which comes earlier in the list.
    struct Clash {
        var file: PlannedFile
        var other: PlannedFile
        var inside: Bool
    }

    /// The clashes between `files`, each compared by its `key`: validation keys the lexical
    /// paths, `Generate.plan()` the paths symlinks resolve to; both lowercase them, as one
    /// file on the case-insensitive volumes of macOS.
    static func clashes(_ files: [(file: PlannedFile, key: String)]) -> [Clash] {
        var byKey: [String: PlannedFile] = [:]
        var clashes: [Clash] = []
        for (file, key) in files {
            if let other = byKey[key] {
                clashes.append(Clash(file: file, other: other, inside: false))
            } else {
                byKey[key] = file
            }
        }
        for (file, key) in files {
            var folder = key[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let other = byKey[String(folder)] {
                    clashes.append(Clash(file: file, other: other, inside: true))
                    break
                }
            }
        }
        return clashes
    }

    /// The files one kind of output writes for the manifest, relative to the output root, in
    /// the order they are produced (for Kotlin: the flags file, `FlagKit.kt` beside it, then the
    /// flag store when the manifest asks for it). Validation checks the files of every kind for
    /// clashes (``OutputPathClaims``), so a generator never meets two outputs on one file.
    static func plannedFiles(for manifest: Manifest, kind: OutputKind) -> [PlannedFile] {
        switch kind {
        case .swift:
            return manifest.outputs.swift.map { [PlannedFile(path: $0, entry: .swift, what: "the Swift file", template: "swift/Flags.swift.mustache")] } ?? []
        case .kotlin:
            let support = kotlinSupportPath(forKotlinFile: manifest.outputs.kotlin)
            return [
                PlannedFile(path: manifest.outputs.kotlin, entry: .kotlin, what: "the Kotlin file", template: "kotlin/Flags.kt.mustache"),
                PlannedFile(
                    path: support, entry: .kotlin, what: "\(LexicalPath.lastComponent(of: support)), the Kotlin support file",
                    template: "kotlin/FlagKit.kt.mustache"),
            ]
                + (manifest.outputs.kotlinRuntime.map {
                    [PlannedFile(path: $0, entry: .kotlinRuntime, what: "the Kotlin flag store", template: "kotlin/FlagStore.kt.mustache")]
                } ?? [])
        case .schemas:
            return JSONSchemaEmitter.fileNames(for: manifest).map {
                PlannedFile(path: path($0, inFolder: manifest.outputs.schemas), entry: .schemas, what: "the JSON Schema \($0)")
            }
        case .seeds:
            return manifest.outputs.servers.map {
                let name = seed($0).fileName
                return PlannedFile(path: path(name, inFolder: manifest.outputs.seeds), entry: .seeds, what: "the seed \(name)")
            }
        }
    }

    /// The kind of output that writes files named `name`, going by the names flaggen gives
    /// them: `*.swift`, `*.kt`, `*.schema.json`, or a seed's file name. Nil for any other name.
    static func outputKind(ofFileNamed name: String) -> OutputKind? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".kt") { return .kotlin }
        if name.hasSuffix(".schema.json") { return .schemas }
        return SeedServer.allCases.contains { seed($0).fileName == name } ? .seeds : nil
    }

    /// The name of a server's seed file, relative to the seeds folder, and a function that
    /// writes the file.
    private static func seed(_ server: SeedServer) -> (fileName: String, files: (Manifest, GeneratedHeader) -> [GeneratedFile]) {
        switch server {
        case .contract: (CanonicalSeedEmitter.fileName, CanonicalSeedEmitter().files)
        case .postgres: (PostgresSeedEmitter.fileName, PostgresSeedEmitter().files)
        case .flagd: (FlagdSeedEmitter.fileName, FlagdSeedEmitter().files)
        case .unleash: (UnleashSeedEmitter.fileName, UnleashSeedEmitter().files)
        case .firebase: (FirebaseSeedEmitter.fileName, FirebaseSeedEmitter().files)
        }
    }

    /// `FlagKit.kt`, beside the Kotlin flags file at `path`.
    static func kotlinSupportPath(forKotlinFile path: String) -> String {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return folder.isEmpty ? "FlagKit.kt" : folder + "/FlagKit.kt"
    }

    /// Renders one template into one file. The file must begin with the header's lines, as `//`
    /// comments: flaggen knows its files by them, and would refuse to overwrite a file without
    /// them on the next run, so a template override that drops or moves the header is refused
    /// now, with the fix, rather than leaving an output stuck later.
    private static func render(
        _ name: String, templates: TemplateLibrary, context: TemplateContext, header: GeneratedHeader, path: String
    ) throws(TemplateError) -> GeneratedFile {
        let bytes = try templates.renderUTF8(name, context: context)
        let expected = header.lines.map { "// \($0)\n" }.joined()
        guard bytes.starts(with: expected.utf8) else {
            let template = templates.displayName(for: name)
            if bytes.starts(with: header.lines.map { "// \($0)\r\n" }.joined().utf8) {
                // A Windows checkout (git's autocrlf) gives templates CR LF line ends.
                throw TemplateError(
                    message: "the template \(template) has CR LF line ends (a Windows checkout?), so the generated header's lines end in CR LF, and outputs would differ from machine to machine; save it with LF line ends (in git: '*.mustache text eol=lf' in .gitattributes)",
                    inFile: template)
            }
            throw TemplateError(
                message: "the template \(template) must begin with the generated header — the three lines '{{#header}}', '// {{.}}' and '{{/header}}', which write '// \(header.lines[0])' and the line after it; flaggen recognizes the files it may overwrite by it",
                inFile: template)
        }
        return GeneratedFile(path: path, contents: bytes)
    }

    /// Paths relative to an output folder, made relative to the output root.
    static func inFolder(_ folder: String, _ files: [GeneratedFile]) -> [GeneratedFile] {
        files.map { GeneratedFile(path: path($0.path, inFolder: folder), contents: $0.contents) }
    }

    /// A path relative to an output folder, made relative to the output root.
    static func path(_ name: String, inFolder folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
