@testable import FlaggenCore
import Foundation
import XCTest

/// `flaggen remove` writes a file only if it is still the file it read.
final class EditedFilesTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-edited-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// A file saved while `remove` ran (Piranha takes seconds) is left as saved, whether the
    /// editor wrote it in place or renamed a new file over it. (Reported: both kinds of save
    /// were overwritten, since the file was only compared with itself after the rewrite.)
    func testAFileSavedSinceItWasReadIsLeftAsItIs() throws {
        for inPlace in [true, false] {
            let folder = try folder()
            let path = folder.appendingPathComponent("A.swift").path
            try Data("read\n".utf8).write(to: URL(fileURLWithPath: path))
            var edited = EditedFiles()
            // The file as `remove` read it, then the editor's save, then the staging.
            let original = Array("read\n".utf8)
            if inPlace {
                let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                handle.write(Data("saved\n".utf8))
                try handle.close()
            } else {
                try Data("saved\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            try edited.stage(Array("rewritten\n".utf8), for: path, replacing: original)
            XCTAssertThrowsError(try edited.commit()) {
                XCTAssertTrue("\($0)".contains("A.swift changed while flaggen was rewriting it"), "\($0)")
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "saved\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["A.swift"])
        }
    }

    func testAFileAsItWasReadIsReplaced() throws {
        let folder = try folder()
        let path = folder.appendingPathComponent("A.swift").path
        try Data("read\n".utf8).write(to: URL(fileURLWithPath: path))
        var edited = EditedFiles()
        try edited.stage(Array("rewritten\n".utf8), for: path, replacing: Array("read\n".utf8))
        try edited.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "rewritten\n")
    }
}
