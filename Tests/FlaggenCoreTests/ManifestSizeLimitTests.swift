@testable import FlaggenCore
import Foundation
import XCTest

/// The manifest's size limit is checked before the file is read whole.
final class ManifestSizeLimitTests: XCTestCase {
    func testAFileOverTheLimitIsReadOnlyOneBytePastIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-size-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "#"), count: InputLimits.maxFileBytes + 300_000).write(to: url)
        XCTAssertEqual(try ManifestLoader.readBytes(path: url.path).count, InputLimits.maxFileBytes + 1)
        try Data(repeating: UInt8(ascii: "#"), count: InputLimits.maxFileBytes).write(to: url)
        XCTAssertEqual(try ManifestLoader.readBytes(path: url.path).count, InputLimits.maxFileBytes)
    }

    func testReadsExactlyTheFilesBytesWhateverItsSize() throws {
        for size in [0, 1, 4_095, 4_096, 65_537, 300_000] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-read-\(UUID().uuidString).yaml")
            defer { try? FileManager.default.removeItem(at: url) }
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try Data(bytes).write(to: url)
            XCTAssertEqual(try ManifestLoader.readBytes(path: url.path), bytes, "size \(size)")
        }
    }

    /// Only a regular file is read as a manifest: a pipe, a named pipe or a device is refused at
    /// once, without waiting for a writer or reading an endless device.
    func testRefusesPipesAndDevicesAtOnce() throws {
        let pipe = Pipe()
        for path in ["/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", "/dev/null", "/dev/zero"] {
            XCTAssertThrowsError(try ManifestLoader.readBytes(path: path)) { error in
                XCTAssertEqual("\(error)", "\(path) is not a regular file (a pipe, socket or device); pass the manifest file itself with --manifest PATH")
            }
        }
        // A named pipe with no writer: opening it to read would wait forever.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertThrowsError(try ManifestLoader.readBytes(path: fifo)) { error in
            XCTAssertTrue("\(error)".contains("is not a regular file"), "\(error)")
        }
    }

    /// Found by a hunt: a symlink loop was "cannot be read (Too many levels of symbolic links);
    /// check its permissions", which sent the user to the wrong fix.
    func testASymlinkLoopIsNamedAsOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.yaml").path, two = folder.appendingPathComponent("two.yaml").path
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        XCTAssertThrowsError(try ManifestLoader.readBytes(path: one)) { error in
            XCTAssertEqual("\(error)", "\(one) is a symlink that leads back to itself (through other links); point it at the manifest file")
        }
    }
}
