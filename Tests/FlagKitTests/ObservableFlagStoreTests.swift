#if canImport(Observation)
import FlagKit
import Observation
import XCTest

/// `ObservableFlagStore` reports the changes a SwiftUI body depends on (Observation runs on
/// Linux too; the Combine wrapper, `FlagStoreObject`, is compiled on Apple platforms only).
@MainActor
final class ObservableFlagStoreTests: XCTestCase {
    final class Fired: @unchecked Sendable {
        var count = 0
    }

    private func tracking(_ model: ObservableFlagStore, _ read: @escaping @MainActor () -> Void) -> Fired {
        let fired = Fired()
        withObservationTracking { read() } onChange: { fired.count += 1 }
        return fired
    }

    func testStartSwitchKillSwitchAndOverridesAreObserved() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let source = FakeSource(["chat_media_enabled": false])
        let store = FlagStore(source: source, disk: InMemoryFlagDisk(), flags: TestFlags.all)
        let model = ObservableFlagStore(store)
        XCTAssertFalse(model.isStarted)

        var fired = tracking(model) { _ = model.isStarted }
        await store.start(userKey: nil)
        XCTAssertEqual(fired.count, 1, "start finishing is a change")
        XCTAssertTrue(model.isStarted)

        fired = tracking(model) { _ = model.isOn(TestFlags.chatMedia) }
        await store.refresh()
        XCTAssertEqual(fired.count, 1, "a kill switch that changed is a change")
        XCTAssertFalse(model.isOn(TestFlags.chatMedia))

        fired = tracking(model) { _ = model.view() }
        store.overridesEnabled = true
        XCTAssertEqual(fired.count, 1)
        fired = tracking(model) { _ = model.view() }
        store.overrideValue(true, for: TestFlags.newCheckout)
        XCTAssertEqual(fired.count, 1, "a forced value is a change")

        fired = tracking(model) { _ = model.view() }
        await source.setResult(nil)
        await store.switchUser("u1")
        XCTAssertGreaterThanOrEqual(fired.count, 1, "a user switch is a change")
    }
}
#endif
