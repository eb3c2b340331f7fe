import FlagKit
import Foundation

// Test-local flags: FlagKitTests cannot import the generated code, so these mirror its shapes.
enum TestFlags {
    static let newCheckout = Flag<Bool>(
        key: "new_checkout", defaultValue: false, owner: "payments", expires: FlagDay.utc(2029, 3, 1),
        killSwitch: false, kind: .release, description: nil)
    static let chatMedia = Flag<Bool>(
        key: "chat_media_enabled", defaultValue: true, owner: "chat", expires: nil,
        killSwitch: true, kind: .operational, description: nil)
    static let buttonLabel = Flag<String>(
        key: "checkout_button_label", defaultValue: "Buy now", owner: "payments", expires: FlagDay.utc(2029, 1, 31),
        killSwitch: false, kind: .experiment, description: nil)
    static let maxRetries = Flag<Int>(
        key: "max_retries", defaultValue: 3, owner: "platform", expires: FlagDay.utc(2029, 6, 1),
        killSwitch: false, kind: .operational, description: nil)
    static let discountRatio = Flag<Double>(
        key: "discount_ratio", defaultValue: 0.1, owner: "growth", expires: FlagDay.utc(2029, 6, 1),
        killSwitch: false, kind: .experiment, description: nil)
    static let paywall = Flag<TestPaywall>(
        key: "paywall", defaultValue: TestPaywall(title: "Go Pro", trialDays: 7), owner: "growth",
        expires: FlagDay.utc(2029, 2, 28), killSwitch: false, kind: .release, description: nil)

    static let all: [any FlagMetadata] = [newCheckout, chatMedia, buttonLabel, maxRetries, discountRatio, paywall]
}

/// A config like the generated ones: Codable, with a checked range.
struct TestPaywall: Codable, Sendable, Equatable {
    var title: String
    var trialDays: Int

    init(title: String, trialDays: Int) {
        self.title = title
        self.trialDays = trialDays
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        trialDays = try container.decodeIfPresent(Int.self, forKey: .trialDays) ?? 0
        guard (0...30).contains(trialDays) else {
            throw DecodingError.dataCorruptedError(forKey: .trialDays, in: container, debugDescription: "out of range")
        }
    }
}

/// A source that answers with a fixed result and records its calls.
actor FakeSource: FlagSource {
    var result: [String: FlagValue]?
    private(set) var calls = 0
    private(set) var requestedUsers: [String?] = []

    init(_ result: [String: FlagValue]? = nil) {
        self.result = result
    }

    func setResult(_ result: [String: FlagValue]?) {
        self.result = result
    }

    func fetch(userKey: String?) async -> [String: FlagValue]? {
        calls += 1
        requestedUsers.append(userKey)
        return result
    }
}

/// A source that holds each fetch of one user until the test releases it (first in, first out);
/// fetches of other users fail at once.
actor GatedSource: FlagSource {
    private let gatedUser: String?
    private let answer: [String: FlagValue]
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    init(gatedUser: String?, answer: [String: FlagValue]) {
        self.gatedUser = gatedUser
        self.answer = answer
    }

    func fetch(userKey: String?) async -> [String: FlagValue]? {
        guard userKey == gatedUser else { return nil }
        await withCheckedContinuation { continuation in
            held.append(continuation)
            for watcher in watchers { watcher.resume() }
            watchers.removeAll()
        }
        return answer
    }

    /// Returns once a fetch of the gated user is waiting.
    func waitUntilHeld() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    /// Lets the oldest waiting fetch return its answer.
    func release() {
        guard !held.isEmpty else { return }
        held.removeFirst().resume()
    }
}

/// A disk that returns the same snapshot whoever asks, like a buggy or shared store would.
actor CarelessDisk: FlagDisk {
    private let snapshot: FlagSnapshot
    init(_ snapshot: FlagSnapshot) { self.snapshot = snapshot }
    func read(userKey: String?) -> FlagSnapshot? { snapshot }
    func write(_ snapshot: FlagSnapshot) {}
    func clear() {}
    func unfinishedStarts() -> Int { 0 }
    func setUnfinishedStarts(_ count: Int) {}
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_000_000)) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// A folder under the temporary directory, unique to one test.
func makeTemporaryDirectory(_ name: String = #function) -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("FlagKitTests-\(UUID().uuidString)", isDirectory: true)
        .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber }, isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A disk with one copy per user that can hold the next crash-counter read or the next copy
/// read (taken at once, as a file read is, and returned when the test releases it).
actor HeldDisk: FlagDisk {
    enum Step { case counter, copy }

    private var copies: [String: FlagSnapshot] = [:]
    private var unfinished: Int
    private var holding: Step?
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    init(_ copies: [FlagSnapshot], unfinished: Int = 0) {
        for copy in copies { self.copies[copy.userKey ?? ""] = copy }
        self.unfinished = unfinished
    }

    /// Holds the next read of `step` until ``release()``.
    func hold(_ step: Step) { holding = step }

    /// Returns once a held read is waiting.
    func waitUntilHeld() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    func release() {
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    private func wait(at step: Step) async {
        guard holding == step else { return }
        holding = nil
        await withCheckedContinuation { continuation in
            held.append(continuation)
            for watcher in watchers { watcher.resume() }
            watchers.removeAll()
        }
    }

    func read(userKey: String?) async -> FlagSnapshot? {
        let copy = copies[userKey ?? ""]
        await wait(at: .copy)
        return copy
    }

    func unfinishedStarts() async -> Int {
        await wait(at: .counter)
        return unfinished
    }

    func write(_ snapshot: FlagSnapshot) { copies[snapshot.userKey ?? ""] = snapshot }
    func clear() { copies.removeAll() }
    func setUnfinishedStarts(_ count: Int) { unfinished = count }
}
