import FlagKit
import XCTest

/// Expected digests are literals computed with Python's `hashlib.sha256`.
final class SHA256Tests: XCTestCase {
    func testFIPSExampleVectors() {
        XCTAssertEqual(
            SHA256.hexDigest("".utf8),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        )
        XCTAssertEqual(
            SHA256.hexDigest("abc".utf8),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        XCTAssertEqual(
            SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        XCTAssertEqual(
            SHA256.hexDigest(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8
            ),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        )
    }

    func testOneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        XCTAssertEqual(
            SHA256.hexDigest(message),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    /// Messages of `length` bytes `(i * 7 + 3) % 256`, around the padding edges.
    func testPaddingEdges() {
        let expected: [(Int, String)] = [
            (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
            (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
            (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
            (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
            (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
            (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
            (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
            (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
        ]
        for (length, digest) in expected {
            let message = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
            XCTAssertEqual(SHA256.hexDigest(message), digest, "length \(length)")
            // The same bytes through the non-contiguous (streaming) path.
            XCTAssertEqual(SHA256.hexDigest(message.lazy.map { $0 }), digest, "streamed, length \(length)")
        }
    }

    func testContiguousAndStreamingPathsAgree() {
        for length in 0...200 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
            let streamed = AnySequence(message)
            XCTAssertEqual(SHA256.hash(message), SHA256.hash(streamed), "length \(length)")
            XCTAssertEqual(SHA256.hash(message[...]), SHA256.hash(message), "slice, length \(length)")
        }
    }

    func testDigestShape() {
        let digest = SHA256.hash("abc".utf8)
        XCTAssertEqual(digest.count, 32)
        XCTAssertEqual(SHA256.digestByteCount, 32)
        XCTAssertEqual(Array(digest.prefix(4)), [0xba, 0x78, 0x16, 0xbf])
        let hex = SHA256.hexDigest("abc".utf8)
        XCTAssertEqual(hex.count, 64)
        XCTAssertEqual(hex, hex.lowercased())
    }
}
