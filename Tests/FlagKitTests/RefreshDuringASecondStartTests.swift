@testable import FlagKit
import Foundation
import XCTest

/// A disk whose next copy read is taken at once (as a file read would be) but returned only when
/// the test releases it.
private actor ReadGateDisk: FlagDisk {
    private var copies: [String: FlagSnapshot] = [:]
    private var holdNextRead = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    init(copies: [FlagSnapshot]) {
        for copy in copies { self.copies[Self.name(copy.userKey)] = copy }
    }

    private static func name(_ user: String?) -> String { user.map { "user:" + $0 } ?? "signed-out" }

    func holdTheNextRead() { holdNextRead = true }

    func read(userKey: String?) async -> FlagSnapshot? {
        let copy = copies[Self.name(userKey)]  // the bytes are read now
        if holdNextRead {
            holdNextRead = false
            await withCheckedContinuation { continuation in
                held.append(continuation)
                for watcher in watchers { watcher.resume() }
                watchers.removeAll()
            }
        }
        return copy
    }

    func write(_ snapshot: FlagSnapshot) {
        copies[Self.name(snapshot.userKey)] = snapshot
    }

    func clear() { copies.removeAll() }
    func unfinishedStarts() -> Int { 0 }
    func setUnfinishedStarts(_ count: Int) {}

    func waitUntilHeld() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    func release() {
        for continuation in held { continuation.resume() }
        held.removeAll()
    }
}

private actor KillSource: FlagSource {
    private(set) var calls = 0
    func fetch(userKey: String?) async -> [String: FlagValue]? {
        calls += 1
        return ["chat_media_enabled": false]  // the server kills chat media
    }
}

private enum KillFlags {
    static let chatMedia = Flag<Bool>(
        key: "chat_media_enabled", defaultValue: true, owner: "chat", expires: nil,
        killSwitch: true, kind: .operational, description: nil)
    static let all: [any FlagMetadata] = [chatMedia]
}

/// Found in a review: a refresh waited only for the first start of a process. During a second
/// start it fetched at once, and the copy that start had read put the old kill-switch value
/// back over the one the server had just sent.
@MainActor
final class RefreshDuringASecondStartTests: XCTestCase {
    private let saved = FlagSnapshot(
        userKey: "u1", fetchedAt: Date(timeIntervalSince1970: 500_000), values: ["chat_media_enabled": true])

    private func makeStore(_ source: KillSource, _ disk: ReadGateDisk) -> FlagStore {
        FlagStore(source: source, disk: disk, flags: KillFlags.all, now: { Date(timeIntervalSince1970: 1_000_000) })
    }

    func testARefreshDuringASecondStartWaitsAndTheKillStaysApplied() async {
        let disk = ReadGateDisk(copies: [saved])
        let source = KillSource()
        let store = makeStore(source, disk)
        await store.start(userKey: "u1")
        XCTAssertTrue(store.view().isOn(KillFlags.chatMedia))

        await disk.holdTheNextRead()
        let restart = Task { await store.start(userKey: "u1") }  // e.g. the root view's .task runs again
        await disk.waitUntilHeld()
        let refresh = Task { await store.refresh() }  // e.g. a foreground refreshIfStale()
        try? await Task.sleep(nanoseconds: 300_000_000)
        let callsWhileTheStartReads = await source.calls
        await disk.release()
        await restart.value
        let applied = await refresh.value

        XCTAssertEqual(callsWhileTheStartReads, 0, "a refresh called while start() reads the disk waits for it")
        XCTAssertTrue(applied)
        XCTAssertFalse(
            store.view().isOn(KillFlags.chatMedia),
            "the server's kill switch (false) must stay applied; the stale saved true came back")
    }
}
