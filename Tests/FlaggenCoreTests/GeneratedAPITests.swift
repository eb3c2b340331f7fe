import FlaggenCore
import Foundation
import XCTest

/// What the generated files depend on: the flags and configs, never the manifest's comments or
/// layout, and the access level the manifest asks for.
final class GeneratedAPITests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every output of `yaml`, by path.
    private func outputs(of yaml: String, name: String = "flags.yaml") throws -> [String: [UInt8]] {
        let url = folder.appendingPathComponent(name)
        try Data(yaml.utf8).write(to: url)
        let rendered = try Generate(manifestPath: url.path).render()
        XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }.map(\.formatted), [])
        return Dictionary(uniqueKeysWithValues: rendered.files.map { ($0.path, $0.contents) })
    }

    private var rootManifest: String {
        get throws { try String(contentsOf: packageRoot.appendingPathComponent("flags.yaml"), encoding: .utf8) }
    }

    func testCommentAndWhitespaceEditsChangeNoGeneratedFile() throws {
        let original = try rootManifest
        let edited = "# A comment at the top.\n\n" + original
            .replacingOccurrences(of: "flags:\n", with: "flags:   # every flag\n\n")
            .replacingOccurrences(of: "    owner: payments\n", with: "    owner: payments    \n    # who answers for it\n")
            + "\n\n# The end.\n"
        XCTAssertNotEqual(edited, original)
        let before = try outputs(of: original)
        let after = try outputs(of: edited)
        XCTAssertEqual(before.keys.sorted(), after.keys.sorted())
        for (path, contents) in before {
            XCTAssertEqual(after[path], contents, "\(path) changed with a comment-only edit")
        }
        XCTAssertGreaterThanOrEqual(before.count, 10)
    }

    func testTheKotlinRuntimeDoesNotChangeWithTheFlags() throws {
        let original = try rootManifest
        let edited = original
            .replacingOccurrences(of: "    default: Buy now\n", with: "    default: Buy it now\n")
            .replacingOccurrences(of: "  chat_media_enabled:\n", with: "  extra_flag:\n    type: int\n    default: 3\n    owner: x\n    expires: 2029-01-01\n\n  chat_media_enabled:\n")
        let before = try outputs(of: original)
        let after = try outputs(of: edited)
        let runtime = before.keys.filter { $0.hasSuffix("/FlagKit.kt") || $0.hasSuffix("/FlagStore.kt") }
        XCTAssertEqual(runtime.count, 2, "\(before.keys.sorted())")
        for path in runtime {
            XCTAssertEqual(after[path], before[path], "\(path) changed with the flags, though it does not depend on them")
        }
        let swift = try XCTUnwrap(before.keys.first { $0.hasSuffix(".swift") })
        XCTAssertNotEqual(after[swift], before[swift], "the flags' own file must change")
    }

    func testSwiftAccessInternalGeneratesNoPublicDeclarations() throws {
        let yaml = try rootManifest.replacingOccurrences(of: "kotlinPackage: com.example.flags\n", with: "kotlinPackage: com.example.flags\nswiftAccess: internal\n")
        let files = try outputs(of: yaml)
        let swift = try XCTUnwrap(files.first { $0.key.hasSuffix(".swift") }?.value)
        let text = String(decoding: swift, as: UTF8.self)
        XCTAssertFalse(text.contains("public "), text)
        XCTAssertTrue(text.contains("\ninternal enum Flags {\n"))
        XCTAssertTrue(text.contains("  internal static let newCheckout = Flag<Bool>("))
        XCTAssertTrue(text.contains("  internal struct PaywallConfig: Codable, Sendable, Equatable {"))

        // It compiles as its own module, Swift 6 mode, without a warning.
        let tools = try CompilerTools.find()
        let file = folder.appendingPathComponent("Internal.swift")
        try Data(swift).write(to: file)
        let result = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, file.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    func testAnUnknownAccessLevelIsRefusedWhereItIsWritten() throws {
        let yaml = try rootManifest.replacingOccurrences(of: "kotlinPackage: com.example.flags\n", with: "kotlinPackage: com.example.flags\nswiftAccess: private\n")
        let result = ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.formatted)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("flags.yaml:7:14: error: 'swiftAccess' must be public") ?? false, "\(errors)")
    }
}
