@testable import FlagKit
import Foundation
import XCTest

/// A disk whose crash-counter read can be held until the test releases it.
private actor CounterGateDisk: FlagDisk {
    private var copies: [String: FlagSnapshot] = [:]
    private var unfinished: Int
    private var holdCounter = true
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    init(copies: [FlagSnapshot], unfinished: Int) {
        for copy in copies { self.copies[Self.name(copy.userKey)] = copy }
        self.unfinished = unfinished
    }

    private static func name(_ user: String?) -> String { user.map { "user:" + $0 } ?? "signed-out" }

    func read(userKey: String?) -> FlagSnapshot? { copies[Self.name(userKey)] }
    func write(_ snapshot: FlagSnapshot) { copies[Self.name(snapshot.userKey)] = snapshot }
    func clear() { copies.removeAll() }
    func setUnfinishedStarts(_ count: Int) { unfinished = count }

    func unfinishedStarts() async -> Int {
        if holdCounter {
            holdCounter = false
            await withCheckedContinuation { continuation in
                held.append(continuation)
                for watcher in watchers { watcher.resume() }
                watchers.removeAll()
            }
        }
        return unfinished
    }

    /// Returns once the first start is waiting on the counter.
    func waitUntilHeld() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    func release() {
        for continuation in held { continuation.resume() }
        held.removeAll()
    }
}

private actor FailingSource: FlagSource {
    func fetch(userKey: String?) async -> [String: FlagValue]? { nil }  // offline
}

private enum GuardFlags {
    static let newCheckout = Flag<Bool>(
        key: "new_checkout", defaultValue: false, owner: "payments", expires: FlagDay.utc(2029, 3, 1),
        killSwitch: false, kind: .release, description: nil)
    static let chatMedia = Flag<Bool>(
        key: "chat_media_enabled", defaultValue: true, owner: "chat", expires: nil,
        killSwitch: true, kind: .operational, description: nil)
    static let all: [any FlagMetadata] = [newCheckout, chatMedia]
}

/// Found in a review: only the first start of a process decides the crash guard, and a second
/// start (another scene's, restored at the same launch) or a user switch that began while it
/// counted read the crash-looping copy the guard was deleting, and served it; the first start
/// then gave way without entering safe mode, so the next launch raced again. Starts and
/// switches now run one at a time, as under the Kotlin store's lock.
@MainActor
final class CrashGuardRaceTests: XCTestCase {
    /// The copy that made the last two launches crash.
    private let crashing = FlagSnapshot(
        userKey: "u1", fetchedAt: Date(timeIntervalSince1970: 500_000), values: ["new_checkout": true])

    private func makeStore(_ disk: CounterGateDisk) -> FlagStore {
        FlagStore(
            source: FailingSource(), disk: disk, flags: GuardFlags.all,
            now: { Date(timeIntervalSince1970: 1_000_000) })
    }

    func testASecondStartWhileTheGuardCountsStillRunsOnTheDefaults() async {
        let disk = CounterGateDisk(copies: [crashing], unfinished: 2)  // two crashed starts
        let store = makeStore(disk)
        let first = Task { await store.start(userKey: "u1") }  // scene 1
        await disk.waitUntilHeld()
        let second = Task { await store.start(userKey: "u1") }  // scene 2, restored at the same launch
        try? await Task.sleep(nanoseconds: 300_000_000)  // let it go as far as it can
        await disk.release()
        await first.value
        await second.value

        XCTAssertTrue(store.isSafeMode, "two unfinished starts: this launch must be in safe mode")
        XCTAssertFalse(
            store.view().isOn(GuardFlags.newCheckout),
            "the crash-looping saved value must not be served; the default (false) must be")
    }

    func testASwitchUserWhileTheGuardCountsStillRunsOnTheDefaults() async {
        let disk = CounterGateDisk(copies: [crashing], unfinished: 2)
        let store = makeStore(disk)
        let start = Task { await store.start(userKey: "u1") }
        await disk.waitUntilHeld()
        // An auth observer reports the restored account at launch (the same user; allowed while
        // !isStarted, FlagStore.swift:228).
        let switched = Task { await store.switchUser("u1") }
        try? await Task.sleep(nanoseconds: 300_000_000)
        await disk.release()
        await start.value
        _ = await switched.value

        XCTAssertFalse(
            store.view().isOn(GuardFlags.newCheckout),
            "the crash guard fired at this launch: the copy it deletes must not be the session")
    }

    func testSignedOutStartAndARestoredAccountStillRunOnTheDefaults() async {
        let disk = CounterGateDisk(copies: [crashing], unfinished: 2)
        let store = makeStore(disk)
        let start = Task { await store.start(userKey: nil) }
        await disk.waitUntilHeld()
        let switched = Task { await store.switchUser("u1") }  // the account restored at launch
        try? await Task.sleep(nanoseconds: 300_000_000)
        await disk.release()
        await start.value
        _ = await switched.value

        XCTAssertEqual(store.userKey, "u1")
        XCTAssertFalse(
            store.view().isOn(GuardFlags.newCheckout),
            "u1's crash-looping copy, which safe mode deletes at this very launch, must not be served")
    }
}
