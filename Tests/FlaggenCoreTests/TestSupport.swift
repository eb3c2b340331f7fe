@testable import FlaggenCore
import Foundation
import XCTest

/// Validates YAML text as `flags.yaml`.
func validate(_ yaml: String) -> ValidationResult {
    ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml")
}

/// The error diagnostics of a manifest, formatted `flags.yaml:L:C: error: message`.
func errors(_ yaml: String) -> [String] {
    validate(yaml).diagnostics.filter { $0.severity == .error }.map(\.formatted)
}

/// Asserts that a manifest has exactly one error, at `line:column`, whose message contains
/// every fragment.
func assertOneError(
    _ yaml: String, at position: String, contains fragments: String..., file: StaticString = #filePath, line: UInt = #line
) {
    let found = errors(yaml)
    guard found.count == 1, let only = found.first else {
        XCTFail("expected one error, got \(found.count):\n\(found.joined(separator: "\n"))", file: file, line: line)
        return
    }
    XCTAssertTrue(only.hasPrefix("flags.yaml:\(position): error: "), "wrong position: \(only)", file: file, line: line)
    for fragment in fragments {
        XCTAssertTrue(only.contains(fragment), "'\(fragment)' missing from: \(only)", file: file, line: line)
    }
}

/// A valid manifest with one flag; `flag` replaces the flag's body lines (indented 4 spaces).
func manifest(flag body: String = "", extra: String = "") -> String {
    """
    version: 1
    flags:
      my_flag:
        type: bool
        default: false
        owner: team
        expires: 2029-03-01
    \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
    \(extra)
    """
}

/// The package's root folder (the one holding Package.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

extension GeneratedFile {
    /// A file from text, written as UTF-8.
    init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}

extension TemplateLibrary {
    /// Renders a template as text.
    func render(_ name: String, context: TemplateContext) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(name, context: context), as: UTF8.self)
    }
}

extension OutputWriter {
    /// A writer for a root folder and the manifest the files come from.
    init(root: URL, manifestName: String) {
        self.init(rules: OutputGuard(root: root, manifestName: manifestName))
    }

    /// Writes every file, or none when any of them would overwrite a file that is not
    /// flaggen's or cannot be placed. Returns what happened to each, in order.
    func write(_ files: [GeneratedFile]) throws(OutputError) -> [(file: GeneratedFile, outcome: WriteOutcome)] {
        var staged: [StagedFile] = []
        do {
            for file in files {
                staged.append(try stage(file))
            }
            try commit(staged)
        } catch {
            discard(staged, folders: error.createdFolders)
            throw error
        }
        return zip(files, staged).map { ($0, $1.outcome) }
    }
}
