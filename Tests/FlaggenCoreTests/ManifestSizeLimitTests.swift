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
}
