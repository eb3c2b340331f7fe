@testable import FlaggenCore
import Foundation
import XCTest

/// `lint` and `generate` agree on every manifest in the repository: the same diagnostics, also
/// for `generate --only swift`, and nothing generated when they hold an error. Before output
/// rules moved into validation, `lint` passed manifests that `generate` then refused.
final class LintGenerateAgreementTests: XCTestCase {
    func testLintAndGenerateAgreeOnEveryManifestInTheRepository() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-agree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let manifests = try Self.repositoryManifests() + Self.documentedManifests(savedIn: work)
        XCTAssertGreaterThan(manifests.count, 60)
        var valid = 0
        for (index, url) in manifests.enumerated() {
            let name = url.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
            let run = try LintAndGenerate(manifestAt: url, outputFolder: work.appendingPathComponent("out-\(index)"))
            if let error = run.generateError {
                XCTFail("\(name): generate failed: \(error)")
                continue
            }
            XCTAssertEqual(run.generate, run.lint, name)
            XCTAssertEqual(run.generateOnlySwift, run.lint, name)
            if run.lint.contains(where: { $0.contains(": error: ") }) {
                XCTAssertEqual(run.rendered, [], name)
                XCTAssertEqual(run.written, [], name)
            } else {
                XCTAssertFalse(run.written.isEmpty, name)
                valid += 1
            }
        }
        // The fixtures, the examples, the root manifest, the valid half of the corpus, the docs.
        XCTAssertGreaterThanOrEqual(valid, 20)
    }

    /// The fixtures of the tests, the fuzz corpus, the examples and the root manifest.
    static func repositoryManifests() throws -> [URL] {
        var found: [URL] = [packageRoot.appendingPathComponent("flags.yaml")]
        for folder in ["Tests/FlaggenCoreTests/Fixtures", "Fuzz/corpus/manifest", "Examples"] {
            let base = packageRoot.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            found += paths.filter { $0.hasSuffix(".yaml") }.sorted().map { base.appendingPathComponent($0) }
        }
        return found
    }

    /// The manifests docs/ shows whole (a YAML block that begins with `version:` after its
    /// comments, or with `flags:`, which gets `version: 1` before it), saved as files.
    static func documentedManifests(savedIn folder: URL) throws -> [URL] {
        let docs = packageRoot.appendingPathComponent("docs")
        var found: [URL] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where name.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            for (index, block) in text.components(separatedBy: "```yaml\n").dropFirst().enumerated() {
                guard let body = block.components(separatedBy: "```").first else { continue }
                let first = body.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
                let yaml: String
                if first?.hasPrefix("version:") == true {
                    yaml = body
                } else if first == "flags:" {
                    yaml = "version: 1\n" + body
                } else {
                    continue
                }
                let saved = folder.appendingPathComponent("docs-\(name)-\(index)")
                try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
                try Data(yaml.utf8).write(to: saved.appendingPathComponent("flags.yaml"))
                found.append(saved.appendingPathComponent("flags.yaml"))
            }
        }
        XCTAssertGreaterThanOrEqual(found.count, 2, "the complete example of docs/manifest.md and more")
        return found
    }
}
