@testable import FlaggenCore
import Foundation
import XCTest

/// `check` compares each output with the disk as it renders and keeps only outputs that differ.
final class ComparingSinkTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// Streams `pieces` as `path`; returns the bytes kept and whether the sink found it equal.
    private func compare(_ pieces: [String], with disk: String?, path: String = "Out.txt") throws -> (kept: String, matches: Bool) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        if let disk { try Data(disk.utf8).write(to: url) }
        let sink = ComparingSink(guard: OutputGuard(root: root, manifestName: "flags.yaml"))
        let stream = try sink.open(path: path)
        for piece in pieces {
            try stream.write(Array(piece.utf8))
        }
        let file = try stream.close()
        return (String(decoding: file.contents, as: UTF8.self), sink.matchingPaths.contains(path))
    }

    func testAnEqualFileKeepsNothing() throws {
        let result = try compare(["one\n", "two", "\n"], with: "one\ntwo\n")
        XCTAssertTrue(result.matches)
        XCTAssertEqual(result.kept, "")
        XCTAssertTrue(try compare([], with: "").matches)
    }

    func testADifferingFileKeepsTheWholeOutputForTheDiff() throws {
        XCTAssertEqual(try compare(["one\n", "twX\n", "three\n"], with: "one\ntwo\nthree\n").kept, "one\ntwX\nthree\n")
        XCTAssertEqual(try compare(["one\n"], with: "one\ntwo\n").kept, "one\n", "the disk has more")
        XCTAssertEqual(try compare(["one\n", "two\n"], with: "one\n").kept, "one\ntwo\n", "the output has more")
        XCTAssertEqual(try compare(["one\n"], with: nil).kept, "one\n", "missing")
        XCTAssertFalse(try compare(["one\n"], with: nil).matches)
    }

    func testCheckFindsDriftWithoutHoldingUpToDateOutputs() throws {
        let manifest = root.appendingPathComponent("flags.yaml")
        try Data("version: 1\nflags:\n  a_flag: {type: bool, default: false, owner: a, expires: 2030-01-01}\n".utf8).write(to: manifest)
        _ = try Generate(manifestPath: manifest.path).write()
        let swift = root.appendingPathComponent("Generated/Swift/Flags.swift")
        var text = try String(contentsOf: swift, encoding: .utf8)
        text = text.replacingOccurrences(of: "aFlag", with: "aFlga")
        try Data(text.utf8).write(to: swift)
        let run = Generate(manifestPath: manifest.path)
        let rendered = try run.check()
        XCTAssertFalse(rendered.matchingDisk.contains("Generated/Swift/Flags.swift"))
        XCTAssertTrue(rendered.matchingDisk.contains("Generated/Kotlin/Flags.kt"))
        XCTAssertTrue(rendered.files.filter { rendered.matchingDisk.contains($0.path) }.allSatisfy(\.contents.isEmpty))
        let findings = DriftCheck().findings(for: rendered, displayRoot: "")
        XCTAssertEqual(findings.map(\.kind), [.differs])
        XCTAssertEqual(findings.first?.path, "Generated/Swift/Flags.swift")
        XCTAssertTrue(findings.first?.diff.contains("+") ?? false)
        // The in-memory render agrees.
        XCTAssertEqual(DriftCheck().findings(for: try run.render(), displayRoot: ""), findings)
    }
}
