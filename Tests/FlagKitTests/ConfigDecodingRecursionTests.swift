@testable import FlagKit
import Foundation
import XCTest

/// Found in a review: a config (or a `Flag`) of a number type the generated code does not use,
/// such as `Float`, `Int32` or `UInt8`, decoded itself by asking for its own type again, and the
/// decoder recursed until the stack overflowed, on the main actor, as soon as the key was there.
@MainActor
final class ConfigDecodingRecursionTests: XCTestCase {
    struct Tuning: Codable, Sendable, Equatable {
        var ratio: Float
    }

    struct SmallInts: Codable, Sendable, Equatable {
        var retries: Int32
        var level: UInt8
    }

    private actor NoSource: FlagSource {
        func fetch(userKey: String?) async -> [String: FlagValue]? { nil }
    }

    func testAFloatPropertyDecodesOrThrowsWithoutCrashing() async {
        // Direct API: ConfigDecoding is public.
        let decoded = try? ConfigDecoding.decode(Tuning.self, from: ["ratio": 0.5])
        XCTAssertEqual(decoded, Tuning(ratio: 0.5))
    }

    func testSmallIntegerPropertiesDecodeOrThrowWithoutCrashing() async {
        let decoded = try? ConfigDecoding.decode(SmallInts.self, from: Data(#"{"retries":7,"level":3}"#.utf8))
        XCTAssertEqual(decoded, SmallInts(retries: 7, level: 3))
    }

    func testAViewReadOfAFloatConfigNeverTraps() async {
        // The same through the store: a saved copy (or fetched answer) with the key present.
        let flag = Flag<Tuning>(
            key: "tuning", defaultValue: Tuning(ratio: 1), owner: "perf", expires: FlagDay.utc(2029, 1, 1),
            killSwitch: false, kind: .operational, description: nil)
        let disk = InMemoryFlagDisk(snapshots: [
            FlagSnapshot(userKey: nil, fetchedAt: Date(), values: ["tuning": ["ratio": 0.5]]),
        ])
        let store = FlagStore(source: NoSource(), disk: disk, flags: [flag])
        await store.start(userKey: nil)
        let value = store.view().value(flag)  // crashes here today (stack overflow on the main actor)
        XCTAssertEqual(value, Tuning(ratio: 0.5))
    }

    func testAFlagOfFloatReadsItsValueOrDefault() async {
        let flag = Flag<Float>(
            key: "ratio32", defaultValue: 1, owner: "perf", expires: FlagDay.utc(2029, 1, 1),
            killSwitch: false, kind: .operational, description: nil)
        let disk = InMemoryFlagDisk(snapshots: [FlagSnapshot(userKey: nil, fetchedAt: Date(), values: ["ratio32": 0.5])])
        let store = FlagStore(source: NoSource(), disk: disk, flags: [flag])
        await store.start(userKey: nil)
        XCTAssertEqual(store.view().value(flag), 0.5)  // FlagView.value<Config> → ConfigDecoding → recursion
    }
}
