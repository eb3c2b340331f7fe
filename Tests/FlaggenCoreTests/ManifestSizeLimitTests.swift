@testable import FlaggenCore
import Foundation
import XCTest

/// The manifest's size limit is checked before the file is read whole.
final class ManifestSizeLimitTests: XCTestCase {
    func testAFileOverTheLimitIsReadOnlyOneBytePastIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-size-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "#"), count: 300_000).write(to: url)
        XCTAssertEqual(FileSystem.fileSize(atPath: url.path), 300_000)
        XCTAssertEqual(try ManifestLoader.readBytes(path: url.path, limit: 1_000).count, 1_001)
        XCTAssertEqual(try ManifestLoader.readBytes(path: url.path, limit: 300_000).count, 300_000)
    }

    func testReadsExactlyTheFilesBytesWhateverItsSize() throws {
        for size in [0, 1, 4_095, 4_096, 65_537, 300_000] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-read-\(UUID().uuidString).yaml")
            defer { try? FileManager.default.removeItem(at: url) }
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try Data(bytes).write(to: url)
            XCTAssertEqual(try ManifestLoader.readBytes(path: url.path, limit: 1_000_000), bytes, "size \(size)")
        }
    }

    /// A pipe has no size to read up front: it is read to its end all the same.
    func testReadsAPipeToItsEnd() throws {
        let pipe = Pipe()
        let bytes = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(bytes))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        XCTAssertEqual(try ManifestLoader.readBytes(path: path, limit: 1_000_000), bytes)
        XCTAssertEqual(try ManifestLoader.readBytes(path: "/dev/null", limit: 10), [])
    }
}
