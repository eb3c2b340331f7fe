import Foundation
import XCTest

/// `flaggen remove` end to end on a small Swift and Kotlin app (Fixtures/remove): the manifest,
/// the outputs and the code change together, the code still compiles, and every refusal
/// changes nothing. Needs Polyglot Piranha (FLAGGEN_PYTHON), swiftc and kotlinc: skipped
/// locally without them, failed when CI=true.
final class RemoveCLITests: XCTestCase {
    private let fixture = packageRoot.appendingPathComponent("Tests/FlaggenCLITests/Fixtures/remove")
    private let expected = packageRoot.appendingPathComponent("Tests/FlaggenCLITests/Fixtures/remove-expected")

    /// A tool from an environment variable; skipped without it, failed in CI.
    private func tool(_ variable: String, _ purpose: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment[variable], !value.isEmpty { return value }
        let message = "\(variable) is not set, so \(purpose) cannot run; run the suite with Scripts/test.sh"
        if environment["CI"] == "true" { XCTFail(message) }
        throw XCTSkip(message)
    }

    /// A Python with Piranha: skipped (failed in CI) when FLAGGEN_PYTHON lacks it.
    private func piranhaPython() throws -> String {
        let python = try tool("FLAGGEN_PYTHON", "the flaggen remove tests (Polyglot Piranha)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import polyglot_piranha"]
        probe.standardError = Pipe()
        try probe.run()
        probe.waitUntilExit()
        if probe.terminationStatus != 0 {
            let message = "\(python) has no polyglot_piranha (python -m pip install polyglot-piranha)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        return python
    }

    /// A copy of the sample app with its outputs generated.
    private func sampleApp() throws -> URL {
        let folder = try temporaryFolder(self).appendingPathComponent("app")
        try FileManager.default.copyItem(at: fixture, to: folder)
        let generated = try runFlaggen(["generate"], in: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        return folder
    }

    private func environment(python: String) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["FLAGGEN_PYTHON": python]) { _, new in new }
    }

    /// Every file under `folder`, with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// Runs a compiler and collects what it printed.
    private func runProcess(_ executable: String, _ arguments: [String]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errors = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errors = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    func testRemoveRewritesBothPlatformsAndTheCodeStillCompiles() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("removed 'new_checkout'"), result.stdout)
        XCTAssertEqual(try text(app.appendingPathComponent("App/Checkout.swift")), try text(expected.appendingPathComponent("Checkout.swift")))
        XCTAssertEqual(try text(app.appendingPathComponent("App/Checkout.kt")), try text(expected.appendingPathComponent("Checkout.kt")))
        let manifest = try text(app.appendingPathComponent("flags.yaml"))
        XCTAssertTrue(manifest.contains("retired: [old_home_banner, new_checkout]\n"))
        XCTAssertFalse(manifest.contains("new_checkout:"))
        XCTAssertFalse(try text(app.appendingPathComponent("Generated/Flags.swift")).contains("newCheckout"))
        // The outputs match the edited manifest, and no temporary file is left.
        let check = try runFlaggen(["check"], in: app)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(try snapshot(app).keys.contains { $0.hasSuffix(".tmp") })

        // Swift: type-check the rewritten code with the regenerated Flags.swift against FlagKit.
        let modules = flaggenExecutable.deletingLastPathComponent().appendingPathComponent("Modules").path
        let swiftc = try runProcess(
            "/usr/bin/env", ["swiftc", "-typecheck", "-I", modules, app.appendingPathComponent("Generated/Flags.swift").path, app.appendingPathComponent("App/Checkout.swift").path])
        XCTAssertEqual(swiftc.status, 0, swiftc.stderr)

        // Kotlin: compile the rewritten code with the regenerated Flags.kt, FlagKit.kt and FlagStore.kt.
        let kotlinc = try tool("FLAGGEN_KOTLINC", "the Kotlin compile check of flaggen remove")
        let orgJSON = try tool("FLAGGEN_ORG_JSON_JAR", "the Kotlin compile check of flaggen remove")
        let coroutines = try tool("FLAGGEN_COROUTINES_JARS", "the Kotlin compile check of flaggen remove")
        let jar = app.appendingPathComponent("app.jar").path
        let sources = ["Generated/Flags.kt", "Generated/FlagKit.kt", "Generated/FlagStore.kt", "App/Checkout.kt"].map { app.appendingPathComponent($0).path }
        let compiled = try runProcess(kotlinc, ["-cp", orgJSON + ":" + coroutines, "-d", jar] + sources)
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        let diagnostics = compiled.stderr.split(separator: "\n").filter { !$0.contains("OpenJDK") && !$0.isEmpty }.map(String.init)
        XCTAssertEqual(diagnostics, [], "kotlinc printed diagnostics")
    }

    func testDryRunPrintsTheDiffAndWritesNothing() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let before = try snapshot(app)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "off", "--dry-run", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try snapshot(app), before)
        for header in ["--- a/flags.yaml", "+++ b/flags.yaml", "--- a/Generated/Flags.swift", "--- a/App/Checkout.swift", "--- a/App/Checkout.kt"] {
            XCTAssertTrue(result.stdout.contains(header + "\n"), "no \(header) in:\n\(result.stdout)")
        }
        XCTAssertTrue(result.stdout.contains("-retired: [old_home_banner]\n+retired: [old_home_banner, new_checkout]\n"))
        XCTAssertTrue(result.stdout.contains("+        return \"old checkout\"\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("nothing was written"))
    }

    func testPathsThatReachOneFileTwiceRewriteItOnce() throws {
        // Reported: `remove ... . App` staged App/Checkout.swift under two spellings, the second
        // rename failed after the outputs were placed, and the run said it changed nothing.
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try runFlaggen(
            ["remove", "new_checkout", "--keep", "on", ".", "App", "./App/Checkout.swift"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text(app.appendingPathComponent("App/Checkout.swift")), try text(expected.appendingPathComponent("Checkout.swift")))
        XCTAssertEqual(try text(app.appendingPathComponent("App/Checkout.kt")), try text(expected.appendingPathComponent("Checkout.kt")))
        XCTAssertFalse(try text(app.appendingPathComponent("flags.yaml")).contains("new_checkout:"))
        let check = try runFlaggen(["check"], in: app)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(try snapshot(app).keys.contains { $0.hasSuffix(".tmp") })
    }

    func testAKillSwitchIsRefusedUnlessForced() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let before = try snapshot(app)
        let refused = try runFlaggen(["remove", "chat_media_enabled", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("kill switch: an operational lever"), refused.stderr)
        XCTAssertEqual(try snapshot(app), before)
        let forced = try runFlaggen(["remove", "chat_media_enabled", "--keep", "on", "--force", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try text(app.appendingPathComponent("App/Checkout.kt")).contains("fun media(): Boolean = true\n"))
    }

    func testAReadItCannotRewriteIsListedAndNothingChanges() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let odd = """
            import FlagKit

            let everyFlag = [Flags.newCheckout]
            let key = "new_checkout"

            """
        try odd.write(to: app.appendingPathComponent("App/Odd.swift"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Odd.swift:3:18: error: this read of 'new_checkout' cannot be rewritten"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Odd.swift:4:11: error: the raw key \"new_checkout\" cannot be rewritten"), result.stderr)
        XCTAssertTrue(result.stderr.contains("2 reads of 'new_checkout' cannot be rewritten; nothing was changed"), result.stderr)
        XCTAssertEqual(try snapshot(app), before)
    }

    func testAStringFlagIsReplacedWithItsValueOnBothPlatforms() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        try """
            import FlagKit

            @MainActor
            struct Buy {
                let flags: FlagView
                let store: FlagStore
                func label() -> String { flags.value(Flags.checkoutButtonLabel) }
                func again() -> String { store.view().value(Flags.checkoutButtonLabel) }
            }

            """.write(to: app.appendingPathComponent("App/Label.swift"), atomically: true, encoding: .utf8)
        try """
            package app

            import com.example.flags.FlagView
            import com.example.flags.Flags

            class Buy(private val flags: FlagView) {
                fun label(): String = flags.value(Flags.checkoutButtonLabel)
                fun title(): String = "Checkout: " + flags.value(Flags.checkoutButtonLabel)
            }

            """.write(to: app.appendingPathComponent("App/Label.kt"), atomically: true, encoding: .utf8)
        let result = try runFlaggen(
            ["remove", "checkout_button_label", "--value", "Pay \"now\"", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try text(app.appendingPathComponent("App/Label.swift")).contains(
            "    func label() -> String { \"Pay \\\"now\\\"\" }\n    func again() -> String { \"Pay \\\"now\\\"\" }\n"))
        XCTAssertTrue(try text(app.appendingPathComponent("App/Label.kt")).contains(
            "    fun label(): String = \"Pay \\\"now\\\"\"\n    fun title(): String = \"Checkout: \" + \"Pay \\\"now\\\"\"\n"))
        XCTAssertTrue(try text(app.appendingPathComponent("flags.yaml")).contains("retired: [old_home_banner, checkout_button_label]\n"))
    }

    /// tree-sitter-swift reads `"a" + x.value(F)` as a call whose callee is `"a" + x.value`:
    /// rewriting that call would drop `"a" +`, so such a read is listed and nothing changes.
    /// `&&`, `||` and `!` around a read parse as they should and are rewritten.
    func testASwiftReadAfterAnOperatorIsRewrittenOrListedNeverDropped() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        try """
            import FlagKit

            @MainActor
            func express(_ flags: FlagView, isPremium: Bool) -> Bool { isPremium && flags.isOn(Flags.newCheckout) }
            @MainActor
            func legacy(_ flags: FlagView, isPremium: Bool) -> Bool { isPremium || !flags.isOn(Flags.newCheckout) }
            @MainActor
            func title(_ flags: FlagView) -> String { "Checkout: " + flags.value(Flags.checkoutButtonLabel) }

            """.write(to: app.appendingPathComponent("App/Express.swift"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)
        let string = try runFlaggen(["remove", "checkout_button_label", "--value", "Pay", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(string.status, 1, string.stderr)
        XCTAssertTrue(string.stderr.contains(":8:70: error: this read of 'checkout_button_label' cannot be rewritten"), string.stderr)
        XCTAssertEqual(try snapshot(app), before)

        let bool = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(bool.status, 0, bool.stderr)
        let text = try text(app.appendingPathComponent("App/Express.swift"))
        XCTAssertTrue(text.contains("func express(_ flags: FlagView, isPremium: Bool) -> Bool { isPremium }\n"), text)
        XCTAssertTrue(text.contains("func legacy(_ flags: FlagView, isPremium: Bool) -> Bool { isPremium }\n"), text)
        XCTAssertTrue(text.contains(#"{ "Checkout: " + flags.value(Flags.checkoutButtonLabel) }"#), text)
    }

    func testAReadAfterACallInAndOrOrIsListedNotFoldedAway() throws {
        // Reported: `sideEffect() && flags.isOn(F)` kept off became `false`, dropping the call.
        let python = try piranhaPython()
        let app = try sampleApp()
        try """
            import FlagKit

            @MainActor
            func first(_ flags: FlagView) -> Bool { sideEffect() && flags.isOn(Flags.newCheckout) }
            @MainActor
            func second(_ flags: FlagView) -> Bool { counter.increment() || flags.isOn(Flags.newCheckout) }
            @MainActor
            func third(_ flags: FlagView) { if launch(), flags.isOn(Flags.newCheckout) { print("a") } }
            @MainActor
            func fourth(_ flags: FlagView) { guard launch(), flags.isOn(Flags.newCheckout) else { return }; print("b") }

            """.write(to: app.appendingPathComponent("App/Calls.swift"), atomically: true, encoding: .utf8)
        try """
            fun first(flags: FlagView): Boolean = sideEffect() && flags.isOn(Flags.newCheckout)

            """.write(to: app.appendingPathComponent("App/Calls.kt"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)
        let off = try runFlaggen(["remove", "new_checkout", "--keep", "off", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(off.status, 1, off.stderr)
        XCTAssertTrue(off.stderr.contains("App/Calls.swift:4:"), off.stderr)
        XCTAssertTrue(off.stderr.contains("App/Calls.kt:1:"), off.stderr)
        XCTAssertFalse(off.stderr.contains("App/Calls.swift:6:"), off.stderr)
        XCTAssertTrue(off.stderr.contains("error: this read of 'new_checkout' follows a call in '&&' or '||'"), off.stderr)
        XCTAssertTrue(off.stderr.contains("App/Calls.swift:8:"), off.stderr)
        XCTAssertTrue(off.stderr.contains("App/Calls.swift:10:"), off.stderr)
        XCTAssertTrue(off.stderr.contains("4 reads of 'new_checkout' cannot be rewritten without dropping a call; nothing was changed"), off.stderr)
        XCTAssertEqual(try snapshot(app), before)

        let on = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App", "--dry-run"], in: app, environment: environment(python: python))
        XCTAssertEqual(on.status, 1, on.stderr)
        XCTAssertTrue(on.stderr.contains("App/Calls.swift:6:"), on.stderr)
        XCTAssertFalse(on.stderr.contains("App/Calls.swift:4:"), on.stderr)
        XCTAssertEqual(try snapshot(app), before)
    }

    /// A file that is not UTF-8 is refused, naming the file, and nothing changes. (Reported: the
    /// Latin-1 byte of an unrelated comment became U+FFFD, EF BF BD, in the rewritten file.)
    func testASourceThatIsNotUTF8IsRefusedAndNothingChanges() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let file = app.appendingPathComponent("App/Checkout.swift")
        var bytes = try Data(contentsOf: file)
        bytes.append(contentsOf: Array("// Fran".utf8) + [0xE7] + Array("ois wrote this (Latin-1)\n".utf8))
        try bytes.write(to: file)
        let before = try snapshot(app)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Checkout.swift:44:8: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("not UTF-8"), result.stderr)
        XCTAssertTrue(result.stderr.contains("convert the file to UTF-8"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was changed"), result.stderr)
        XCTAssertEqual(try snapshot(app), before)
    }

    /// CRLF sources are rewritten as LF ones are, keeping their line ends. (Reported: refs read a
    /// CRLF file as one line, so every read was "cannot be rewritten".)
    func testCRLFSourcesAreRewrittenKeepingTheirLineEnds() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        for name in ["Checkout.swift", "Checkout.kt"] {
            try crlf(try text(app.appendingPathComponent("App/\(name)"))).write(to: app.appendingPathComponent("App/\(name)"), atomically: true, encoding: .utf8)
        }
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["Checkout.swift", "Checkout.kt"] {
            XCTAssertEqual(try text(app.appendingPathComponent("App/\(name)")), crlf(try text(expected.appendingPathComponent(name))), name)
        }
    }

    /// A file with a second hard link is refused: the rewrite renames a new file over one name
    /// and the other keeps the read. (Reported: "updated Shared/App.swift", and the other name
    /// still read the flag.)
    func testAHardLinkedSourceIsRefusedAndNothingChanges() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        try FileManager.default.createDirectory(at: app.appendingPathComponent("App/Shared"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: app.appendingPathComponent("App/Checkout.swift"), to: app.appendingPathComponent("App/Shared/Checkout.swift"))
        let before = try snapshot(app)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("hard link"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was changed"), result.stderr)
        XCTAssertEqual(try snapshot(app), before)
    }

    /// A source file whose name is not UTF-8 cannot be scanned: remove refuses, as for a file it
    /// cannot read. (Reported: it was skipped without a word.)
    func testASourceNamedInAnotherEncodingIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        try createRawItem(self, at: Array(app.appendingPathComponent("App/R").path.utf8) + [0xE9] + Array("sum.swift".utf8), contents: "let on = Flags.newCheckout\n")
        let files = ["flags.yaml", "App/Checkout.swift", "App/Checkout.kt", "Generated/Flags.swift"]
        let before = try files.map { try Data(contentsOf: app.appendingPathComponent($0)) }
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/R\\xE9sum.swift cannot be scanned (its name is not UTF-8; rename it)"), result.stderr)
        XCTAssertEqual(try files.map { try Data(contentsOf: app.appendingPathComponent($0)) }, before)
    }

    /// Without a PATH no code is scanned: it says so, since the code that reads the flag no
    /// longer compiles. (Reported: it removed the flag without a word about the code.)
    func testWithoutAPathItWarnsThatNoCodeWasRewritten() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "--dry-run"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: no PATH was given, so no code was scanned"), result.stderr)
        let named = try runFlaggen(["remove", "new_checkout", "--keep", "on", "--dry-run", "App"], in: app, environment: environment(python: python))
        XCTAssertFalse(named.stderr.contains("no PATH"), named.stderr)
    }

    func testWithoutPiranhaItSaysHowToInstallItAndChangesNothing() throws {
        let app = try sampleApp()
        let before = try snapshot(app)
        // A Python without Piranha (the system one), or one that does not exist.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "/nonexistent/python3"
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("python3 -m pip install polyglot-piranha"), result.stderr)
        XCTAssertTrue(result.stderr.contains("FLAGGEN_PYTHON"), result.stderr)
        XCTAssertEqual(try snapshot(app), before)
    }

    func testUsageErrors() throws {
        let app = try sampleApp()
        let noKeep = try runFlaggen(["remove", "new_checkout", "App"], in: app)
        XCTAssertEqual(noKeep.status, 2)
        XCTAssertTrue(noKeep.stderr.contains("--keep on or --keep off"), noKeep.stderr)
        XCTAssertTrue(noKeep.stderr.contains("See 'flaggen remove --help'."), noKeep.stderr)
        let badKeep = try runFlaggen(["remove", "new_checkout", "--keep", "maybe", "App"], in: app)
        XCTAssertEqual(badKeep.status, 2)
        let unknown = try runFlaggen(["remove", "new_chekout", "--keep", "on", "App"], in: app)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'new_checkout'"), unknown.stderr)
    }
}
