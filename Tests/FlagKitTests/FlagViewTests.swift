import FlagKit
import Foundation
import XCTest

/// Typed reads: every value type, wrong types, configs that fail to decode, unknown keys.
@MainActor
final class FlagViewTests: XCTestCase {
    private func view(values: [String: FlagValue]) async -> FlagView {
        let disk = InMemoryFlagDisk(snapshots: [FlagSnapshot(userKey: nil, fetchedAt: Date(), values: values)])
        let store = FlagStore(source: FakeSource(nil), disk: disk, flags: TestFlags.all)
        await store.start(userKey: nil)
        return store.view()
    }

    func testEveryValueTypeReadsItsSavedValue() async {
        let view = await view(values: [
            "new_checkout": true,
            "chat_media_enabled": false,
            "checkout_button_label": "Pay now",
            "max_retries": 5,
            "discount_ratio": 0.25,
            "paywall": ["title": "Go Pro today", "trialDays": 14, "addedLater": "ignored"],
        ])
        XCTAssertTrue(view.isOn(TestFlags.newCheckout))
        XCTAssertTrue(view.value(TestFlags.newCheckout))
        XCTAssertFalse(view.isOn(TestFlags.chatMedia))
        XCTAssertEqual(view.value(TestFlags.buttonLabel), "Pay now")
        XCTAssertEqual(view.value(TestFlags.maxRetries), 5)
        XCTAssertEqual(view.value(TestFlags.discountRatio), 0.25)
        XCTAssertEqual(view.value(TestFlags.paywall), TestPaywall(title: "Go Pro today", trialDays: 14))
    }

    func testAWrongTypedValueMeansTheDefault() async {
        let view = await view(values: [
            "new_checkout": "true",
            "chat_media_enabled": 0,
            "checkout_button_label": false,
            "max_retries": 2.5,
            "discount_ratio": "0.25",
            "paywall": "Go Pro",
        ])
        XCTAssertFalse(view.isOn(TestFlags.newCheckout))
        XCTAssertTrue(view.isOn(TestFlags.chatMedia))
        XCTAssertEqual(view.value(TestFlags.buttonLabel), "Buy now")
        XCTAssertEqual(view.value(TestFlags.maxRetries), 3)
        XCTAssertEqual(view.value(TestFlags.discountRatio), 0.1)
        XCTAssertEqual(view.value(TestFlags.paywall), TestFlags.paywall.defaultValue)
    }

    func testNullAndContainersAreWrongTypesToo() async {
        let view = await view(values: ["new_checkout": .null, "checkout_button_label": ["a"], "max_retries": [:]])
        XCTAssertFalse(view.isOn(TestFlags.newCheckout))
        XCTAssertEqual(view.value(TestFlags.buttonLabel), "Buy now")
        XCTAssertEqual(view.value(TestFlags.maxRetries), 3)
    }

    func testWholeNumbersServeBothNumberTypes() async {
        let view = await view(values: ["max_retries": 4.0, "discount_ratio": 1])
        XCTAssertEqual(view.value(TestFlags.maxRetries), 4)
        XCTAssertEqual(view.value(TestFlags.discountRatio), 1.0)
    }

    func testAnIntegerTooLargeForIntMeansTheDefault() async {
        let view = await view(values: ["max_retries": .double(1e30)])
        XCTAssertEqual(view.value(TestFlags.maxRetries), 3)
    }

    func testAConfigThatFailsToDecodeMeansTheDefault() async {
        let cases: [FlagValue] = [
            ["title": "Go Pro", "trialDays": 99],  // outside the config's limits
            ["trialDays": 3],  // a required field is missing
            ["title": 42],  // a field of the wrong type
            ["title": "Go Pro", "trialDays": "7"],
            [1, 2, 3],  // not an object
            .null,
        ]
        for value in cases {
            let view = await view(values: ["paywall": value])
            XCTAssertEqual(view.value(TestFlags.paywall), TestFlags.paywall.defaultValue, "\(value)")
        }
    }

    func testUnknownKeysAreIgnored() async {
        let view = await view(values: ["flag_from_the_future": ["nested": [true]], "new_checkout": true])
        XCTAssertTrue(view.isOn(TestFlags.newCheckout))
        XCTAssertEqual(view.value(TestFlags.buttonLabel), "Buy now")
    }

    func testAConfigIsDecodedOncePerView() async {
        CountingConfig.decodeCount = 0
        let counted = Flag<CountingConfig>(
            key: "counted", defaultValue: CountingConfig(size: 0), owner: "t", expires: nil, killSwitch: false,
            kind: .permission, description: nil)
        let view = await view(values: ["counted": ["size": 3]])
        XCTAssertEqual(view.value(counted).size, 3)
        XCTAssertEqual(view.value(counted).size, 3)
        XCTAssertEqual(CountingConfig.decodeCount, 1)
    }

    func testRawValueShowsWhatTheViewServes() async {
        let view = await view(values: ["new_checkout": true])
        XCTAssertEqual(view.rawValue(forKey: "new_checkout"), true)
        XCTAssertNil(view.rawValue(forKey: "chat_media_enabled", killSwitch: true))
    }
}

/// A config that counts how often it is decoded.
struct CountingConfig: Decodable, Sendable {
    nonisolated(unsafe) static var decodeCount = 0
    var size: Int

    init(size: Int) {
        self.size = size
    }

    init(from decoder: any Decoder) throws {
        Self.decodeCount += 1
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decode(Int.self, forKey: .size)
    }

    private enum CodingKeys: String, CodingKey {
        case size
    }
}
