import FlaggenJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// `flaggen context` and `flaggen render`: the tools for people who write their own templates.
public enum TemplateCommands {
    /// The context a built-in template receives for a manifest, as pretty JSON with sorted keys
    /// (list items carry `isFirst`/`isLast`, as templates see them).
    public static func context(manifestPath: String, kind: OutputKind) throws(GenerateError) -> (json: String, diagnostics: [Diagnostic]) {
        let result: ValidationResult
        do {
            result = try ManifestLoader.load(path: manifestPath)
        } catch {
            throw .unreadable(error.message)
        }
        guard let manifest = result.manifest else { return ("", result.diagnostics) }
        let name = ManifestLocation.of(manifestAt: manifestPath)?.pathInRepository ?? URL(fileURLWithPath: manifestPath).lastPathComponent
        let header = GeneratedHeader(manifestName: name)
        let value: JSONValue
        switch kind {
        case .swift: value = SwiftTranslator().context(for: manifest, header: header)
        case .kotlin: value = KotlinTranslator().context(for: manifest, header: header)
        case .schemas, .seeds: throw .unreadable("only the swift and kotlin outputs are rendered from templates; JSON outputs are written directly")
        }
        do {
            let json = try JSONWriter(trailingNewline: true).string(for: TemplateContext(decoratedByTranslator: value).value)
            return (json, result.diagnostics)
        } catch {
            throw .template(TemplateError(message: "the context cannot be written as JSON: \(error)"))
        }
    }

    /// Reads a file `render` was given: a regular file of at most the manifest limit.
    private static func readInput(_ path: String) throws(GenerateError) -> [UInt8] {
        let limit = InputLimits.maxFileBytes
        let bytes: [UInt8]
        do throws(FileSystem.ReadFailure) {
            bytes = try FileSystem.readRegularFile(atPath: path, limit: limit + 1)
        } catch {
            throw .unreadable("\(path) \(error.reason)")
        }
        guard bytes.count <= limit else { throw .unreadable("\(path) is larger than \(limit) bytes, the most render reads") }
        return bytes
    }

    /// Renders any template file with JSON data and optional partials, HTML escaping off.
    /// Partials are the files `NAME.mustache` in `partialsFolder`.
    public static func render(templatePath: String, dataPath: String?, partialsFolder: String?) throws(GenerateError) -> String {
        let templateData = try readInput(templatePath)
        guard let source = UTF8Check.string(templateData) else {
            throw .unreadable("\(templatePath): not valid UTF-8; save the template as UTF-8")
        }
        var data: JSONValue = .object([:])
        if let dataPath {
            let bytes = try readInput(dataPath)
            do {
                data = try JSONParser.parse(bytes)
            } catch let error as JSONParseError {
                throw .unreadable("\(dataPath):\(error.line):\(error.column): \(error.message)")
            } catch {
                throw .unreadable("\(dataPath): \(error)")
            }
        }
        let partials = try PartialsFolder(path: partialsFolder)
        let rendered = Result { () throws(MustacheError) -> String in
            let template = try MustacheTemplate(source: source, name: templatePath)
            return try template.render(TemplateContext(data).value, partials: partials, escapesHTML: false)
        }
        // A partial that could not be read is the first problem: the render went on without it.
        if let failure = partials.failure { throw failure }
        switch rendered {
        case .success(let text): return text
        case .failure(let error): throw .template(TemplateError(error))
        }
    }

    /// The partials `render` was given: the files `NAME.mustache` in a folder, each read when a
    /// template first includes it, so a file no template includes (even a folder or a broken
    /// link with that name) does not stop the render.
    private final class PartialsFolder: PartialProvider {
        private let path: String?
        /// The folder's entries, read once: only these names are partials (a name with a `/`
        /// in it never reaches outside the folder).
        private let names: Set<String>
        /// The first partial that could not be read; the render that asked for it is discarded.
        private(set) var failure: GenerateError?

        /// No partials when `path` is `nil`.
        init(path: String?) throws(GenerateError) {
            self.path = path
            guard let path else {
                names = []
                return
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw .unreadable("\(path): not a readable folder")
            }
            self.names = Set(names)
        }

        /// The file of the partial called `name`, in the partials folder.
        private func file(_ name: String) -> String? {
            path.map { LexicalPath.joined($0, name + ".mustache") }
        }

        /// The partial's file.
        func displayName(ofPartial name: String) -> String {
            file(name) ?? name
        }

        func partial(named name: String) -> String? {
            guard names.contains(name + ".mustache"), let file = file(name) else { return nil }
            do throws(GenerateError) {
                guard let text = UTF8Check.string(try readInput(file)) else {
                    throw .unreadable("\(file): not valid UTF-8; save the partial as UTF-8")
                }
                return text
            } catch {
                if failure == nil { failure = error }
                return nil
            }
        }
    }
}
