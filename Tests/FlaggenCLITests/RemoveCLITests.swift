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
            /// Shown while Flags.newCheckout is on.

            """
        try odd.write(to: app.appendingPathComponent("App/Odd.swift"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Odd.swift:3:18: error: this read of 'new_checkout' cannot be rewritten"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Odd.swift:4:11: error: the raw key \"new_checkout\" cannot be rewritten"), result.stderr)
        // Found by a hunt: a mention in a comment is a read to flaggen (it scans text), and the
        // message now says so.
        XCTAssertTrue(
            result.stderr.contains("App/Odd.swift:5:17: error: this read of 'new_checkout' cannot be rewritten (only Flags.x passed straight to isOn or value is, and a mention in a comment or a string counts as a read)"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("3 reads of 'new_checkout' cannot be rewritten; nothing was changed"), result.stderr)
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

    /// A CR LF file whose last line ends in LF alone (a tool appended the final line end) keeps
    /// that too (found by a bug hunt: the rewrite left a stray CR where it took a line out).
    func testACRLFSourceWhoseLastLineEndsInLFKeepsItsLineEnds() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let crlf = { (text: String) in String(text.replacingOccurrences(of: "\n", with: "\r\n").dropLast()) + "\n" }
        let source = app.appendingPathComponent("App/Checkout.swift")
        try crlf(try text(source)).write(to: source, atomically: true, encoding: .utf8)
        let result = try runFlaggen(["remove", "new_checkout", "--keep", "on", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text(source), crlf(try text(expected.appendingPathComponent("Checkout.swift"))))
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

    /// Writes `files` (path: text) into the app and runs `remove`; a refusal must change nothing.
    private func removeIn(_ app: URL, _ files: [String: String], _ arguments: [String], python: String) throws -> RunResult {
        for (path, text) in files {
            try text.write(to: app.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let before = try snapshot(app)
        let result = try runFlaggen(["remove"] + arguments + ["App"], in: app, environment: environment(python: python))
        if result.status != 0 { XCTAssertEqual(try snapshot(app), before, "a refusal changed files") }
        return result
    }

    /// An int and a double flag besides the sample's.
    private func addNumberFlags(_ app: URL) throws {
        let manifest = app.appendingPathComponent("flags.yaml")
        try (try text(manifest) + """

              max_items:
                type: int
                default: 3
                owner: payments
                expires: 2029-01-31

              ratio:
                type: double
                default: 0.5
                owner: payments
                expires: 2029-01-31

            """).write(to: manifest, atomically: true, encoding: .utf8)
        let generated = try runFlaggen(["generate"], in: app)
        XCTAssertEqual(generated.status, 0, generated.stderr)
    }

    /// Reported: a `false ->` entry of a `when` with a subject was deleted whole (its condition is
    /// the subject's value, not the flag), and the expression `when` was no longer exhaustive.
    func testAKotlinWhenWithASubjectKeepsItsFalseEntry() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Upsell.kt": """
            fun onTap(flags: FlagView, isPremium: Boolean) {
                when (isPremium) {
                    false -> showUpsell(flags.isOn(Flags.newCheckout))
                    true -> openCheckout()
                }
            }
            fun useNew(flags: FlagView, isPremium: Boolean): Boolean = when (isPremium) {
                false -> flags.isOn(Flags.newCheckout)
                true -> true
            }

            """], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try text(app.appendingPathComponent("App/Upsell.kt"))
        XCTAssertTrue(text.contains("        false -> showUpsell(true)\n        true -> openCheckout()\n"), text)
        XCTAssertTrue(text.contains("    false -> true\n    true -> true\n"), text)
    }

    /// Found by a hunt: with --keep off, a `when` without a subject kept its `false -> 1` entry
    /// (correct, but dead code left behind); its `false` entry goes, and a lone `else` is its body.
    /// A `when (subject)` keeps every entry, as `false ->` there compares the subject.
    func testAKotlinWhenWithoutASubjectLosesItsFalseEntry() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Steps.kt": """
            fun steps(flags: FlagView): Int = when {
                flags.isOn(Flags.newCheckout) -> 1
                else -> 3
            }
            fun later(flags: FlagView, x: Int): Int = when {
                x > 3 -> 0
                flags.isOn(Flags.newCheckout) -> 1
                else -> 3
            }
            fun subject(flags: FlagView, b: Boolean): Int = when (b) {
                false -> if (flags.isOn(Flags.newCheckout)) 1 else 2
                true -> 3
            }

            """], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text(app.appendingPathComponent("App/Steps.kt")), """
            fun steps(flags: FlagView): Int = 3
            fun later(flags: FlagView, x: Int): Int = when {
                x > 3 -> 0
                else -> 3
            }
            fun subject(flags: FlagView, b: Boolean): Int = when (b) {
                false -> 2
                true -> 3
            }

            """)
    }

    /// Reported: inlining a local replaced other names that are spelled the same (a member
    /// `settings.enabled`, a local of a sibling scope, a closure's parameter). Such a read is
    /// refused at its line.
    func testALocalWhoseNameMeansSomethingElseToo() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Locals.swift": """
                import FlagKit

                final class Settings { var enabled = false }
                enum Mode { case a, b }
                @MainActor
                func member(_ flags: FlagView, settings: Settings) -> Bool {
                    let enabled = flags.isOn(Flags.newCheckout)
                    let saved = settings.enabled
                    return enabled && saved
                }
                @MainActor
                func sibling(_ flags: FlagView, settings: Settings, mode: Mode) -> Int {
                    switch mode {
                    case .a:
                        let enabled = flags.isOn(Flags.newCheckout)
                        return enabled ? 1 : 2
                    case .b:
                        let enabled = settings.enabled
                        return enabled ? 3 : 4
                    }
                }
                @MainActor
                func closure(_ flags: FlagView, items: [Bool]) -> [Bool] {
                    let on = flags.isOn(Flags.newCheckout)
                    print(on)
                    return items.filter { on in !on }
                }
                @MainActor
                func fine(_ flags: FlagView) -> String {
                    let on = flags.isOn(Flags.newCheckout)
                    return on ? "a" : "b"
                }

                """,
            "App/Locals.kt": """
                class Settings { var enabled = false }
                fun rows(flags: FlagView, settings: Settings, mode: Int): Int {
                    if (mode == 0) {
                        val on = flags.isOn(Flags.newCheckout)
                        return if (on) 1 else 2
                    } else {
                        val on = settings.enabled
                        return if (on) 3 else 4
                    }
                }
                fun reassigned(flags: FlagView): Boolean {
                    var on = flags.isOn(Flags.newCheckout)
                    on = false
                    return on
                }

                """,
        ], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        let message = "is held in a local whose name also means something else"
        for place in ["App/Locals.swift:7:", "App/Locals.swift:15:", "App/Locals.swift:24:", "App/Locals.kt:4:", "App/Locals.kt:12:"] {
            XCTAssertTrue(result.stderr.contains("\(place)") && result.stderr.contains(message), place + "\n" + result.stderr)
        }
        XCTAssertFalse(result.stderr.contains("App/Locals.swift:30:"), result.stderr)
    }

    /// Found by a hunt: a read held in a local reached the places a read itself is refused from
    /// (after a call in `&&` or a condition list, among a guard's conditions), and the rewrite
    /// dropped the call or the guard's binding; a local used in a Kotlin string template lost its
    /// declaration but not the use; a char literal `'"'` hid a block's declarations. Each is now
    /// refused at the read, naming the use.
    func testALocalIsRefusedWhereItsReadWouldBe() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Held.swift": """
                import FlagKit

                func launchConfetti() -> Bool { true }
                @MainActor
                func celebrate(_ flags: FlagView) -> Int {
                    let fancy = flags.isOn(Flags.newCheckout)
                    if launchConfetti(), fancy { return 1 }
                    return 2
                }
                @MainActor
                func quantity(_ flags: FlagView, _ typed: Int?) -> Int {
                    let allowed = flags.isOn(Flags.newCheckout)
                    guard allowed, let quantity = typed else { return 1 }
                    return quantity
                }
                @MainActor
                func badge(_ flags: FlagView) -> String {
                    let newCheckout = flags.isOn(Flags.newCheckout)
                    if newCheckout { return "NEW" }
                    return ""
                }

                """,
            "App/Held.kt": """
                fun launchConfetti(): Boolean = true
                class Banner(private val flags: FlagView, val separator: String) {
                    var dismissed = false
                    fun celebrate(): Int {
                        val fancy = flags.isOn(Flags.newCheckout)
                        if (launchConfetti() && fancy) {
                            return 1
                        }
                        return 2
                    }
                    fun label(): String {
                        val dismissed = flags.isOn(Flags.newCheckout)
                        return "checkout_v2=$dismissed"
                    }
                    fun header(): String {
                        if (flags.isOn(Flags.newCheckout)) {
                            println('"')
                            val separator = ";"
                            println("using $separator")
                        }
                        return "id${separator}amount"
                    }
                }

                """,
        ], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        for expected in [
            "App/Held.swift:6:28: error: this read of 'new_checkout' is held in 'fancy', which line 7 reads after a call in '&&', '||' or a condition list",
            "App/Held.swift:12:30: error: this read of 'new_checkout' is held in 'allowed', which line 13 reads as one of several conditions",
            "App/Held.kt:5:32: error: this read of 'new_checkout' is held in 'fancy', which line 6 reads after a call in '&&', '||' or a condition list",
            "App/Held.kt:12:36: error: this read of 'new_checkout' is held in a local whose name also means something else",
            "App/Held.kt:16:24: error: this read of 'new_checkout' decides a block that declares names",
        ] {
            XCTAssertTrue(result.stderr.contains(expected), expected + "\n" + result.stderr)
        }
        // A local named like the flag's property is no other use of its name.
        XCTAssertFalse(result.stderr.contains("App/Held.swift:18:"), result.stderr)
    }

    /// Found by the review of the checks above: a Kotlin name in backticks with an apostrophe
    /// (`` `it's set up` ``) was read as a char literal that hid a block's declarations; the
    /// local's name in plain string text refused a read; a lambda's `v ->` made its `if` a
    /// value; an `if` after `==` was not one.
    func testNamesInBackticksStringTextLambdasAndOperatorsAreJudgedRight() throws {
        let python = try piranhaPython()
        let refused = try removeIn(try sampleApp(), [
            "App/Review.kt": """
                fun `it's set up`() {}
                fun setUp(flags: FlagView, x: Int): Int {
                    if (flags.isOn(Flags.newCheckout)) {
                        `it's set up`()
                        val x = 2
                        println(x)
                    }
                    return x
                }
                fun compare(flags: FlagView, y: Boolean): Boolean {
                    return y == if (flags.isOn(Flags.newCheckout)) { println("a"); true } else false
                }

                """
        ], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("App/Review.kt:3:20: error: this read of 'new_checkout' decides a block that declares names"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("App/Review.kt:11:32: error: this read of 'new_checkout' decides an 'if' used as a value"), refused.stderr)

        let app = try sampleApp()
        let rewritten = try removeIn(app, [
            "App/Fine.swift": """
                import FlagKit

                @MainActor
                func banner(_ flags: FlagView) -> String {
                    let on = flags.isOn(Flags.newCheckout)
                    print("checkout on")
                    return on ? "new" : "old"
                }

                """,
            "App/Fine.kt": """
                fun each(flags: FlagView, xs: List<Int>) {
                    xs.forEach { v -> if (flags.isOn(Flags.newCheckout)) { println(v) } }
                }
                fun mapped(flags: FlagView, xs: List<Int>): List<Int> =
                    xs.map { v -> if (flags.isOn(Flags.newCheckout)) { v } else { 0 } }

                """,
        ], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(rewritten.status, 0, rewritten.stderr)
        XCTAssertFalse(try text(app.appendingPathComponent("App/Fine.swift")).contains("isOn"))
        XCTAssertFalse(try text(app.appendingPathComponent("App/Fine.kt")).contains("isOn"))
    }

    /// Found by a hunt: a Kotlin `if` used as a value whose kept branch is a block was spliced
    /// into the expression (`val limit = nextAttempt()` and a stray `3`); a Swift `if`
    /// expression made Piranha fail for the whole run, naming no file.
    func testAnIfUsedAsAValueWithABlockIsRefusedAndAPiranhaFailureNamesItsFile() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Values.kt": """
                class Retry(private val flags: FlagView) {
                    private var attempts = 0
                    private fun nextAttempt(): Int { attempts += 1; return attempts }
                    fun limit(): Int {
                        val limit = if (flags.isOn(Flags.newCheckout)) 10 else {
                            nextAttempt()
                            3
                        }
                        return limit
                    }
                    fun plain(): Int = if (flags.isOn(Flags.newCheckout)) 10 else 3
                }

                """,
            "App/Values.swift": """
                import FlagKit

                @MainActor
                func title(_ flags: FlagView) -> String {
                    let title = if flags.isOn(Flags.newCheckout) { "New" } else { "Old" }
                    return title
                }

                """,
        ], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Values.kt:5:36: error: this read of 'new_checkout' decides an 'if' used as a value whose branch is a block"), result.stderr)
        XCTAssertFalse(result.stderr.contains("App/Values.kt:11:"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("App/Values.swift:5:31: error: this read of 'new_checkout' is in code Piranha could not rewrite (its parser cannot read this file: syntax newer than its grammar"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("Piranha failed"), result.stderr)
    }

    /// Found by a hunt: `!isOn(Flags.x)` without a receiver (in an extension of FlagView) was
    /// refused as a read the rules cannot rewrite, though the docs promise any receiver or none.
    func testANegatedReadWithoutAReceiverIsRewritten() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Steps.swift": """
                import FlagKit

                extension FlagView {
                    func steps() -> Int {
                        if !isOn(Flags.newCheckout) {
                            return 3
                        }
                        return 1
                    }
                }

                """
        ], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 0, result.stderr)
        let steps = try text(app.appendingPathComponent("App/Steps.swift"))
        XCTAssertFalse(steps.contains("isOn"), steps)
        XCTAssertFalse(steps.contains("return 3"), steps)
        XCTAssertTrue(steps.contains("return 1"), steps)
    }

    /// Found by a hunt: Piranha kept a `guard`'s else block without the comment that began it
    /// (`// Legacy devices need 3 steps: … (SEC-412)`). Refused when that block stays; a guard
    /// that passes goes with its block, comment and all.
    func testAGuardWhoseKeptElseBlockBeginsWithACommentIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let files = [
            "App/Pay.swift": """
                import FlagKit

                @MainActor
                func steps(_ flags: FlagView) -> Int {
                    guard flags.isOn(Flags.newCheckout) else {
                        // Legacy devices need 3 steps (SEC-412).
                        return 3
                    }
                    return 1
                }

                """
        ]
        let off = try removeIn(app, files, ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(off.status, 1, off.stderr)
        XCTAssertTrue(off.stderr.contains("App/Pay.swift:5:22: error: this read of 'new_checkout' decides a 'guard' whose 'else' block stays and begins with a comment"), off.stderr)
        let on = try removeIn(app, files, ["new_checkout", "--keep", "on", "--dry-run"], python: python)
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(on.stdout.contains("-    guard flags.isOn(Flags.newCheckout) else {"), on.stdout)
    }

    /// Found by a hunt: a CI timeout's SIGTERM to flaggen left Piranha's Python running, with no
    /// time limit any more, and its folder of copies of the user's sources. The driver now ends
    /// with flaggen and removes the folder.
    func testPiranhaEndsWithFlaggenAndTakesItsCopiesWithIt() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        // Enough reads to keep Piranha busy for several seconds.
        let functions = (0..<40).map { "@MainActor func f\($0)(_ flags: FlagView) -> Int { if flags.isOn(Flags.newCheckout) { return \($0) }; return -1 }" }
        try ("import FlagKit\n" + functions.joined(separator: "\n") + "\n").write(to: app.appendingPathComponent("App/Many.swift"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)
        let temporary = try temporaryFolder(self)
        let process = Process()
        process.executableURL = flaggenExecutable
        process.arguments = ["remove", "new_checkout", "--keep", "on", "App"]
        process.currentDirectoryURL = app
        process.environment = environment(python: python).merging(["TMPDIR": temporary.path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func driverFolders() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("flaggen-remove-") }
        }
        var waited = 0.0
        while try driverFolders().isEmpty, waited < 20 {
            Thread.sleep(forTimeInterval: 0.1)
            waited += 0.1
        }
        XCTAssertEqual(try driverFolders().count, 1, "Piranha's folder")
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        waited = 0
        while try !driverFolders().isEmpty, waited < 10 {
            Thread.sleep(forTimeInterval: 0.2)
            waited += 0.2
        }
        XCTAssertEqual(try driverFolders(), [], "the driver took its folder with it")
        XCTAssertEqual(try snapshot(app), before)
    }

    /// Reported: a Kotlin property that held a read (`val isNew = flags.isOn(F)`, used from other
    /// files) was deleted. Only locals are inlined: such a read is refused.
    func testAKotlinPropertyThatHoldsAReadIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Screen.kt": """
            class Screen(private val flags: FlagView) {
                val isNew = flags.isOn(Flags.newCheckout)
                fun title(): String = if (isNew) "New" else "Old"
            }

            """], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Screen.kt:2:28: error: this read of 'new_checkout' initializes 'isNew' outside a function"), result.stderr)
    }

    /// Found in review: a class on one line (`class P(val flags: FlagView) { val on = ... }`) was
    /// refused naming 'flags', the constructor's property, for the property 'on' that holds the read.
    func testARefusedKotlinPropertyIsNamedOnALineWithOtherBindings() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Oneline.kt": """
            class Oneline(val flags: FlagView) { val on = flags.isOn(Flags.newCheckout) }

            """], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Oneline.kt:1:58: error: this read of 'new_checkout' initializes 'on' outside a function"), result.stderr)
        XCTAssertFalse(result.stderr.contains("initializes 'flags'"), result.stderr)
    }

    /// Reported: `guard flags.isOn(F), let v = opt else { return -1 }` kept on lost `let v = opt`
    /// with the guard. A read among several conditions is refused.
    func testASwiftReadAmongSeveralConditionsIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Guards.swift": """
            import FlagKit

            @MainActor
            func guarded(_ flags: FlagView, _ opt: Int?) -> Int {
                guard flags.isOn(Flags.newCheckout), let v = opt else { return -1 }
                return v
            }
            @MainActor
            func later(_ flags: FlagView, _ opt: Int?) -> Int {
                if let v = opt, flags.isOn(Flags.newCheckout) { return v }
                return 0
            }

            """], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Guards.swift:5:22: error: this read of 'new_checkout' is one of several conditions"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Guards.swift:10:32: error: this read of 'new_checkout' is one of several conditions"), result.stderr)
    }

    /// Reported: a kept `if` body that declares a name (or holds a `defer`) was unwrapped into the
    /// function, where its `title` hid the property the function returns (and a `defer` ran at
    /// the function's end). Such a read is refused.
    func testAKeptBlockThatDeclaresNamesIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Blocks.swift": """
                import FlagKit

                @MainActor
                final class Header {
                    let flags: FlagView
                    let title = "Checkout"
                    var busy = false
                    init(flags: FlagView) { self.flags = flags }
                    func header() -> String {
                        if flags.isOn(Flags.newCheckout) {
                            let title = "New checkout"
                            print(title)
                        }
                        return title
                    }
                    func load() {
                        if !flags.isOn(Flags.newCheckout) {
                            print("old")
                        } else {
                            busy = true
                            defer { busy = false }
                        }
                        print(busy)
                    }
                    func plain() {
                        if flags.isOn(Flags.newCheckout) {
                            items.forEach { let x = $0; print(x) }
                        }
                    }
                }

                """,
            "App/Blocks.kt": """
                class Header(private val flags: FlagView) {
                    val title = "Checkout"
                    fun header(): String {
                        val on = flags.isOn(Flags.newCheckout)
                        if (on) {
                            val title = "New checkout"
                            println(title)
                        }
                        return title
                    }
                }

                """,
        ], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        let message = "decides a block that declares names or holds a 'defer'"
        for place in ["App/Blocks.swift:10:23:", "App/Blocks.swift:17:24:", "App/Blocks.kt:4:29:"] {
            XCTAssertTrue(result.stderr.contains("\(place) error: this read of 'new_checkout' \(message)"), place + "\n" + result.stderr)
        }
        XCTAssertFalse(result.stderr.contains("App/Blocks.swift:26:"), result.stderr)
    }

    /// Found by a hunt: a Kotlin `when` entry whose block declares a name was unwrapped into the
    /// function, where its `title` hid the property the function returns.
    func testAKotlinWhenEntryWhoseBlockDeclaresNamesIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/When.kt": """
            class Titles(private val flags: FlagView) {
                val title = "classic"
                fun f(): String {
                    when {
                        flags.isOn(Flags.newCheckout) -> {
                            val title = "new"
                            println(title)
                        }
                    }
                    return title
                }
            }

            """], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/When.kt:5:24: error: this read of 'new_checkout' decides a block that declares names or holds a 'defer'"), result.stderr)
    }

    /// Found by a hunt: a local or a Kotlin property whose read is on the line after its `=` (as
    /// ktlint and swift-format wrap long lines) escaped every check made for such bindings: a
    /// kept block's `defer` moved to the function's end, and the Kotlin property was deleted.
    func testABindingWrappedAfterItsEqualsSignIsCheckedAsOnOneLine() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Wrapped.swift": """
                import FlagKit

                @MainActor
                func wrapped(_ flags: FlagView) {
                    let on =
                        flags.isOn(Flags.newCheckout)
                    if on {
                        defer { print("closed the new checkout") }
                        print("new checkout")
                    }
                    print("rest of the work")
                }

                """,
            "App/Wrapped.kt": """
                class Screen(private val flags: FlagView) {
                    val isNew: Boolean =
                        flags.isOn(Flags.newCheckout)
                }

                """,
        ], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Wrapped.swift:6:20: error: this read of 'new_checkout' decides a block that declares names or holds a 'defer'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Wrapped.kt:3:20: error: this read of 'new_checkout' initializes 'isNew' outside a function"), result.stderr)
    }

    /// Found by a hunt: a line of only spaces before a `}` line was taken out anywhere in a
    /// rewritten file (Piranha leaves such lines where it removes a statement), a string's too.
    func testOnlyTheRewriteIsTidied() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let banner = "fun banner(): String = \"\"\"\n  }\n    \n}\n\"\"\"\n\n"
        let result = try removeIn(app, ["App/Banner.kt": banner + """
            fun title(flags: FlagView): String {
                if (flags.isOn(Flags.newCheckout)) {
                    println("new")
                }
                return "Checkout"
            }

            """], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text(app.appendingPathComponent("App/Banner.kt")), banner + "fun title(flags: FlagView): String {\n    return \"Checkout\"\n}\n")
    }

    /// Found by a hunt: `flags?.isOn(F) == true` became `true == true`, which is true where
    /// `flags` is null and the read was false. Such a read is left to the user, as in Swift.
    func testAKotlinSafeCallIsNotRewritten() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Safe.kt": """
            fun a(flags: FlagView?): Boolean = flags?.isOn(Flags.newCheckout) == true

            """], ["new_checkout", "--keep", "on"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Safe.kt:1:48: error: this read of 'new_checkout' cannot be rewritten"), result.stderr)
    }

    /// Reported: Piranha read `@name` in a `--value` as its placeholder for the flag's name.
    func testAValueWithAnAtSignIsKeptAsIs() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, [
            "App/Label.swift": "import FlagKit\n\n@MainActor\nfunc label(_ flags: FlagView) -> String { flags.value(Flags.checkoutButtonLabel) }\n",
            "App/Label.kt": "fun label(flags: FlagView): String = flags.value(Flags.checkoutButtonLabel)\n",
        ], ["checkout_button_label", "--value", "Mail @name or @types@"], python: python)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try text(app.appendingPathComponent("App/Label.swift")).contains(#"{ "Mail \u{40}name or \u{40}types\u{40}" }"#))
        XCTAssertTrue(try text(app.appendingPathComponent("App/Label.kt")).contains(#"= "Mail \u0040name or \u0040types\u0040""# + "\n"))
    }

    /// Reported: `-3L.coerceAtLeast(1L)` is `-(3L.coerceAtLeast(1L))`, and `-flags.value(F)`
    /// became `--3L`: a negative value is written in parentheses.
    func testANegativeValueIsParenthesized() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        try addNumberFlags(app)
        let ints = try removeIn(app, ["App/Limits.kt": """
            fun pageSize(flags: FlagView): Long = flags.value(Flags.maxItems).coerceAtLeast(1L)
            fun negated(flags: FlagView): Long = -flags.value(Flags.maxItems)

            """], ["max_items", "--value", "-3"], python: python)
        XCTAssertEqual(ints.status, 0, ints.stderr)
        let kotlin = try text(app.appendingPathComponent("App/Limits.kt"))
        XCTAssertTrue(kotlin.contains("= (-3L).coerceAtLeast(1L)\n") && kotlin.contains("= -(-3L)\n"), kotlin)
        let doubles = try removeIn(app, ["App/Ratio.swift": """
            import FlagKit

            @MainActor
            func ratio(_ flags: FlagView) -> Double { flags.value(Flags.ratio).rounded(.up) }

            """], ["ratio", "--value", "-0.5"], python: python)
        XCTAssertEqual(doubles.status, 0, doubles.stderr)
        XCTAssertTrue(try text(app.appendingPathComponent("App/Ratio.swift")).contains("{ (-0.5).rounded(.up) }"))
    }

    /// Reported: `attempts++ < 3 && flags.isOn(F)` kept off became `false`, dropping the `++`;
    /// a trailing lambda (`items.any { it > 0 }`) is a call too.
    func testAKotlinReadAfterAnIncrementOrALambdaIsRefused() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let result = try removeIn(app, ["App/Retry.kt": """
            class Retry(private val flags: FlagView) {
                private var attempts = 0
                fun shouldRetry(): Boolean = attempts++ < 3 && flags.isOn(Flags.newCheckout)
                fun any(items: List<Int>): Boolean = items.any { it > 0 } && flags.isOn(Flags.newCheckout)
            }

            """], ["new_checkout", "--keep", "off"], python: python)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Retry.kt:3:63: error: this read of 'new_checkout' follows a call"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Retry.kt:4:77: error: this read of 'new_checkout' follows a call"), result.stderr)
    }

    /// An enum flag's reads return its generated enum, which goes away with the flag: no literal
    /// can replace them (`"carousel" == .grid` does not compile), so they go by hand, as a json
    /// flag's do, and `--value` is refused rather than half-applied.
    func testAnEnumFlagsReadsGoByHand() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let manifest = app.appendingPathComponent("flags.yaml")
        try (try text(manifest) + """

              home_layout:
                type: string
                enum: [grid, list, carousel]
                default: grid
                owner: discovery
                expires: 2029-06-30
                kind: experiment

            """).write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runFlaggen(["generate"], in: app).status, 0)
        try """
            import FlagKit

            func layout(flags: FlagView) -> String {
                if flags.value(Flags.homeLayout) == .grid { return "g" }
                return "other"
            }

            """.write(to: app.appendingPathComponent("App/Home.swift"), atomically: true, encoding: .utf8)
        try """
            package app

            import com.example.flags.FlagView
            import com.example.flags.Flags

            fun layout(flags: FlagView): String = when (flags.value(Flags.homeLayout)) { Flags.HomeLayout.GRID -> "grid"; else -> "other" }

            """.write(to: app.appendingPathComponent("App/Home.kt"), atomically: true, encoding: .utf8)
        let before = try snapshot(app)

        let withValue = try runFlaggen(["remove", "home_layout", "--value", "carousel", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(withValue.status, 2, withValue.stderr)
        XCTAssertTrue(withValue.stderr.contains("'home_layout' is an enum flag"), withValue.stderr)
        XCTAssertEqual(try snapshot(app), before)

        let result = try runFlaggen(["remove", "home_layout", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(
            "App/Home.swift:4:20: error: this read of 'home_layout' returns Flags.HomeLayout, which goes away with the flag, so flaggen does not rewrite it; replace it by hand with the kept value"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Home.kt:6:57: error: this read of 'home_layout' returns Flags.HomeLayout"), result.stderr)
        XCTAssertEqual(try snapshot(app), before)

        // With the reads gone, the flag goes.
        try FileManager.default.removeItem(at: app.appendingPathComponent("App/Home.swift"))
        try FileManager.default.removeItem(at: app.appendingPathComponent("App/Home.kt"))
        let removed = try runFlaggen(["remove", "home_layout", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertFalse(try text(app.appendingPathComponent("Generated/Flags.swift")).contains("HomeLayout"))
    }

    /// A folder of the repository linked into PATH is not followed: `remove` refuses until the
    /// folder is named too, then rewrites its reads there. A link out of the repository is not
    /// this repository's code, and its files are never touched. (Reported: linked folders were
    /// skipped, so the read in them was left and the app no longer compiled, with exit 0.)
    func testAReadInALinkedFolderIsRewrittenOnceItsFolderIsNamed() throws {
        let python = try piranhaPython()
        let app = try sampleApp()
        let shared = app.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try "func label(flags: FlagView) -> String { flags.value(Flags.checkoutButtonLabel) }\n"
            .write(to: shared.appendingPathComponent("Label.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("App/Shared").path, withDestinationPath: "../Shared")
        let outside = app.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let title = "let title = flags.value(Flags.checkoutButtonLabel)\n"
        try title.write(to: outside.appendingPathComponent("Title.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("App/Outside").path, withDestinationPath: outside.path)

        let before = try snapshot(app)
        let refused = try runFlaggen(["remove", "checkout_button_label", "--value", "Pay now", "App"], in: app, environment: environment(python: python))
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("App/Shared cannot be scanned (it is a link to the folder "), refused.stderr)
        XCTAssertEqual(try snapshot(app), before)

        let result = try runFlaggen(
            ["remove", "checkout_button_label", "--value", "Pay now", "App", "Shared"], in: app, environment: environment(python: python))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try text(shared.appendingPathComponent("Label.swift")), "func label(flags: FlagView) -> String { \"Pay now\" }\n")
        XCTAssertEqual(try text(outside.appendingPathComponent("Title.swift")), title)
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
