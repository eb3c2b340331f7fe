import FlaggenJSON
import Foundation
import Mustache
import XCTest

/// Runs the official Mustache spec's required modules against the engine.
///
/// The spec files live in `shared/conformance/mustache`, beside the project's root, or in the
/// folder named by the environment variable `MUSTACHE_SPEC_DIR`. Without them the test is
/// skipped, except under `CI=true`, where it fails.
final class SpecConformanceTests: XCTestCase {
    /// The spec files this engine implements; the optional `~` modules are left out.
    static let specFiles = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// How many cases those files hold, so the test cannot pass by running none.
    static let expectedCaseCount = 136

    func testOfficialSpec() throws {
        guard let folder = try specFolder() else { return }
        var executed = 0
        var failures: [String] = []

        for file in Self.specFiles {
            let url = folder.appendingPathComponent("\(file).json")
            let spec = try JSONFixtures.parse(Data(contentsOf: url))
            guard case .object(let root) = spec, case .array(let cases)? = root["tests"] else {
                XCTFail("\(url.path): no 'tests' list")
                continue
            }
            for specCase in cases {
                executed += 1
                if let failure = run(specCase, file: file) { failures.append(failure) }
            }
        }

        for failure in failures { XCTFail(failure) }
        XCTAssertEqual(executed, Self.expectedCaseCount, "spec cases executed")
        XCTAssertEqual(failures.count, 0, "\(executed - failures.count) of \(executed) spec cases pass")
    }

    /// Renders one case; a description of the failure, or `nil` if it passes.
    private func run(_ specCase: JSONValue, file: String) -> String? {
        guard case .object(let fields) = specCase,
              case .string(let name)? = fields["name"],
              case .string(let source)? = fields["template"],
              case .string(let expected)? = fields["expected"]
        else {
            return "\(file).json: malformed case \(specCase)"
        }
        var partials: [String: String] = [:]
        if case .object(let members)? = fields["partials"] {
            for case let (partialName, .string(partialSource)) in members {
                partials[partialName] = partialSource
            }
        }
        do {
            let template = try MustacheTemplate(source: source, name: name)
            let actual = try template.render(fields["data"] ?? .null,
                                             partials: partials)
            if actual == expected { return nil }
            return "\(file).json '\(name)': expected \(expected.debugDescription), got \(actual.debugDescription)"
        } catch {
            return "\(file).json '\(name)': threw \(error)"
        }
    }

    /// `MUSTACHE_SPEC_DIR`, else `<package root>/../shared/conformance/mustache`; `nil`
    /// after failing the test when the folder is missing under `CI=true`.
    private func specFolder() throws -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let folder: URL
        if let override = environment["MUSTACHE_SPEC_DIR"], !override.isEmpty {
            folder = URL(fileURLWithPath: override, isDirectory: true)
        } else {
            let packageRoot = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent() // MustacheTests
                .deletingLastPathComponent() // Tests
                .deletingLastPathComponent()
            folder = packageRoot.appendingPathComponent("../shared/conformance/mustache").standardized
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return folder
        }
        let message = "Mustache spec folder not found at \(folder.path); set MUSTACHE_SPEC_DIR to the folder holding the spec's JSON files"
        if environment["CI"] == "true" {
            XCTFail(message)
            return nil
        }
        throw XCTSkip(message)
    }
}
