@testable import FlaggenCore
import Foundation
import XCTest

/// Every output compared byte for byte with committed files. Set FLAGGEN_RECORD_GOLDENS=1 to
/// re-record them after an intended change, then review the diff.
final class GoldenTests: XCTestCase {
    /// The root flags.yaml's outputs are committed under Generated/; they double as its goldens.
    func testRootManifestOutputsMatchCommittedFiles() throws {
        try assertGoldens(manifest: packageRoot.appendingPathComponent("flags.yaml"), outputDirectory: nil)
    }

    /// A manifest full of keywords and strings that are hard to put into source code.
    func testHostileManifestOutputsMatchGoldens() throws {
        try assertGoldens(
            manifest: packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml"),
            outputDirectory: packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Goldens/hostile"))
    }

    /// The store specification's flags; FlagKitSpecTests compiles the Swift (a symlink).
    func testSpecManifestOutputsMatchGoldens() throws {
        // Only the Swift: the Kotlin runner renders its store at test time, and no seed is used.
        try assertGoldens(manifest: packageRoot.appendingPathComponent("Tests/Spec/spec.yaml"), outputDirectory: nil, kinds: [.swift])
    }

    func testOutputIsTheSameInAnyLocaleAndTimeZone() throws {
        let manifest = packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml").path
        let first = try Generate(manifestPath: manifest).render().files
        setenv("TZ", "Pacific/Kiritimati", 1)
        setenv("LC_ALL", "de_DE.UTF-8", 1)
        defer {
            unsetenv("TZ")
            unsetenv("LC_ALL")
        }
        let second = try Generate(manifestPath: manifest).render().files
        XCTAssertEqual(first, second)
        XCTAssertFalse(first.isEmpty)
    }

    private func assertGoldens(
        manifest: URL, outputDirectory: URL?, kinds: [OutputKind] = OutputKind.allCases, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var run = Generate(manifestPath: manifest.path)
        run.outputDirectory = outputDirectory?.path
        run.kinds = kinds
        let rendered = try run.render()
        XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }.map(\.formatted), [], file: file, line: line)
        XCTAssertFalse(rendered.files.isEmpty, file: file, line: line)
        if ProcessInfo.processInfo.environment["FLAGGEN_RECORD_GOLDENS"] == "1" {
            for generated in rendered.files {
                let url = rendered.root.appendingPathComponent(generated.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(generated.contents).write(to: url)
            }
            return
        }
        for generated in rendered.files {
            let url = rendered.root.appendingPathComponent(generated.path)
            guard let committed = FileManager.default.contents(atPath: url.path) else {
                XCTFail("\(url.path) is missing; run FLAGGEN_RECORD_GOLDENS=1 swift test --filter GoldenTests", file: file, line: line)
                continue
            }
            if let difference = firstDifference(expected: Array(committed), actual: generated.contents) {
                XCTFail("\(url.path) differs from the generated output:\n\(difference)\nRe-record with FLAGGEN_RECORD_GOLDENS=1 if the change is intended.", file: file, line: line)
            }
        }
    }
}

/// The first differing line of two texts, with its number, or nil when they are equal.
func firstDifference(expected: [UInt8], actual: [UInt8]) -> String? {
    guard expected != actual else { return nil }
    let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
        let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
        if want != got {
            return "line \(index + 1):\n- expected: \(want)\n+ actual:   \(got)"
        }
    }
    return "the files differ in bytes that are not visible per line"
}

/// The generated Swift has no `swift format lint` findings under the default configuration.
final class SwiftFormatLintTests: XCTestCase {
    func testGeneratedSwiftIsLintClean() throws {
        let files = [
            packageRoot.appendingPathComponent("Generated/Swift/Flags.swift"),
            packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Goldens/hostile/Generated/Swift/Flags.swift"),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // An empty configuration file means swift-format's defaults, whatever is in the tree.
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("swift-format-\(UUID().uuidString).json")
        try Data("{}".utf8).write(to: configuration)
        defer { try? FileManager.default.removeItem(at: configuration) }
        process.arguments = ["swift", "format", "lint", "--strict", "--configuration", configuration.path] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text, "")
    }
}
