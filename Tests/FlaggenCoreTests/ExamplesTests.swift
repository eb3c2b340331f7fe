import Foundation
import XCTest

/// The examples are built and run by the suite, so they never rot.
final class ExamplesTests: XCTestCase {
    /// Examples/Android compiles against the committed Generated/Kotlin files and runs.
    func testAndroidExampleCompilesAndRuns() throws {
        let kotlinc = try peerTool("FLAGGEN_KOTLINC", purpose: "the Android example")
        let orgJSON = try peerTool("FLAGGEN_ORG_JSON_JAR", purpose: "the Android example")
        let kotlin = URL(fileURLWithPath: kotlinc).deletingLastPathComponent().appendingPathComponent("kotlin").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jar = folder.appendingPathComponent("example.jar").path
        let generated = packageRoot.appendingPathComponent("Generated/Kotlin")
        let sources = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter { $0.hasSuffix(".kt") }.sorted()
            .map { generated.appendingPathComponent($0).path }
            + [packageRoot.appendingPathComponent("Examples/Android/src/main/kotlin/com/example/app/Screens.kt").path]
        var classpath = orgJSON
        if let coroutines = ProcessInfo.processInfo.environment["FLAGGEN_COROUTINES_JARS"], !coroutines.isEmpty {
            classpath += ":" + coroutines
        }
        let compile = try runProcess(kotlinc, sources + ["-cp", classpath, "-d", jar])
        XCTAssertEqual(compile.status, 0, compile.stderr)
        let run = try runProcess(kotlin, ["-cp", "\(jar):\(classpath)", "com.example.app.ScreensKt"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            new checkout: false
            button: Buy now
            paywall: Go Pro
            remote paywall: 14
            broken paywall falls back: Go Pro
            bucket acct-42/new_checkout: 1500
            expired on 2029-02-01: [checkout_button_label]

            """)
    }

    /// Every seed a server README points at exists.
    func testServerExampleReadmesPointAtGeneratedSeeds() throws {
        let folder = packageRoot.appendingPathComponent("Examples/Server")
        for server in ["contract", "postgres", "firebase", "flagd", "unleash"] {
            let readme = try String(contentsOf: folder.appendingPathComponent("\(server)/README.md"), encoding: .utf8)
            let links = readme.components(separatedBy: "](../../../").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
            XCTAssertFalse(links.isEmpty, server)
            for link in links {
                XCTAssertTrue(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(link).path), "\(server): \(link)")
            }
        }
    }
}
