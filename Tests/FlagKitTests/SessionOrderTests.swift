import FlagKit
import Foundation
import XCTest

/// Starts and user switches run one at a time, in call order, and a refresh waits for the one
/// under way, as under the Kotlin store's lock. Found in a review, each test failed before:
/// only the first start of a process decides the crash guard, and a second start (another
/// scene's, restored at the same launch) or a user switch that began while it counted read the
/// crash-looping copy the guard was deleting and served it, and the launch left safe mode; and a
/// refresh during a second start fetched at once, so the copy that start had read put the old
/// kill-switch value back over the one the server had just sent.
@MainActor
final class SessionOrderTests: XCTestCase {
    /// The copy that made the last two launches crash.
    private let crashing = FlagSnapshot(userKey: "u1", fetchedAt: Date(timeIntervalSince1970: 500_000), values: ["new_checkout": true])

    private func makeStore(_ source: FakeSource, _ disk: HeldDisk) -> FlagStore {
        FlagStore(source: source, disk: disk, flags: TestFlags.all, now: { Date(timeIntervalSince1970: 1_000_000) })
    }

    /// Runs `first` until the disk holds it, then `second`, lets `second` go as far as it can,
    /// and releases the disk.
    private func overlap(_ disk: HeldDisk, _ first: @escaping @MainActor () async -> Void, _ second: @escaping @MainActor () async -> Void) async {
        let one = Task { await first() }
        await disk.waitUntilHeld()
        let two = Task { await second() }
        try? await Task.sleep(nanoseconds: 300_000_000)
        await disk.release()
        await one.value
        await two.value
    }

    func testASecondStartWhileTheCrashGuardCountsRunsOnTheDefaults() async {
        let disk = HeldDisk([crashing], unfinished: 2)  // two crashed starts
        await disk.hold(.counter)
        let store = makeStore(FakeSource(), disk)
        await overlap(disk, { await store.start(userKey: "u1") }, { await store.start(userKey: "u1") })
        XCTAssertTrue(store.isSafeMode, "two unfinished starts: this launch is in safe mode")
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "the crash-looping saved value must not be served")
    }

    func testAUserSwitchWhileTheCrashGuardCountsRunsOnTheDefaults() async {
        for first in ["u1", nil] as [String?] {  // the same account reported again, or restored after a signed-out start
            let disk = HeldDisk([crashing], unfinished: 2)
            await disk.hold(.counter)
            let store = makeStore(FakeSource(), disk)
            await overlap(disk, { await store.start(userKey: first) }, { _ = await store.switchUser("u1") })
            XCTAssertEqual(store.userKey, "u1")
            XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "the copy the crash guard deletes at this launch must not be served")
        }
    }

    func testARefreshDuringASecondStartWaitsAndItsKillSwitchStays() async {
        let disk = HeldDisk([FlagSnapshot(userKey: "u1", fetchedAt: Date(timeIntervalSince1970: 500_000), values: ["chat_media_enabled": true])])
        let source = FakeSource(["chat_media_enabled": false])  // the server kills chat media
        let store = makeStore(source, disk)
        await store.start(userKey: "u1")
        XCTAssertTrue(store.view().isOn(TestFlags.chatMedia))

        await disk.hold(.copy)
        var callsWhileTheStartRead = -1
        // Another user's start (a start for the same user changes nothing and reads no disk).
        await overlap(disk, { await store.start(userKey: "u2") }, {  // then a foreground refresh
            let pending = Task { await store.refresh() }
            try? await Task.sleep(nanoseconds: 100_000_000)
            callsWhileTheStartRead = await source.calls
            _ = await pending.value
        })
        XCTAssertEqual(callsWhileTheStartRead, 0, "a refresh called while start() reads the disk waits for it")
        let calls = await source.calls
        XCTAssertEqual(calls, 1)
        XCTAssertFalse(store.view().isOn(TestFlags.chatMedia), "the server's kill switch stays applied")
    }
}
