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
public struct Generator: Sendable {
    /// Where templates come from.
    public var templates: TemplateLibrary
    /// Which outputs to produce (all by default).
    public var kinds: [OutputKind]

    /// Creates a generator.
    public init(templates: TemplateLibrary = TemplateLibrary(), kinds: [OutputKind] = OutputKind.allCases) {
        self.templates = templates
        self.kinds = kinds
    }

    /// Every output file for the manifest, with paths relative to the output root.
    public func files(for manifest: Manifest, header: GeneratedHeader) throws(GenerateError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        do {
            for kind in kinds {
                switch kind {
                case .swift:
                    let context = TemplateContext(SwiftTranslator().context(for: manifest, header: header))
                    files.append(GeneratedFile(path: manifest.outputs.swift, text: try templates.render("swift/Flags.swift.mustache", context: context)))
                case .kotlin:
                    files += try kotlinFiles(for: manifest, header: header)
                case .schemas:
                    files += try Self.inFolder(manifest.outputs.schemas, JSONSchemaEmitter().files(for: manifest, header: header))
                case .seeds:
                    var seeds: [GeneratedFile] = []
                    for server in manifest.outputs.servers {
                        switch server {
                        case .contract: seeds += try CanonicalSeedEmitter().files(for: manifest, header: header)
                        case .postgres: seeds += try PostgresSeedEmitter().files(for: manifest, header: header)
                        case .firebase: seeds += try FirebaseSeedEmitter().files(for: manifest, header: header)
                        case .flagd: seeds += try FlagdSeedEmitter().files(for: manifest, header: header)
                        case .unleash: seeds += try UnleashSeedEmitter().files(for: manifest, header: header)
                        }
                    }
                    files += Self.inFolder(manifest.outputs.seeds, seeds)
                }
            }
        } catch let error as TemplateError {
            throw .template(error.message)
        } catch let error as EmitError {
            throw .emit(error)
        } catch {
            throw .template("\(error)")
        }
        return files
    }

    /// Paths relative to an output folder, made relative to the output root.
    static func inFolder(_ folder: String, _ files: [GeneratedFile]) -> [GeneratedFile] {
        files.map { GeneratedFile(path: folder.hasSuffix("/") ? folder + $0.path : folder + "/" + $0.path, contents: $0.contents) }
    }

    private func kotlinFiles(for manifest: Manifest, header: GeneratedHeader) throws(TemplateError) -> [GeneratedFile] {
        let context = TemplateContext(KotlinTranslator().context(for: manifest, header: header))
        let folder = manifest.outputs.kotlin.split(separator: "/").dropLast().joined(separator: "/")
        let supportPath = folder.isEmpty ? "FlagKit.kt" : folder + "/FlagKit.kt"
        return [
            GeneratedFile(path: manifest.outputs.kotlin, text: try templates.render("kotlin/Flags.kt.mustache", context: context)),
            GeneratedFile(path: supportPath, text: try templates.render("kotlin/FlagKit.kt.mustache", context: context)),
        ]
    }
}
