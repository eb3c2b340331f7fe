import FlagKit
import Foundation
import XCTest

/// Runs the Swift generated from the root flags.yaml (Flags.swift is a symlink to the committed
/// output), so what flaggen emits is proven to compile and to hold the manifest's values.
final class GeneratedFlagsTests: XCTestCase {
    func testDefaultsAndMetadataMatchTheManifest() {
        XCTAssertEqual(Flags.newCheckout.key, "new_checkout")
        XCTAssertEqual(Flags.newCheckout.defaultValue, false)
        XCTAssertEqual(Flags.newCheckout.owner, "payments")
        XCTAssertEqual(Flags.newCheckout.kind, .release)
        XCTAssertFalse(Flags.newCheckout.killSwitch)
        XCTAssertEqual(Flags.newCheckout.expires, Date(timeIntervalSince1970: 1_867_017_600))  // 2029-03-01T00:00:00Z
        XCTAssertEqual(Flags.newCheckout.description, "The redesigned checkout.")

        XCTAssertEqual(Flags.chatMediaEnabled.defaultValue, true)
        XCTAssertTrue(Flags.chatMediaEnabled.killSwitch)
        XCTAssertNil(Flags.chatMediaEnabled.expires)
        XCTAssertEqual(Flags.chatMediaEnabled.kind, .operational)

        XCTAssertEqual(Flags.checkoutButtonLabel.defaultValue, "Buy now")
        XCTAssertEqual(Flags.paywall.defaultValue, Flags.PaywallConfig(title: "Go Pro", trialDays: 7, style: .light, plans: []))
        XCTAssertEqual(Flags.PaywallConfig.schemaVersion, 1)
    }

    func testAllAndFlagKeyListEveryFlagInManifestOrder() {
        let keys = ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"]
        XCTAssertEqual(Flags.all.map(\.key), keys)
        XCTAssertEqual(Flags.Key.allCases.map(\.rawValue), keys)
        XCTAssertEqual(Flags.Key.newCheckout.rawValue, Flags.newCheckout.key)
    }

    func testExpiredMatchesLint() {
        // Valid through its last day (2029-01-31), expired from the next day, like `flaggen lint`.
        XCTAssertEqual(Flags.expired(on: FlagDay.utc(2029, 1, 31).addingTimeInterval(86_399)).map(\.key), [])
        XCTAssertEqual(Flags.expired(on: FlagDay.utc(2029, 2, 1)).map(\.key), ["checkout_button_label"])
        XCTAssertEqual(Flags.expired(on: FlagDay.utc(2029, 3, 2)).map(\.key), ["new_checkout", "checkout_button_label", "paywall"])
    }

    func testConfigDecoding() throws {
        let full = #"{"title":"Sale","trialDays":14,"style":"dark","plans":[{"id":"year","price":49.99}],"extra":1}"#
        XCTAssertEqual(
            Flags.PaywallConfig.decode(from: Data(full.utf8)),
            Flags.PaywallConfig(title: "Sale", trialDays: 14, style: .dark, plans: [Flags.Plan(id: "year", price: 49.99)]))
        // Omitted optional properties take the manifest's defaults.
        XCTAssertEqual(Flags.PaywallConfig.decode(from: Data(#"{"title":"Hi"}"#.utf8)), Flags.PaywallConfig(title: "Hi"))
        // Any error gives nil, so the caller falls back to the flag's default.
        let invalid = [
            #"{"trialDays":3}"#,  // missing required title
            #"{"title":1}"#,  // wrong type
            #"{"title":"Hi","trialDays":31}"#,  // above maximum
            #"{"title":"Hi","trialDays":-1}"#,  // below minimum
            #"{"title":"Hi","style":"blue"}"#,  // not an allowed value
            #"{"title":"\#(String(repeating: "x", count: 41))"}"#,  // longer than maxLength
            #"{"title":"Hi","plans":[{"id":"a"}]}"#,  // nested config missing price
            #"{"title":"Hi","plans":[{"id":"a","price":-1}]}"#,  // nested minimum
            #"{"title":"Hi""#,  // malformed
            "",
        ]
        for json in invalid {
            XCTAssertNil(Flags.PaywallConfig.decode(from: Data(json.utf8)), json)
        }
    }

    func testBucketVectorsAgreeWithKotlinAndTheCLI() {
        XCTAssertEqual(Bucket.of(stableID: "acct-42", flagKey: Flags.newCheckout.key), 1500)
        XCTAssertEqual(Bucket.of(stableID: "acct-1", flagKey: "new_checkout"), 6497)
        XCTAssertEqual(Bucket.of(stableID: "user-7", flagKey: "chat_media_enabled"), 8403)
        XCTAssertEqual(Bucket.of(stableID: "ünïcødé-ü", flagKey: "paywall"), 9475)
    }
}

/// A string flag with `enum:` values and a config property with them, as the app reads them.
@MainActor
final class GeneratedEnumTests: XCTestCase {
    private struct NoSource: FlagSource {
        func fetch(userKey: String?) async -> [String: FlagValue]? { nil }
    }

    func testAnEnumFlagIsTypedWithTheManifestsValues() {
        XCTAssertEqual(Flags.homeLayout.defaultValue, .grid)
        XCTAssertEqual(Flags.HomeLayout.allCases.map(\.rawValue), ["grid", "list", "carousel"])
        XCTAssertEqual(Flags.Key.homeLayout.rawValue, "home_layout")
        XCTAssertEqual(Flags.PaywallConfig.Style.allCases.map(\.rawValue), ["light", "dark"])
    }

    func testAnEnumFlagReadsKnownValuesAndFallsBackOnOthers() async {
        let store = FlagStore(source: NoSource(), disk: InMemoryFlagDisk(), flags: Flags.all)
        store.overridesEnabled = true
        await store.start(userKey: nil)
        XCTAssertEqual(store.view().value(Flags.homeLayout), .grid, "no value: the default")
        for (sent, expected) in [
            (FlagValue.string("list"), Flags.HomeLayout.list), (.string("carousel"), .carousel),
            (.string("LIST"), .grid), (.string("tiles"), .grid), (.string(""), .grid), (.int(1), .grid), (.bool(true), .grid),
        ] {
            store.overrideValue(sent, forKey: "home_layout")
            XCTAssertEqual(store.view().value(Flags.homeLayout), expected, "\(sent)")
        }
    }

    func testAConfigEnumDecodesExactValuesOnly() {
        let dark = Flags.PaywallConfig.decode(from: Data(#"{"title":"Hi","style":"dark"}"#.utf8))
        XCTAssertEqual(dark?.style, .dark)
        XCTAssertNil(Flags.PaywallConfig.decode(from: Data(#"{"title":"Hi","style":"Dark"}"#.utf8)))
        XCTAssertNil(Flags.PaywallConfig.decode(from: Data(#"{"title":"Hi","style":1}"#.utf8)))
        // Encoding writes the raw value, so the config round-trips.
        let encoded = try? JSONEncoder().encode(Flags.PaywallConfig(title: "Hi", style: .dark))
        XCTAssertEqual(encoded.flatMap(Flags.PaywallConfig.decode(from:)), Flags.PaywallConfig(title: "Hi", style: .dark))
    }
}
