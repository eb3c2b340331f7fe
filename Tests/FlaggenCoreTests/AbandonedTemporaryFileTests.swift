@testable import FlaggenCore
import Foundation
import XCTest

/// A `generate` killed mid-run leaves hidden temporary files; a later run removes old ones.
final class AbandonedTemporaryFileTests: XCTestCase {
    func testOldTemporaryFilesBesideOutputsAreRemovedAndRecentOnesKept() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-abandoned-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("flags.yaml")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Generated/Swift"), withIntermediateDirectories: true)
        try Data("version: 1\nflags: {}\n".utf8).write(to: manifest)
        let folder = root.appendingPathComponent("Generated/Swift")
        let old = folder.appendingPathComponent(OutputWriter.temporaryFileName(for: "Flags.swift"))
        let recent = folder.appendingPathComponent(OutputWriter.temporaryFileName(for: "Flags.swift"))
        let unrelated = folder.appendingPathComponent(".Flags.swift.flaggen-notes.tmp")
        for url in [old, recent, unrelated] { try Data("x".utf8).write(to: url) }
        for url in [old, unrelated] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: url.path)
        }
        XCTAssertTrue(OutputWriter.isTemporaryFileName(old.lastPathComponent))
        XCTAssertFalse(OutputWriter.isTemporaryFileName(unrelated.lastPathComponent))
        XCTAssertFalse(OutputWriter.isTemporaryFileName("Flags.swift"))

        let run = Generate(manifestPath: manifest.path)
        let written = try run.write()
        XCTAssertEqual(run.removeAbandonedTemporaryFiles(written).map(\.lastPathComponent), [old.lastPathComponent])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, [recent.lastPathComponent, unrelated.lastPathComponent, "Flags.swift"].sorted())
    }
}
