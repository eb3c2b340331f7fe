@testable import FlaggenCore
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
        XCTAssertTrue(text.contains("\nnonisolated internal enum Flags {\n"))
        XCTAssertTrue(text.contains("  internal static let newCheckout = FlagKit.Flag<Bool>("))
        XCTAssertTrue(text.contains("  internal struct PaywallConfig: Codable, Sendable, Equatable {"))

        // It compiles as its own module, Swift 6 mode, without a warning.
        let tools = try CompilerTools.find()
        let file = folder.appendingPathComponent("Internal.swift")
        try Data(swift).write(to: file)
        let result = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, file.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    /// Xcode 26 makes new app targets main-actor isolated by default (`-default-isolation
    /// MainActor`, SwiftPM's `.defaultIsolation(MainActor.self)`), and the build plugin compiles
    /// the generated file into that target: its configs' and enums' `Codable` conformances became
    /// main-actor isolated, which FlagKit's `value(_:)` (a `Sendable` type parameter) refuses, so
    /// the docs' own `flags.value(Flags.paywall)` did not compile. The namespace is nonisolated.
    func testTheGeneratedSwiftIsReadableInATargetIsolatedToTheMainActorByDefault() throws {
        let files = try outputs(of: try rootManifest)
        let swift = try XCTUnwrap(files.first { $0.key.hasSuffix(".swift") }?.value)
        XCTAssertTrue(String(decoding: swift, as: UTF8.self).contains("\nnonisolated public enum Flags {\n"))
        let tools = try CompilerTools.find()
        // `-default-isolation` came with Swift 6.2 (Xcode 26); macOS CI may run 6.1.
        let version = try FlaggenCoreTests.run(tools.swiftc, ["--version"])
        let numbers = (version.stdout + version.stderr).split(separator: "Swift version ").last?.split(separator: ".").prefix(2).compactMap { Int($0.prefix { $0.isNumber }) } ?? []
        guard numbers.count == 2, (numbers[0], numbers[1]) >= (6, 2) else {
            throw XCTSkip("swiftc \(numbers) has no -default-isolation (Swift 6.2 and later)")
        }
        let file = folder.appendingPathComponent("Flags.swift")
        try Data(swift).write(to: file)
        let app = folder.appendingPathComponent("Screen.swift")
        try Data(
            """
            import FlagKit
            func screen(_ flags: FlagView) -> String {
                let paywall = flags.value(Flags.paywall)
                return paywall.title + "\\(flags.value(Flags.homeLayout))"
            }
            func override(_ store: FlagStore) {
                store.overrideValue(Flags.PaywallConfig(title: "QA", trialDays: 30), for: Flags.paywall)
            }
            func elsewhere() { Task.detached { _ = Flags.all.count; _ = Flags.paywall.key } }

            """.utf8
        ).write(to: app)
        let result = try FlaggenCoreTests.run(
            tools.swiftc, ["-typecheck", "-swift-version", "6", "-default-isolation", "MainActor", "-I", tools.modules, file.path, app.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    /// The generated file is compiled into the app's module, whose own types hide imported ones:
    /// an app with its own `Flag` (or `Date`, `FlagDay`, ...) broke it ("cannot specialize
    /// non-generic type 'Flag'"). FlagKit's and Foundation's types are written qualified.
    func testTheGeneratedSwiftCompilesBesideAppTypesNamedLikeFlagKitsOrFoundations() throws {
        let files = try outputs(of: try rootManifest)
        let swift = try XCTUnwrap(files.first { $0.key.hasSuffix(".swift") }?.value)
        let tools = try CompilerTools.find()
        let file = folder.appendingPathComponent("Flags.swift")
        try Data(swift).write(to: file)
        let app = folder.appendingPathComponent("AppTypes.swift")
        try Data(
            """
            struct Flag { let emoji: String }
            struct FlagMetadata {}
            enum ConfigDecoding {}
            struct FlagDay {}
            struct Date {}
            struct Data {}
            enum DecodingError: Error { case badJSON }
            protocol Decoder {}
            struct CodingKey {}
            let checkout = Flags.newCheckout.key

            """.utf8
        ).write(to: app)
        let result = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, file.path, app.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    /// A module with `InternalImportsByDefault` (Swift 7's default) reads a plain `import` as
    /// internal, and the public API then "uses an internal type". A public namespace imports
    /// FlagKit and Foundation publicly, which other files' plain imports accept; an internal one
    /// keeps plain imports (an `internal import` would clash with theirs).
    func testTheGeneratedSwiftCompilesWithInternalImportsByDefault() throws {
        let tools = try CompilerTools.find()
        for access in ["public", "internal"] {
            let yaml = try rootManifest.replacingOccurrences(
                of: "kotlinPackage: com.example.flags\n", with: "kotlinPackage: com.example.flags\nswiftAccess: \(access)\n")
            let swift = try XCTUnwrap(try outputs(of: yaml).first { $0.key.hasSuffix(".swift") }?.value)
            let file = folder.appendingPathComponent("Flags-\(access).swift")
            try Data(swift).write(to: file)
            let other = folder.appendingPathComponent("Other-\(access).swift")
            try Data("import FlagKit\nimport Foundation\nlet checkout = Flags.newCheckout.key\nlet now = Date()\n".utf8).write(to: other)
            for features in [[], ["-enable-upcoming-feature", "InternalImportsByDefault"]] {
                let result = try FlaggenCoreTests.run(
                    tools.swiftc, ["-typecheck", "-swift-version", "6"] + features + ["-I", tools.modules, file.path, other.path])
                XCTAssertEqual(result.status, 0, "\(access) \(features): \(result.stderr)")
                XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "", "\(access) \(features)")
            }
        }
    }

    /// Manifests at the edges compile warning-free, Swift 6 mode. (Reported: a manifest without
    /// flags made `enum Key: String` with no cases, an error; a config property named `let` was
    /// passed as `` `let`: ``, which swiftc warns about.)
    func testManifestsAtTheEdgesCompileWithoutAWarning() throws {
        let manifests = [
            "version: 1\nflags: {}\n",
            """
            version: 1
            flags:
              a: {type: json, schema: C, default: {let: x, var: y, inout: z, default: w}, owner: t, expires: 2029-01-01}
            configs:
              C:
                properties:
                  let: {type: string}
                  var: {type: string}
                  inout: {type: string}
                  default: {type: string}

            """,
        ]
        let tools = try CompilerTools.find()
        for (index, yaml) in manifests.enumerated() {
            let files = try outputs(of: yaml, name: "edge\(index).yaml")
            let swift = try XCTUnwrap(files.first { $0.key.hasSuffix(".swift") }?.value)
            let file = folder.appendingPathComponent("Edge\(index).swift")
            try Data(swift).write(to: file)
            let result = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, file.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "", yaml)
        }
    }

    func testAnUnknownAccessLevelIsRefusedWhereItIsWritten() throws {
        let yaml = try rootManifest.replacingOccurrences(of: "kotlinPackage: com.example.flags\n", with: "kotlinPackage: com.example.flags\nswiftAccess: private\n")
        let result = ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml")
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.formatted)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("flags.yaml:7:14: error: 'swiftAccess' must be public") ?? false, "\(errors)")
    }
}

/// `deprecated:` marks a flag's accessor, so every read warns, while the generated file itself
/// compiles without a warning.
final class DeprecatedFlagTests: XCTestCase {
    func testEveryReadWarnsAndTheGeneratedFileDoesNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-deprecated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = #"""
            version: 1
            flags:
              new_checkout:
                type: bool
                default: false
                owner: payments
                expires: 2029-03-01
                deprecated: "Rolled out: \"remove\" it\\now"
              default:
                type: string
                default: x
                owner: payments
                expires: 2029-03-01
                deprecated: Gone soon
              kept:
                type: int
                default: 1
                owner: growth
                expires: 2029-03-01

            """#
        let manifest = folder.appendingPathComponent("flags.yaml")
        try Data(yaml.utf8).write(to: manifest)
        var run = Generate(manifestPath: manifest.path)
        run.kinds = [.swift]
        let swift = try XCTUnwrap(try run.render().files.first { $0.path.hasSuffix(".swift") })
        let text = String(decoding: swift.contents, as: UTF8.self)
        XCTAssertTrue(text.contains(#"  @available(*, deprecated, message: "Rolled out: \"remove\" it\\now")"#), text)
        XCTAssertTrue(text.contains("  public static var newCheckout: FlagKit.Flag<Bool> { _newCheckout }\n"), text)
        XCTAssertTrue(text.contains("  public static var `default`: FlagKit.Flag<String> { _default }\n"), text)
        XCTAssertTrue(text.contains("    _metadata(_newCheckout),\n    _metadata(_default),\n    _metadata(kept),\n"), text)

        let tools = try CompilerTools.find()
        let generated = folder.appendingPathComponent("Flags.swift")
        try Data(swift.contents).write(to: generated)
        let alone = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, generated.path])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual((alone.stdout + alone.stderr).trimmingCharacters(in: .whitespacesAndNewlines), "")

        let app = folder.appendingPathComponent("App.swift")
        try Data("import FlagKit\nlet a = Flags.newCheckout.key\nlet b = Flags.default.key\nlet c = Flags.kept.key\nlet d = Flags.all.count\n".utf8).write(to: app)
        let used = try FlaggenCoreTests.run(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, generated.path, app.path])
        XCTAssertEqual(used.status, 0, used.stderr)
        let warnings = (used.stdout + used.stderr).split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 2, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings.contains { $0.contains("App.swift:2:") && $0.contains(#"'newCheckout' is deprecated: Rolled out: "remove" it\now"#) })
        XCTAssertTrue(warnings.contains { $0.contains("App.swift:3:") && $0.contains("'default' is deprecated: Gone soon") })
    }

    func testEveryKotlinReadWarnsAndTheGeneratedKotlinDoesNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-deprecated-kt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            version: 1
            kotlinPackage: com.example.deprecated
            flags:
              new_checkout:
                type: bool
                default: false
                owner: payments
                expires: 2029-03-01
                deprecated: "Rolled out: remove $it"
              kept:
                type: int
                default: 1
                owner: growth
                expires: 2029-03-01

            """
        let manifest = folder.appendingPathComponent("flags.yaml")
        try Data(yaml.utf8).write(to: manifest)
        var run = Generate(manifestPath: manifest.path)
        run.kinds = [.kotlin]
        var sources: [String] = []
        for file in try run.render().files where file.path.hasSuffix("/Flags.kt") || file.path.hasSuffix("/FlagKit.kt") {
            let url = folder.appendingPathComponent(String(file.path.split(separator: "/").last ?? ""))
            try Data(file.contents).write(to: url)
            sources.append(url.path)
        }
        XCTAssertEqual(sources.count, 2)
        let text = try String(contentsOfFile: folder.appendingPathComponent("Flags.kt").path, encoding: .utf8)
        XCTAssertTrue(text.contains("    @Deprecated(\"Rolled out: remove \\$it\")\n    val newCheckout: Flag<Boolean> get() = Part1.newCheckout\n"), text)

        let tools = try CompilerTools.find()
        let app = folder.appendingPathComponent("App.kt")
        try Data("package app\n\nimport com.example.deprecated.Flags\n\nfun keys() = listOf(Flags.newCheckout.key, Flags.kept.key, Flags.all.size.toString())\n".utf8)
            .write(to: app)
        let result = try FlaggenCoreTests.run(tools.kotlinc, ["-cp", tools.orgJSON, "-d", folder.appendingPathComponent("out.jar").path] + sources + [app.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("warning:") && !$0.contains("VM warning") }
        XCTAssertEqual(warnings.count, 1, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings.first?.contains("App.kt:5:") ?? false, warnings.joined(separator: "\n"))
        XCTAssertTrue(warnings.first?.contains("is deprecated. Rolled out: remove $it") ?? false, warnings.joined(separator: "\n"))
    }

    func testLintSuggestsDeprecationWithinItsWindow() throws {
        func yaml(deprecated: Bool) -> String {
            """
            version: 1
            flags:
              soon:
                type: bool
                default: false
                owner: payments
                expires: 2029-03-01
            \(deprecated ? "    deprecated: Rolled out\n" : "")
            """
        }
        func findings(_ text: String, today: String, days: Int = 30) throws -> [String] {
            let result = ManifestValidator().validate(Array(text.utf8), file: "flags.yaml")
            var lint = Lint(today: try XCTUnwrap(ISODate(today)))
            lint.deprecationDays = days
            return lint.run(result.diagnostics, manifest: result.manifest, file: "flags.yaml").map(\.formatted)
        }
        let suggestion = "; mark it 'deprecated: \"…\"' so every read warns in Xcode and Android Studio, and remove it with 'flaggen remove soon'"
        XCTAssertEqual(try findings(yaml(deprecated: false), today: "2029-01-29"), [])
        XCTAssertEqual(
            try findings(yaml(deprecated: false), today: "2029-01-30"),
            ["flags.yaml:3:3: warning: flag 'soon' expires in 30 days, on 2029-03-01 (owner: payments)" + suggestion])
        XCTAssertEqual(try findings(yaml(deprecated: true), today: "2029-01-30"), [])
        XCTAssertEqual(try findings(yaml(deprecated: false), today: "2029-01-30", days: 0), [])
        XCTAssertEqual(
            try findings(yaml(deprecated: false), today: "2029-02-20"),
            ["flags.yaml:3:3: warning: flag 'soon' expires in 9 days, on 2029-03-01 (owner: payments); plan its removal" + suggestion])
        XCTAssertEqual(
            try findings(yaml(deprecated: true), today: "2029-02-20"),
            ["flags.yaml:3:3: warning: flag 'soon' expires in 9 days, on 2029-03-01 (owner: payments); plan its removal"])
        // Reported: within the 14-day warning the suggestion came whatever the window said.
        let plain = ["flags.yaml:3:3: warning: flag 'soon' expires in 9 days, on 2029-03-01 (owner: payments); plan its removal"]
        XCTAssertEqual(try findings(yaml(deprecated: false), today: "2029-02-20", days: 0), plain)
        XCTAssertEqual(try findings(yaml(deprecated: false), today: "2029-02-20", days: 5), plain)
        XCTAssertEqual(try findings(yaml(deprecated: false), today: "2029-03-01", days: 0), [
            "flags.yaml:3:3: warning: flag 'soon' expires today, on 2029-03-01 (owner: payments); plan its removal"
        ])
    }

    func testAnEmptyDeprecationIsRefused() {
        let yaml = "version: 1\nflags:\n  a:\n    type: bool\n    default: false\n    owner: x\n    expires: 2029-01-01\n    deprecated: \"\"\n"
        let errors = ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml").diagnostics.map(\.formatted)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("flags.yaml:8:17: error: the deprecation message of flag 'a'") ?? false, "\(errors)")
    }
}
