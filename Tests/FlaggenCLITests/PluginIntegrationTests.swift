import Foundation
import XCTest

/// Drives `swift build` and `swift package` on a copy of Examples/iOSApp, in a folder whose path
/// has spaces, to prove the build plugin regenerates exactly when it should and the command
/// plugins write and check. Slow (it builds flaggen again), so Scripts/test.sh turns it on with
/// FLAGGEN_PLUGIN_TESTS=1; with CI=true it must run.
final class PluginIntegrationTests: XCTestCase {
    private var package: URL!
    private var scratch: URL!

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["FLAGGEN_PLUGIN_TESTS"] == "1" else {
            if environment["CI"] == "true" { XCTFail("FLAGGEN_PLUGIN_TESTS=1 is not set; run the suite with Scripts/test.sh") }
            throw XCTSkip("set FLAGGEN_PLUGIN_TESTS=1 (Scripts/test.sh does) to run the SwiftPM plugin integration tests")
        }
        // Every test starts from a fresh copy of the package at the same path, with one build
        // folder kept for the class: flaggen is built once, not once a test (about 40 s each
        // on a 2-core VM, a quarter of CI's slack).
        let root = Self.sharedRoot
        package = root.appendingPathComponent("iOSApp")
        scratch = root.appendingPathComponent("build dir")
        if FileManager.default.fileExists(atPath: package.path) { try FileManager.default.removeItem(at: package) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/iOSApp"), to: package)
        // The target's flags.yaml stays a symlink, as in the example, but to a copy inside the
        // package that the test can edit (`manifest`); the package depends on this checkout by
        // absolute path.
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: manifest)
        try FileManager.default.removeItem(at: manifestLink)
        try FileManager.default.createSymbolicLink(atPath: manifestLink.path, withDestinationPath: "../../Shared manifest/flags.yaml")
        let packageFile = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: packageFile, encoding: .utf8)
            .replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(packageRoot.path)\"")
        try Data(text.utf8).write(to: packageFile)
    }

    private static let sharedRoot = FileManager.default.temporaryDirectory
        .appendingPathComponent("flaggen-plugin-\(UUID().uuidString)/plugin test with spaces")

    override class func tearDown() {
        try? FileManager.default.removeItem(at: sharedRoot.deletingLastPathComponent())
        super.tearDown()
    }

    /// The target's flags.yaml: a symlink to `manifest`. What it names (outputs, templates) is
    /// relative to the link's folder.
    private var manifestLink: URL { package.appendingPathComponent("Sources/Checkout App/flags.yaml") }
    /// The file the link leads to, for the test's edits.
    private var manifest: URL { package.appendingPathComponent("Shared manifest/flags.yaml") }
    /// The target's folder.
    private var targetFolder: URL { manifestLink.deletingLastPathComponent() }

    /// Runs `swift ARGUMENTS` in the package. SwiftPM itself sometimes crashes on Linux in
    /// libdispatch's event loop (`_dispatch_event_loop_drain`, swiftlang/swift#87033), losing
    /// the plugin's output; a run that shows that crash is repeated once.
    private func swift(_ arguments: [String]) throws -> RunResult {
        let result = try runSwift(arguments)
        let swiftPMCrashed = result.stdout.contains("*** Program crashed") && result.stdout.contains("_dispatch_event_loop_drain")
        return swiftPMCrashed ? try runSwift(arguments) : result
    }

    private func runSwift(_ arguments: [String]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = package
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: text, stderr: "")
    }

    private func build() throws -> String {
        let result = try swift(["build", "--scratch-path", scratch.path])
        XCTAssertEqual(result.status, 0, result.stdout)
        return result.stdout
    }

    private func demo() throws -> String {
        let result = try runFlaggenLike(scratch.appendingPathComponent("debug/CheckoutDemo"))
        XCTAssertEqual(result.status, 0)
        return result.stdout
    }

    private func runFlaggenLike(_ executable: URL) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: text, stderr: "")
    }

    private func edit(_ url: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(old) not in \(url.path)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    func testBuildPluginRegeneratesOnlyWhenItShould() throws {
        let first = try build()
        XCTAssertTrue(first.contains("Generating flags from flags.yaml for CheckoutApp"), first)
        XCTAssertEqual(
            try demo(),
            """
            new checkout: false
            button: Buy now
            paywall: Go Pro, 7 trial days
            media: true
            after refresh, open screen: false, Buy now; media: false
            a screen opened later in the session: false, Buy now
            bucket acct-42/new_checkout: 1500

            """)

        // SwiftPM may relink its host copy of the tool once after the first build; from then on
        // a build with nothing changed runs nothing and compiles nothing.
        let settle = try build()
        XCTAssertFalse(settle.contains("Compiling CheckoutApp"), settle)
        let noOp = try build()
        XCTAssertFalse(noOp.contains("Generating flags"), noOp)
        XCTAssertFalse(noOp.contains("Compiling CheckoutApp"), noOp)
        XCTAssertFalse(noOp.contains("Compiling CheckoutDemo"), noOp)

        // Editing the manifest regenerates and recompiles.
        try edit(manifest, "default: Buy now", "default: Buy it")
        let edited = try build()
        XCTAssertTrue(edited.contains("Generating flags"), edited)
        XCTAssertTrue(edited.contains("Compiling CheckoutApp"), edited)
        XCTAssertTrue(try demo().contains("button: Buy it\n"))

        // A template override the manifest names is an input too, also when the manifest is a
        // symlink (its `templates:` is relative to the link's folder, as for flaggen itself).
        let templates = targetFolder.appendingPathComponent("Templates/swift")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let builtIn = try String(contentsOf: packageRoot.appendingPathComponent("Templates/swift/Flags.swift.mustache"), encoding: .utf8)
        let override = templates.appendingPathComponent("Flags.swift.mustache")
        try Data((builtIn + "\n// custom template v1\n").utf8).write(to: override)
        try edit(manifest, "name: Flags\n", "name: Flags\ntemplates: Templates\n")
        _ = try build()
        let generated = try XCTUnwrap(generatedSwift())
        XCTAssertTrue(try String(contentsOf: generated, encoding: .utf8).contains("// custom template v1"))
        try edit(override, "v1", "v2")
        let afterTemplate = try build()
        XCTAssertTrue(afterTemplate.contains("Generating flags"), afterTemplate)
        XCTAssertTrue(try String(contentsOf: generated, encoding: .utf8).contains("// custom template v2"))
    }

    func testInvalidOrDuplicateManifestsFailTheBuildWithDiagnostics() throws {
        try edit(manifest, "    default: false\n    owner: payments", "    default: nope\n    owner: payments")
        let invalid = try swift(["build", "--scratch-path", scratch.path])
        XCTAssertNotEqual(invalid.status, 0)
        XCTAssertTrue(invalid.stdout.contains("flags.yaml:18:14: error: the default of flag 'new_checkout' must be true or false"), invalid.stdout)

        try edit(manifest, "    default: nope\n    owner: payments", "    default: false\n    owner: payments")
        let extra = targetFolder.appendingPathComponent("More/flags.yaml")
        try FileManager.default.createDirectory(at: extra.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("version: 1\nflags: {}\n".utf8).write(to: extra)
        let duplicate = try swift(["build", "--scratch-path", scratch.path])
        XCTAssertNotEqual(duplicate.status, 0)
        XCTAssertTrue(duplicate.stdout.contains("has 2 flags.yaml files"), duplicate.stdout)
    }

    /// The documented flow: the build plugin makes the Swift; the committed outputs (Kotlin for
    /// the Android app, schemas, seeds) go outside the target, where SwiftPM neither compiles
    /// them nor warns about them; generate-flags, swift build, check-flags and the CLI agree.
    func testCommandPluginsWriteAndCheckCommittedOutputs() throws {
        try edit(
            manifest,
            "  swift: Generated/Swift/Flags.swift\n  kotlin: Generated/Kotlin/Flags.kt\n  kotlinRuntime: Generated/Kotlin/FlagStore.kt\n  schemas: Generated/Schemas\n  seeds: Generated/Server\n",
            "  swift: false\n  kotlin: ../../android/app/src/main/kotlin/Flags.kt\n  schemas: ../../server/schemas\n  seeds: ../../server/seeds\n")
        let generate = try swift(["package", "--scratch-path", scratch.path, "--allow-writing-to-package-directory", "generate-flags"])
        XCTAssertEqual(generate.status, 0, generate.stdout)
        for file in ["android/app/src/main/kotlin/Flags.kt", "android/app/src/main/kotlin/FlagKit.kt", "server/schemas/PaywallConfig.schema.json", "server/seeds/flags.seed.sql"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: package.appendingPathComponent(file).path), file)
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: targetFolder.path).sorted(), ["Screens.swift", "flags.yaml"],
            "nothing generated inside the target")
        XCTAssertTrue(generate.stdout.contains("created"), generate.stdout)

        let built = try build()
        XCTAssertFalse(built.contains("multiple producers"), built)
        XCTAssertFalse(built.contains("unhandled"), built)
        XCTAssertTrue(try demo().contains("1500"))

        let clean = try swift(["package", "--scratch-path", scratch.path, "check-flags"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertTrue(clean.stdout.contains("up to date"), clean.stdout)
        let cli = try runFlaggen(["check", "--manifest", "Sources/Checkout App/flags.yaml"], in: package)
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertTrue(cli.stdout.contains("up to date"), cli.stdout)

        try edit(package.appendingPathComponent("android/app/src/main/kotlin/Flags.kt"), "defaultValue = false", "defaultValue = true")
        let drift = try swift(["package", "--scratch-path", scratch.path, "check-flags", "--target", "CheckoutApp", "--only", "kotlin"])
        XCTAssertNotEqual(drift.status, 0)
        XCTAssertTrue(drift.stdout.contains("Flags.kt"), drift.stdout)
        XCTAssertTrue(drift.stdout.contains("differs from what the manifest generates"), drift.stdout)
        // A team with only the plugins has no flaggen to run: the fix is the plugin's command,
        // with the options generate takes too.
        XCTAssertTrue(drift.stdout.contains("fix: \(Self.generateFlags) --target CheckoutApp --only kotlin\n"), drift.stdout)
        XCTAssertFalse(drift.stdout.contains("flaggen generate"), drift.stdout)
        XCTAssertEqual(try runFlaggen(["check", "--manifest", "Sources/Checkout App/flags.yaml"], in: package).status, 1)

        // The plugin's annotations name files from the package's root, as the command line run
        // there does, so GitHub can place them.
        let annotated = try swift(["package", "--scratch-path", scratch.path, "check-flags", "--format", "github"])
        XCTAssertNotEqual(annotated.status, 0)
        let cliAnnotated = try runFlaggen(
            ["check", "--manifest", "Sources/Checkout App/flags.yaml", "--swift-from-build-plugin", "--format", "github",
             "--fix-command", "\(Self.generateFlags) --target CheckoutApp"],
            in: package)
        func annotations(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init) }
        XCTAssertEqual(annotations(annotated.stdout), annotations(cliAnnotated.stdout + cliAnnotated.stderr), annotated.stdout)
        XCTAssertTrue(annotated.stdout.contains("::error file=android/app/src/main/kotlin/Flags.kt,"), annotated.stdout)
        XCTAssertTrue(annotated.stdout.contains("run '\(Self.generateFlags) --target CheckoutApp'"), annotated.stdout)
    }

    private static let generateFlags = "swift package --allow-writing-to-package-directory generate-flags"

    /// Without `swift: false`, the command plugins still leave the Swift to the build plugin of
    /// a target that applies it: a second Flags.swift in the target would fail the build.
    func testCommandPluginsLeaveTheSwiftToTheBuildPlugin() throws {
        // Found by a walk of docs/swiftpm.md: a Flags.swift committed before the target applied
        // FlagGenPlugin stayed (check-flags passed, generate-flags left it), and the build failed
        // with "multiple producers"; it is this manifest's old output, so it goes.
        let outputs = targetFolder.appendingPathComponent("Generated")
        let committed = try runFlaggen(["--manifest", manifestLink.path, "generate", "--only", "swift"], in: package)
        XCTAssertEqual(committed.status, 0, committed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outputs.appendingPathComponent("Swift/Flags.swift").path))
        let stale = try swift(["package", "--scratch-path", scratch.path, "check-flags"])
        XCTAssertNotEqual(stale.status, 0, stale.stdout)
        XCTAssertTrue(stale.stdout.contains("generated earlier from the manifest, but no longer"), stale.stdout)

        let generate = try swift(["package", "--scratch-path", scratch.path, "--allow-writing-to-package-directory", "generate-flags"])
        XCTAssertEqual(generate.status, 0, generate.stdout)
        XCTAssertTrue(generate.stdout.contains("CheckoutApp applies FlagGenPlugin, which makes its Swift in every build: leaving the Swift out"), generate.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outputs.appendingPathComponent("Swift/Flags.swift").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: outputs.appendingPathComponent("Kotlin/Flags.kt").path))
        let built = try swift(["build", "--scratch-path", scratch.path])
        XCTAssertFalse(built.stdout.contains("multiple producers"), built.stdout)
        let clean = try swift(["package", "--scratch-path", scratch.path, "check-flags"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
    }

    /// The Flags.swift the build plugin wrote into its work directory.
    private func generatedSwift() -> URL? {
        guard let enumerator = FileManager.default.enumerator(at: scratch.appendingPathComponent("plugins/outputs"), includingPropertiesForKeys: nil) else {
            return nil
        }
        for case let url as URL in enumerator where url.lastPathComponent == "Flags.swift" && url.path.contains("FlagGenPlugin") {
            return url
        }
        return nil
    }
}
