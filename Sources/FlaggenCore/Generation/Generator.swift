/// The kinds of output flaggen generates.
public enum OutputKind: String, Sendable, CaseIterable {
    case swift
    case kotlin
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
    public func files(for manifest: Manifest, header: GeneratedHeader) throws(TemplateError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for kind in kinds {
            switch kind {
            case .swift:
                let context = TemplateContext(SwiftTranslator().context(for: manifest, header: header))
                files.append(GeneratedFile(path: manifest.outputs.swift, text: try templates.render("swift/Flags.swift.mustache", context: context)))
            case .kotlin:
                break  // wired when the Kotlin translator lands
            }
        }
        return files
    }
}
