import Foundation
import XCTest

/// Runs Scripts/release.sh --local, then builds a copy of Examples/iOSApp that depends only on
/// the plugin package it writes, to prove that an app's build runs the prebuilt flaggen:
/// it compiles none of flaggen's own modules (FlaggenCore, Mustache, FlaggenJSON, CYAML), the
/// binary loads no libyaml and no Swift runtime library, and the build and command plugins work.
/// It builds flaggen in release mode, so it runs with FLAGGEN_PLUGIN_TESTS=1 like the other
/// plugin tests (Scripts/test.sh sets it).
final class PrebuiltPluginTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["FLAGGEN_PLUGIN_TESTS"] == "1" else {
            if environment["CI"] == "true" { XCTFail("FLAGGEN_PLUGIN_TESTS=1 is not set; run the suite with Scripts/test.sh") }
            throw XCTSkip("set FLAGGEN_PLUGIN_TESTS=1 (Scripts/test.sh does) to run the prebuilt plugin test")
        }
        root = try temporaryFolder(self).appendingPathComponent("prebuilt test with spaces")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Runs a program with arguments in a folder, its output and errors together. After
    /// `timeout` seconds it is killed and the test fails, so a hang cannot stall the suite.
    private func run(_ arguments: [String], in folder: URL, timeout: TimeInterval = 600, file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = DispatchWorkItem {
            guard process.isRunning else { return }
            XCTFail("\(arguments.joined(separator: " ")) still ran after \(Int(timeout)) s; killed", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        defer { deadline.cancel() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: text, stderr: "")
    }

    /// `swift ARGUMENTS`, repeated once when SwiftPM itself crashed in libdispatch's event loop
    /// on Linux (swiftlang/swift#87033; see PluginIntegrationTests).
    private func swift(_ arguments: [String], in folder: URL) throws -> RunResult {
        let result = try run(["swift"] + arguments, in: folder)
        let crashed = result.stdout.contains("*** Program crashed") && result.stdout.contains("_dispatch_event_loop_drain")
        return crashed ? try run(["swift"] + arguments, in: folder) : result
    }

    private func releaseScript(_ arguments: [String]) throws -> RunResult {
        try run([packageRoot.appendingPathComponent("Scripts/release.sh").path] + arguments, in: packageRoot)
    }

    /// A package as `swift package dump-package` describes it.
    private func dumpPackage(at folder: URL) throws -> [String: Any] {
        let scratch = root.appendingPathComponent("dump \(folder.lastPathComponent)")
        let result = try swift(["package", "--scratch-path", scratch.path, "dump-package"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout)
        // The JSON starts at the first line that opens it: SwiftPM may print lines before it.
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("{") }, result.stdout)
        let json = lines[first...].joined(separator: "\n")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// A dumped package's targets by name.
    private func targets(of package: [String: Any]) throws -> [String: NSDictionary] {
        let targets = try XCTUnwrap(package["targets"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: targets.map { ($0["name"] as? String ?? "", $0 as NSDictionary) })
    }

    func testAnAppBuildsWithThePrebuiltFlaggenAlone() throws {
        let output = root.appendingPathComponent("release out")

        // Usage errors come before any build.
        let both = try releaseScript(["--output", output.path, "--local", "--url", "https://example.com/flaggen.zip"])
        XCTAssertEqual(both.status, 2, both.stdout)
        XCTAssertTrue(both.stdout.contains("--local and --url exclude each other"), both.stdout)
        let plainHTTP = try releaseScript(["--output", output.path, "--url", "http://example.com/flaggen.zip"])
        XCTAssertEqual(plainHTTP.status, 2, plainHTTP.stdout)
        XCTAssertTrue(plainHTTP.stdout.contains("--url must be an https URL"), plainHTTP.stdout)

        let started = Date()
        let release = try releaseScript(["--output", output.path, "--local"])
        XCTAssertEqual(release.status, 0, release.stdout)
        XCTAssertFalse(release.stdout.contains("warning: "), release.stdout)
        print("Scripts/release.sh --local: \(Int(Date().timeIntervalSince(started))) s")

        // The bundle: SE-0305's info.json, one variant for this machine, the zip and its checksum.
        let bundle = output.appendingPathComponent("flaggen.artifactbundle")
        let info = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        XCTAssertEqual(info["schemaVersion"] as? String, "1.0")
        let artifact = try XCTUnwrap((info["artifacts"] as? [String: Any])?["flaggen"] as? [String: Any])
        XCTAssertEqual(artifact["type"] as? String, "executable")
        XCTAssertEqual(artifact["version"] as? String, try runFlaggen(["--version"]).stdout.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let variants = try XCTUnwrap(artifact["variants"] as? [[String: Any]])
        #if os(Linux)
            #if arch(x86_64)
                let hostTriple = "x86_64-unknown-linux-gnu"
            #else
                let hostTriple = "aarch64-unknown-linux-gnu"
            #endif
        #else
            #if arch(x86_64)
                let hostTriple = "x86_64-apple-macosx"
            #else
                let hostTriple = "arm64-apple-macosx"
            #endif
        #endif
        let variant = try XCTUnwrap(variants.first { ($0["supportedTriples"] as? [String])?.contains(hostTriple) == true }, "\(variants)")
        let binary = bundle.appendingPathComponent(try XCTUnwrap(variant["path"] as? String))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), binary.path)

        let zip = output.appendingPathComponent("flaggen.artifactbundle.zip")
        let listing = try run(["unzip", "-l", zip.path], in: output)
        XCTAssertTrue(listing.stdout.contains("flaggen.artifactbundle/info.json"), listing.stdout)
        let checksum = try swift(["package", "compute-checksum", zip.path], in: output)
        XCTAssertEqual(
            try String(contentsOf: output.appendingPathComponent("flaggen.artifactbundle.zip.checksum"), encoding: .utf8),
            checksum.stdout)
        XCTAssertEqual(checksum.stdout.trimmingCharacters(in: .newlines).count, 64, checksum.stdout)

        // It runs alone: no libyaml and no Swift runtime library from the system.
        #if os(Linux)
            let libraries = try run(["ldd", binary.path], in: output)
            XCTAssertEqual(libraries.status, 0, libraries.stdout)
            for name in ["libyaml", "libswift", "libFoundation", "libdispatch"] {
                XCTAssertFalse(libraries.stdout.contains(name), "\(name) in:\n\(libraries.stdout)")
            }
        #else
            let libraries = try run(["otool", "-L", binary.path], in: output)
            XCTAssertFalse(libraries.stdout.contains("libyaml"), libraries.stdout)
        #endif

        // The plugin package declares every plugin, FlagKit, the platforms and the language
        // mode exactly as this package does.
        let plugin = output.appendingPathComponent("flaggen-plugin")
        let ourPackage = try dumpPackage(at: packageRoot)
        let theirPackage = try dumpPackage(at: plugin)
        XCTAssertEqual(theirPackage["platforms"] as? NSArray, ourPackage["platforms"] as? NSArray)
        XCTAssertEqual(theirPackage["swiftLanguageVersions"] as? NSArray, ourPackage["swiftLanguageVersions"] as? NSArray)
        let ours = try targets(of: ourPackage)
        let theirs = try targets(of: theirPackage)
        let plugins = ours.filter { $0.value["type"] as? String == "plugin" }.keys.sorted()
        XCTAssertTrue(plugins.contains("FlagGenPlugin") && ours["FlagKit"] != nil, "\(ours.keys.sorted())")
        XCTAssertEqual(theirs.filter { $0.value["type"] as? String == "plugin" }.keys.sorted(), plugins)
        for name in plugins + ["FlagKit", "FlagKitBucket"] {
            XCTAssertEqual(theirs[name], ours[name], name)
        }
        XCTAssertEqual(theirs["flaggen"]?["type"] as? String, "binary")
        XCTAssertEqual(theirs["flaggen"]?["path"] as? String, "flaggen.artifactbundle")

        // An app that depends on nothing but the plugin package.
        let app = root.appendingPathComponent("app")
        let scratch = root.appendingPathComponent("app build")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/iOSApp"), to: app)
        let manifest = app.appendingPathComponent("Sources/Checkout App/flags.yaml")
        try FileManager.default.removeItem(at: manifest)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: manifest)
        let packageFile = app.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: packageFile, encoding: .utf8)
        XCTAssertTrue(text.contains(#".package(name: "flaggen", path: "../..")"#), text)
        try Data(
            text.replacingOccurrences(of: #".package(name: "flaggen", path: "../..")"#, with: ".package(path: \"\(plugin.path)\")")
                .replacingOccurrences(of: #"package: "flaggen")"#, with: #"package: "flaggen-plugin")"#).utf8
        ).write(to: packageFile)

        let buildStarted = Date()
        let build = try swift(["build", "--scratch-path", scratch.path], in: app)
        XCTAssertEqual(build.status, 0, build.stdout)
        print("the app's first build with the prebuilt flaggen: \(Int(Date().timeIntervalSince(buildStarted))) s")
        XCTAssertTrue(build.stdout.contains("Generating flags from flags.yaml for CheckoutApp"), build.stdout)
        XCTAssertTrue(build.stdout.contains("Compiling FlagKit"), build.stdout)
        for module in ["FlaggenCore", "Mustache", "FlaggenJSON", "FlaggenArguments", "CYAML", "flaggen"] {
            XCTAssertFalse(build.stdout.contains("Compiling \(module) "), "\(module) was compiled:\n\(build.stdout)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("debug/\(module).build").path), module)
        }
        let demo = try run([scratch.appendingPathComponent("debug/CheckoutDemo").path], in: app)
        XCTAssertEqual(demo.status, 0, demo.stdout)
        XCTAssertTrue(demo.stdout.hasPrefix("new checkout: false\nbutton: Buy now\n"), demo.stdout)
        XCTAssertTrue(demo.stdout.contains("bucket acct-42/new_checkout: 1500\n"), demo.stdout)

        // The command plugins run the same binary.
        let generate = try swift(["package", "--scratch-path", scratch.path, "--allow-writing-to-package-directory", "generate-flags"], in: app)
        XCTAssertEqual(generate.status, 0, generate.stdout)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: app.appendingPathComponent("Sources/Checkout App/Generated/Kotlin/Flags.kt").path),
            generate.stdout)
        let check = try swift(["package", "--scratch-path", scratch.path, "check-flags"], in: app)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("up to date"), check.stdout)

        // For a release the package downloads the zip by URL and checks its checksum; the
        // build is not repeated.
        let published = root.appendingPathComponent("release by url")
        let url = "https://example.com/releases/download/v9/flaggen.artifactbundle.zip"
        let byURL = try releaseScript(["--output", published.path, "--url", url])
        XCTAssertEqual(byURL.status, 0, byURL.stdout)
        XCTAssertFalse(byURL.stdout.contains("Compiling"), byURL.stdout)
        let publishedChecksum = try String(contentsOf: published.appendingPathComponent("flaggen.artifactbundle.zip.checksum"), encoding: .utf8)
        let remote = try targets(of: dumpPackage(at: published.appendingPathComponent("flaggen-plugin")))["flaggen"]
        XCTAssertEqual(remote?["url"] as? String, url)
        XCTAssertEqual(remote?["checksum"] as? String, publishedChecksum.trimmingCharacters(in: .newlines))
        XCTAssertFalse(FileManager.default.fileExists(atPath: published.appendingPathComponent("flaggen-plugin/flaggen.artifactbundle").path))
    }
}
