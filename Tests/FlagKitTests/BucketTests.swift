import FlagKit
import XCTest

/// Expected buckets are literals computed independently with Python:
/// `int.from_bytes(hashlib.sha256((flag + ":" + id).encode()).digest()[:4], "big") % 10000`.
final class BucketTests: XCTestCase {
    func testProjectFact() {
        XCTAssertEqual(Bucket.of(stableID: "acct-42", flagKey: "new_checkout"), 1500)
    }

    func testVectors() {
        let vectors: [(stableID: String, flagKey: String, bucket: Int)] = [
            ("acct-42", "new_checkout", 1500),
            ("acct-1", "new_checkout", 6497),
            ("user-7", "dark_mode", 3115),
            ("", "new_checkout", 1729),
            ("acct-42", "", 7008),
            // "ünïcødé-ü", precomposed (NFC)
            ("\u{FC}n\u{EF}c\u{F8}d\u{E9}-\u{FC}", "new_checkout", 8844),
            // the same text with a decomposed first "ü": different bytes, different bucket
            ("u\u{308}n\u{EF}c\u{F8}d\u{E9}-\u{FC}", "new_checkout", 4877),
            ("\u{1F680}-rocket", "dark_mode", 442),
            ("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "search_v2", 8975),
        ]
        for vector in vectors {
            XCTAssertEqual(
                Bucket.of(stableID: vector.stableID, flagKey: vector.flagKey),
                vector.bucket,
                "\(vector.flagKey):\(vector.stableID)"
            )
        }
    }

    func testIsIn() {
        // acct-42 / new_checkout is bucket 1500.
        XCTAssertFalse(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: 0))
        XCTAssertFalse(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: 1000))
        XCTAssertFalse(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: 1500))
        XCTAssertTrue(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: 1501))
        XCTAssertTrue(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: 10_000))
        XCTAssertFalse(Bucket.isIn(stableID: "acct-42", flagKey: "new_checkout", basisPoints: -5))
    }

    func testRangeAndMonotonicRollout() {
        let ids = (1...20_000).map { "acct-\($0)" }
        var tenPercent = Set<String>()
        var twentyPercent = Set<String>()
        for id in ids {
            let bucket = Bucket.of(stableID: id, flagKey: "new_checkout")
            XCTAssertTrue((0..<Bucket.count).contains(bucket))
            if Bucket.isIn(stableID: id, flagKey: "new_checkout", basisPoints: 1_000) { tenPercent.insert(id) }
            if Bucket.isIn(stableID: id, flagKey: "new_checkout", basisPoints: 2_000) { twentyPercent.insert(id) }
        }
        XCTAssertTrue(tenPercent.isSubset(of: twentyPercent))
        XCTAssertTrue((1_800...2_200).contains(tenPercent.count), "10% set has \(tenPercent.count) ids")
        XCTAssertEqual(tenPercent.count, 1998) // Python agrees
        XCTAssertEqual(twentyPercent.count, 4024)
    }

    func testDifferentFlagsPickDifferentUsers() {
        let ids = (1...20_000).map { "acct-\($0)" }
        let checkout = Set(ids.filter { Bucket.isIn(stableID: $0, flagKey: "new_checkout", basisPoints: 1_000) })
        let darkMode = Set(ids.filter { Bucket.isIn(stableID: $0, flagKey: "dark_mode", basisPoints: 1_000) })
        let overlap = checkout.intersection(darkMode).count
        XCTAssertLessThan(overlap, 400)
        XCTAssertEqual(overlap, 212) // Python agrees
    }
}
