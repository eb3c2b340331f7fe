import FlaggenJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache

/// Finds templates by name: a user's override folder first, then the copies built into flaggen.
///
/// Names are paths relative to `Templates/`, such as `swift/Flags.swift.mustache`. An override
/// folder holds files at the same relative paths; it replaces templates file by file.
struct TemplateLibrary: Sendable {
    /// The override folder, if any.
    var overrideFolder: URL?
    /// A folder every override must be inside once symlinks are resolved (the repository, for
    /// a folder the manifest names), or nil for a folder from the command line.
    var confinedTo: String?

    /// The names of the built-in templates, sorted.
    static var builtInNames: [String] { EmbeddedTemplates.all.keys.sorted() }

    /// The built-in copy of a template.
    static func builtIn(_ name: String) -> String? { EmbeddedTemplates.all[name] }

    /// The source of a template: the override when one exists, else the built-in copy.
    func source(named name: String) throws(TemplateError) -> String {
        guard let text = try sourceIfAny(named: name) else {
            throw TemplateError(message: "no template named '\(name)'; built-in templates: \(Self.builtInNames.joined(separator: ", "))")
        }
        return text
    }

    /// The source of a template, or nil when neither an override nor a built-in copy exists.
    /// Throws when an override is there but cannot be used.
    func sourceIfAny(named name: String) throws(TemplateError) -> String? {
        if let url = overrideURL(for: name) {
            guard FileSystem.itemKind(atPath: url.path) != nil else {
                if FileSystem.isSymlink(atPath: url.path) {
                    throw TemplateError(message: "\(url.path) is a symlink that leads nowhere; fix or remove it", inFile: url.path)
                }
                return EmbeddedTemplates.all[name]
            }
            if let confinedTo, let real = FileSystem.realPath(url.path), !LexicalPath.isInside(real, confinedTo) {
                throw TemplateError(
                    message: "\(url.path) leads to \(real), outside the repository \(confinedTo) (through '..' or a symlink); keep template overrides inside the repository, or name a folder on the command line with --templates",
                    inFile: url.path)
            }
            let limit = InputLimits.maxFileBytes
            let bytes: [UInt8]
            do throws(FileSystem.ReadFailure) {
                bytes = try FileSystem.readRegularFile(atPath: url.path, limit: limit + 1)
            } catch {
                throw TemplateError(message: "\(url.path) \(error.reason); a template override is a UTF-8 text file", inFile: url.path)
            }
            guard bytes.count <= limit else {
                throw TemplateError(message: "\(url.path) is larger than \(limit) bytes, the most a template may hold", inFile: url.path)
            }
            guard let text = UTF8Check.string(bytes) else {
                throw TemplateError(message: "\(url.path): not valid UTF-8; save the template as UTF-8", inFile: url.path)
            }
            return text
        }
        return EmbeddedTemplates.all[name]
    }

    /// Where an override of `name` would be, if there is an override folder.
    func overrideURL(for name: String) -> URL? {
        overrideFolder?.appendingPathComponent(name)
    }

    /// How to name the template `name` in messages: the override's path when there is one.
    func displayName(for name: String) -> String {
        overrideURL(for: name).map { FileSystem.itemKind(atPath: $0.path) != nil ? $0.path : name } ?? name
    }

    /// Renders a template with HTML escaping off (flaggen renders source code, not HTML), as
    /// UTF-8 bytes ready to write. Partials are looked up in this library too, relative to the
    /// template's folder first.
    func renderUTF8(_ name: String, context: TemplateContext) throws(TemplateError) -> [UInt8] {
        let source = try source(named: name)
        let partials = LibraryPartials(library: self, folder: name.split(separator: "/").dropLast().joined(separator: "/"))
        let bytes: [UInt8]
        do throws(MustacheError) {
            let template = try MustacheTemplate(source: source, name: displayName(for: name))
            bytes = try template.renderUTF8(context.value, partials: partials, escapesHTML: false)
        } catch {
            throw TemplateError(error)
        }
        if let failure = partials.failure { throw failure }
        return bytes
    }
}

/// A problem with a template: missing, unreadable, or a Mustache syntax error.
public struct TemplateError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do.
    public var message: String
    /// A syntax error's place in the template, which messages point at instead of the manifest.
    var diagnostic: Diagnostic?

    init(message: String) {
        self.message = message
    }

    /// A problem with the template file at `path` as a whole (unreadable, no header): located at
    /// its start, as a syntax error is at its tag.
    init(message: String, inFile path: String) {
        self.message = message
        diagnostic = Diagnostic(.error, message, file: path, at: .startOfFile)
    }

    /// A Mustache error, at its tag.
    init(_ error: MustacheError) {
        message = error.description
        diagnostic = Diagnostic(.error, error.message, file: error.templateName, at: SourceLocation(line: error.line, column: error.column))
    }

    public var description: String { message }
}

/// Partials from the library: `{{> header}}` in `swift/Flags.swift.mustache` looks for
/// `swift/header.mustache`, then `header.mustache`. An override that is there but cannot be
/// used (unreadable, outside the repository) is kept as ``failure``, which the render throws:
/// falling back to the built-in partial would hide the user's mistake.
private final class LibraryPartials: PartialProvider {
    let library: TemplateLibrary
    let folder: String
    private(set) var failure: TemplateError?
    /// The template each partial was found as, by name, for ``displayName(ofPartial:)``.
    private var found: [String: String] = [:]

    init(library: TemplateLibrary, folder: String) {
        self.library = library
        self.folder = folder
    }

    func partial(named name: String) -> String? {
        let candidates = (folder.isEmpty ? [] : ["\(folder)/\(name).mustache"]) + ["\(name).mustache"]
        for candidate in candidates {
            do throws(TemplateError) {
                if let source = try library.sourceIfAny(named: candidate) {
                    found[name] = candidate
                    return source
                }
            } catch {
                if failure == nil { failure = error }
                return nil
            }
        }
        return nil
    }

    /// The override's path, or the built-in template's name.
    func displayName(ofPartial name: String) -> String {
        found[name].map(library.displayName(for:)) ?? name
    }
}
