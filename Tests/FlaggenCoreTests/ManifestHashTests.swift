import FlagKitBucket
import XCTest

@testable import FlaggenCore

/// The SHA instructions give the digests the portable SHA256 gives.
final class ManifestHashTests: XCTestCase {
    func testKnownDigests() {
        XCTAssertEqual(ManifestHash.hexDigest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ManifestHash.hexDigest(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            ManifestHash.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            ManifestHash.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every length from 0 to 300 bytes (one and two padding blocks, every remainder), and a few
    /// long inputs, against the portable implementation.
    func testAgreesWithThePortableDigestAtEveryLength() throws {
        try XCTSkipUnless(ManifestHash.usesHardware, "this CPU has no SHA instructions; the portable SHA256 is used")
        var generator = SystemRandomNumberGenerator()
        var lengths = Array(0...300)
        lengths += [1_023, 4_096, 65_537, 1_000_003]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            XCTAssertEqual(ManifestHash.hardwareDigest(bytes), SHA256.hash(bytes), "length \(length)")
        }
    }
}
