import Foundation

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
        public var root: URL
    }

    /// Validates and renders, writing nothing.
    public func render() throws(GenerateError) -> Rendered {
        let bytes: [UInt8]
        do {
            bytes = try ManifestLoader.readBytes(path: manifestPath, limit: InputLimits.default.maxFileBytes)
        } catch {
            throw .unreadable(error.message)
        }
        let result = ManifestValidator().validate(bytes, file: manifestPath)
        let manifestURL = URL(fileURLWithPath: manifestPath)
        let manifestFolder = manifestURL.deletingLastPathComponent()
        let root = outputDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? manifestFolder
        guard let manifest = result.manifest else {
            return Rendered(diagnostics: result.diagnostics, files: [], root: root)
        }
        var templateFolder: URL?
        if let templatesDirectory {
            templateFolder = URL(fileURLWithPath: templatesDirectory, isDirectory: true)
        } else if let templates = manifest.templates {
            templateFolder = manifestFolder.appendingPathComponent(templates, isDirectory: true)
        }
        if let templateFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: templateFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .unreadable("the template folder \(templateFolder.path) does not exist; create it or fix 'templates' / --templates")
            }
        }
        let header = GeneratedHeader(manifestName: manifestURL.lastPathComponent, manifestBytes: bytes)
        let generator = Generator(templates: TemplateLibrary(overrideFolder: templateFolder), kinds: kinds)
        do {
            let files = try generator.files(for: manifest, header: header)
            return Rendered(diagnostics: result.diagnostics, files: files, root: root)
        } catch {
            throw .template(error.message)
        }
    }
}

/// Why a generation run could not finish. Nothing is written in any of these cases.
public enum GenerateError: Error, CustomStringConvertible, Sendable {
    /// The manifest or template folder cannot be read (exit status 2).
    case unreadable(String)
    /// A template is missing or has a syntax error (exit status 1).
    case template(String)
    /// An output cannot be written (exit status 1).
    case output(String)

    public var description: String {
        switch self {
        case .unreadable(let message), .template(let message), .output(let message): message
        }
    }
}
