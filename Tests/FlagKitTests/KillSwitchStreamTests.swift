import FlagKit
import Foundation
import XCTest

/// `FlagStore.killSwitchChanges()`: observers hear about kill switches as they change.
@MainActor
final class KillSwitchStreamTests: XCTestCase {
    private let saved = FlagSnapshot(
        userKey: "u1", fetchedAt: Date(timeIntervalSince1970: 0), values: ["chat_media_enabled": true])

    func testARefreshThatFlipsAKillSwitchIsDelivered() async {
        let source = FakeSource(["chat_media_enabled": false, "new_checkout": true])
        let store = FlagStore(source: source, disk: InMemoryFlagDisk(snapshots: [saved]), flags: TestFlags.all)
        await store.start(userKey: "u1")
        let changes = store.killSwitchChanges()

        await store.refresh()  // chat_media_enabled: true -> false; new_checkout is no kill switch
        await source.setResult(["chat_media_enabled": false])
        await store.refresh()  // no change
        await source.setResult(nil)
        await store.switchUser("u2")  // false -> nothing (the default); u2's fetch fails

        var received: [String] = []
        for await key in changes {
            received.append(key)
            if received.count == 2 { break }
        }
        XCTAssertEqual(received, ["chat_media_enabled", "chat_media_enabled"])
        XCTAssertTrue(store.view().isOn(TestFlags.chatMedia))
    }

    func testEveryObserverHearsTheChange() async {
        let store = FlagStore(
            source: FakeSource(["chat_media_enabled": false]), disk: InMemoryFlagDisk(snapshots: [saved]),
            flags: TestFlags.all)
        await store.start(userKey: "u1")
        let first = store.killSwitchChanges()
        let second = store.killSwitchChanges()
        await store.refresh()
        for stream in [first, second] {
            for await key in stream {
                XCTAssertEqual(key, "chat_media_enabled")
                break
            }
        }
    }

    func testStreamsFinishWhenTheStoreIsReleased() async {
        var store: FlagStore? = FlagStore(source: FakeSource(nil), disk: InMemoryFlagDisk(), flags: TestFlags.all)
        await store?.start(userKey: nil)
        guard let changes = store?.killSwitchChanges() else { return XCTFail("no store") }
        let released = WeakReference(store)
        store = nil
        XCTAssertNil(released.value, "nothing else keeps the store alive")
        var count = 0
        for await _ in changes {
            count += 1
        }
        XCTAssertEqual(count, 0)
    }

    func testAStreamMadeOnAStoreWithoutKillSwitchesStaysQuiet() async {
        let store = FlagStore(
            source: FakeSource(["chat_media_enabled": false]), disk: InMemoryFlagDisk(),
            flags: [TestFlags.newCheckout])
        await store.start(userKey: nil)
        let changes = store.killSwitchChanges()
        await store.refresh()
        // The flag is not declared a kill switch to this store, so nothing is sent; a read of the
        // kill-switch flag itself is still live.
        XCTAssertFalse(store.view().isOn(TestFlags.chatMedia))
        let probe = Task { @MainActor in
            for await key in changes { return key }
            return "finished"
        }
        try? await Task.sleep(nanoseconds: 50_000_000)
        probe.cancel()
        let outcome = await probe.value
        XCTAssertEqual(outcome, "finished", "cancelling the consumer ends the stream without a value")
    }
}

/// Watches an object without keeping it alive.
@MainActor
final class WeakReference<Object: AnyObject> {
    weak var value: Object?

    init(_ value: Object?) {
        self.value = value
    }
}
