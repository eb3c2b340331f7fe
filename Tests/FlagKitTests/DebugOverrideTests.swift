import FlagKit
import Foundation
import XCTest

/// The layer that forces values for QA, in any build once the app turns it on.
@MainActor
final class DebugOverrideTests: XCTestCase {
    func testOverridesAreOffUntilTheAppTurnsThemOn() async {
        let store = FlagStore(source: FakeSource(nil), disk: InMemoryFlagDisk(), flags: TestFlags.all)
        await store.start(userKey: nil)
        XCTAssertFalse(store.overridesEnabled)
        store.overrideValue(true, for: TestFlags.newCheckout)
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "a store that did not turn overrides on ignores them")
        XCTAssertTrue(store.overrides.isEmpty)

        store.overridesEnabled = true
        store.overrideValue(true, for: TestFlags.newCheckout)
        XCTAssertTrue(store.view().isOn(TestFlags.newCheckout))
        store.overridesEnabled = false
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "turning them off removes every forced value")
        XCTAssertTrue(store.overrides.isEmpty)
    }

    func testAForcedValueReachesViewsTakenAfterIt() async {
        let store = FlagStore(source: FakeSource(nil), disk: InMemoryFlagDisk(), flags: TestFlags.all)
        store.overridesEnabled = true
        await store.start(userKey: nil)
        let open = store.view()
        store.overrideValue(true, for: TestFlags.newCheckout)
        store.overrideValue("Forced", for: TestFlags.buttonLabel)
        store.overrideValue(TestPaywall(title: "QA", trialDays: 30), for: TestFlags.paywall)
        XCTAssertFalse(open.isOn(TestFlags.newCheckout), "an open screen keeps its answers")
        let next = store.view()
        XCTAssertTrue(next.isOn(TestFlags.newCheckout))
        XCTAssertEqual(next.value(TestFlags.buttonLabel), "Forced")
        XCTAssertEqual(next.value(TestFlags.paywall), TestPaywall(title: "QA", trialDays: 30))
        XCTAssertEqual(store.overrides.count, 3)

        store.removeOverride(for: TestFlags.newCheckout)
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout))
        store.removeAllOverrides()
        XCTAssertEqual(store.view().value(TestFlags.buttonLabel), "Buy now")
    }

    func testAForcedKillSwitchChangesAtOnceAndIsReported() async {
        let store = FlagStore(source: FakeSource(nil), disk: InMemoryFlagDisk(), flags: TestFlags.all)
        store.overridesEnabled = true
        await store.start(userKey: nil)
        let open = store.view()
        let changes = store.killSwitchChanges()
        store.overrideValue(false, for: TestFlags.chatMedia)
        XCTAssertFalse(open.isOn(TestFlags.chatMedia))
        for await key in changes {
            XCTAssertEqual(key, "chat_media_enabled")
            break
        }
        store.removeOverride(forKey: "chat_media_enabled")
        XCTAssertTrue(open.isOn(TestFlags.chatMedia))
    }

    func testOverridesAreNeverSaved() async {
        let disk = InMemoryFlagDisk()
        let store = FlagStore(source: FakeSource(["max_retries": 1]), disk: disk, flags: TestFlags.all)
        store.overridesEnabled = true
        await store.start(userKey: nil)
        store.overrideValue(9, for: TestFlags.maxRetries)
        await store.refresh()
        let copy = await disk.read(userKey: nil)
        XCTAssertEqual(copy?.values, ["max_retries": 1])
        XCTAssertEqual(store.view().value(TestFlags.maxRetries), 9)
    }
}
