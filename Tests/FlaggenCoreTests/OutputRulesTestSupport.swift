@testable import FlaggenCore
import Foundation
import XCTest

/// What `lint` and `generate` report for one manifest file, and what `generate` left behind.
struct LintAndGenerate {
    /// `lint`'s diagnostics as `LINE:COLUMN: severity: message`, expiry judged on 0001-01-01
    /// (so no flag has expired or expires soon).
    var lint: [String]
    /// `Generate(...).render()`'s diagnostics, in the same form.
    var generate: [String]
    /// The same, for `generate --only swift`, the build plugin's run.
    var generateOnlySwift: [String]
    /// The files `render()` produced.
    var rendered: [String]
    /// Every file `write()` left in an empty output folder.
    var written: [String]
    /// Why `generate` (all of `kinds`, or only Swift) could not run at all, when it could not.
    var generateError: GenerateError?

    /// Lints and generates the manifest at `url`, writing under `outputFolder` (made empty first).
    /// `kinds` are what the full `generate` renders: a manifest of many flags stays quick with
    /// fewer.
    init(manifestAt url: URL, outputFolder: URL, kinds: [OutputKind] = OutputKind.allCases) throws {
        let plan = try Generate(manifestPath: url.path).plan()
        lint = Lint(today: ISODate(year: 1, month: 1, day: 1)!).run(plan.diagnostics, manifest: plan.manifest, file: url.path).map(Self.text)
        var run = Generate(manifestPath: url.path)
        run.kinds = kinds
        var onlySwift = Generate(manifestPath: url.path)
        onlySwift.kinds = [.swift]
        try? FileManager.default.removeItem(at: outputFolder)
        try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        (generate, rendered, generateOnlySwift, written) = ([], [], [], [])
        do {
            let result = try run.render()
            generate = result.diagnostics.map(Self.text)
            rendered = result.files.map(\.path)
            generateOnlySwift = try onlySwift.render().diagnostics.map(Self.text)
            run.outputDirectory = outputFolder.path
            _ = try run.write()
        } catch {
            generateError = error
        }
        let found = FileManager.default.enumerator(atPath: outputFolder.path)?.compactMap { $0 as? String } ?? []
        written = found.sorted()
    }

    /// Lints and generates manifest text saved as `flags.yaml` in a new temporary folder.
    init(yaml: String, kinds: [OutputKind] = OutputKind.allCases) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("flags.yaml")
        try Data(yaml.utf8).write(to: url)
        try self.init(manifestAt: url, outputFolder: folder.appendingPathComponent("out"), kinds: kinds)
    }

    private static func text(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
}

/// Asserts that `lint`, `generate` and `generate --only swift` all report exactly `expected`
/// (`LINE:COLUMN: severity: message`, in order) for the manifest, and that when any is an error,
/// `generate` renders and writes nothing.
func assertLintAndGenerate(
    _ yaml: String, report expected: [String], kinds: [OutputKind] = OutputKind.allCases, file: StaticString = #filePath, line: UInt = #line
) throws {
    let run = try LintAndGenerate(yaml: yaml, kinds: kinds)
    XCTAssertNil(run.generateError, "generate", file: file, line: line)
    XCTAssertEqual(run.lint, expected, "lint", file: file, line: line)
    XCTAssertEqual(run.generate, expected, "generate", file: file, line: line)
    XCTAssertEqual(run.generateOnlySwift, expected, "generate --only swift", file: file, line: line)
    if expected.contains(where: { $0.contains(": error: ") }) {
        XCTAssertEqual(run.rendered, [], "rendered", file: file, line: line)
        XCTAssertEqual(run.written, [], "written", file: file, line: line)
    } else {
        XCTAssertFalse(run.written.isEmpty, "a valid manifest writes its outputs", file: file, line: line)
    }
}
