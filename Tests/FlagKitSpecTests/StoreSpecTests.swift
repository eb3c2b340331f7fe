@testable import FlagKit
import Foundation
import XCTest

/// Runs every case of the store specification, Tests/Spec/store-spec.json, against `FlagStore`
/// with the flags generated from Tests/Spec/spec.yaml. The Kotlin store runs the same file
/// (KotlinSpecTests); Tests/Spec/README.md describes the format.
final class StoreSpecTests: XCTestCase {
    @MainActor
    func testEveryCaseOfTheSpecification() async throws {
        let cases = try loadSpecCases()
        XCTAssertGreaterThanOrEqual(cases.count, 100, "the specification lost cases")
        var failures: [String] = []
        for specCase in cases {
            if let failure = await SpecRun(specCase).run() {
                failures.append("\(specCase["name"] as? String ?? "?"): \(failure)")
            }
        }
        for failure in failures {
            XCTFail(failure)
        }
        print("store specification (Swift): \(cases.count - failures.count) passed, \(failures.count) failed")
    }
}

/// The cases of Tests/Spec/store-spec.json.
func loadSpecCases() throws -> [[String: Any]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Spec/store-spec.json")
    let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    return try XCTUnwrap(spec?["cases"] as? [[String: Any]])
}

/// A text of the specification, with `<<nest N>>` written out as N nested arrays.
func specText(_ text: String) -> String {
    guard let range = text.range(of: #"<<nest (\d+)>>"#, options: .regularExpression) else { return text }
    let count = Int(text[range].dropFirst(7).dropLast(2)) ?? 0
    return text.replacingCharacters(in: range, with: String(repeating: "[", count: count) + String(repeating: "]", count: count))
}

/// The bytes of a text of the specification: its UTF-8 (after `specText`), with each
/// `<<bytes ED A0 80>>` written out as those bytes, so a case can hold bytes that are not UTF-8.
func specBytes(_ text: String) -> Data {
    var bytes = Data()
    var rest = Substring(specText(text))
    while let open = rest.range(of: "<<bytes "), let close = rest[open.upperBound...].range(of: ">>") {
        bytes.append(contentsOf: rest[..<open.lowerBound].utf8)
        for pair in rest[open.upperBound..<close.lowerBound].split(separator: " ") {
            bytes.append(UInt8(pair, radix: 16) ?? 0)
        }
        rest = rest[close.upperBound...]
    }
    bytes.append(contentsOf: rest.utf8)
    return bytes
}

struct SpecFailure: Error, CustomStringConvertible {
    var description: String
}

/// The case's clock, in milliseconds.
final class SpecClock: @unchecked Sendable {
    private let lock = NSLock()
    private var millis: Int64

    init(_ millis: Int64) { self.millis = millis }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }

    func set(_ value: Int64) {
        lock.lock()
        millis = value
        lock.unlock()
    }
}

/// Holds a call until `release()`.
actor SpecGate {
    private var isOpen = true
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var waiting = 0

    func close() { isOpen = false }

    func pass() async {
        if isOpen { return }
        waiting += 1
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}

/// The case's disk: saved copies as the bytes FileFlagDisk writes, decoded on every read.
actor SpecDisk: FlagDisk {
    private var copies: [String?: Data] = [:]
    private(set) var unfinished: Int
    private let failing: Set<String>
    let readGate = SpecGate()

    init(copies: [String?: Data], unfinished: Int, failing: Set<String>) {
        self.copies = copies
        self.unfinished = unfinished
        self.failing = failing
    }

    /// The disk a case describes: `{"copies": [...], "unfinished": n, "failing": [...]}`.
    static func make(_ disk: [String: Any]) -> SpecDisk {
        var copies: [String?: Data] = [:]
        for copy in disk["copies"] as? [[String: Any]] ?? [] {
            let user = copy["user"] as? String
            let fetchedAt = (copy["fetchedAt"] as? NSNumber).map { "\(Double($0.int64Value) / 1000)" } ?? "null"
            let userText = user.map { String(decoding: FlagJSON.serialize(.string($0)), as: UTF8.self) } ?? "null"
            let text = #"{"format":1,"userKey":\#(userText),"fetchedAt":\#(fetchedAt),"values":\#(copy["values"] as? String ?? "{}")}"#
            copies[user] = specBytes(text)
        }
        return SpecDisk(copies: copies, unfinished: disk["unfinished"] as? Int ?? 0, failing: Set(disk["failing"] as? [String] ?? []))
    }

    private func check(_ operation: String) throws {
        if failing.contains(operation) { throw SpecFailure(description: "the disk's \(operation) failed") }
    }

    func read(userKey: String?) async throws -> FlagSnapshot? {
        await readGate.pass()
        try check("read")
        return copies[userKey].flatMap(SavedCopyFormat.decode)
    }

    func write(_ snapshot: FlagSnapshot) throws {
        try check("write")
        copies[snapshot.userKey] = SavedCopyFormat.encode(snapshot)
    }

    func clear() throws {
        try check("clear")
        copies.removeAll()
    }

    func unfinishedStarts() throws -> Int {
        try check("starts")
        return unfinished
    }

    func setUnfinishedStarts(_ count: Int) throws {
        try check("starts")
        unfinished = count
    }
}

/// The case's source: answers its results in order, repeating the last.
actor SpecSource: FlagSource {
    /// One answer: `values` (JSON texts by key), a `body` to decode as HTTPFlagSource does, or a
    /// failure (`nil`, `throw`, `timeout`); `hold` keeps it until the case releases it.
    struct Result: Sendable {
        var values: [String: String]?
        var body: String?
        var fail: String?
        var hold: Bool

        init(_ result: [String: Any]) {
            values = result["values"] as? [String: String]
            body = result["body"] as? String
            fail = result["fail"] as? String
            hold = result["hold"] as? Bool == true
        }
    }

    private let results: [Result]
    private(set) var calls = 0
    let gate = SpecGate()

    init(_ results: [Result]) { self.results = results }

    func fetch(userKey: String?) async throws -> [String: FlagValue]? {
        guard !results.isEmpty else { return nil }
        let result = results[min(calls, results.count - 1)]
        calls += 1
        if result.hold {
            await gate.close()
            await gate.pass()
        }
        if let values = result.values {
            var decoded: [String: FlagValue] = [:]
            for (key, text) in values {
                guard let value = FlagJSON.parse(Data(specText(text).utf8)) else { throw SpecFailure(description: "bad value text") }
                decoded[key] = value
            }
            return decoded
        }
        if let body = result.body {
            return HTTPFlagSource.decode(specBytes(body))?.flags
        }
        switch result.fail {
        case "throw": throw SpecFailure(description: "the source threw")
        case "timeout": throw CancellationError()
        default: return nil
        }
    }
}

/// One case, run step by step.
@MainActor
final class SpecRun {
    private let specCase: [String: Any]
    private let clock: SpecClock
    private let disk: SpecDisk
    private let source: SpecSource
    private var store: FlagStore
    private var views: [String: FlagView] = [:]
    private var heard: [String: [[String]]] = [:]
    private var errors: Set<String> = []
    private var pending: [(task: Task<Bool, Never>, expect: Bool?, step: Int)] = []

    init(_ specCase: [String: Any]) {
        self.specCase = specCase
        clock = SpecClock((specCase["clock"] as? NSNumber)?.int64Value ?? 0)
        disk = SpecDisk.make(specCase["disk"] as? [String: Any] ?? [:])
        source = SpecSource((specCase["source"] as? [[String: Any]] ?? []).map(SpecSource.Result.init))
        store = FlagStore(source: source, disk: disk, flags: SpecFlags.all, now: { [clock] in clock.now })
        makeStore()
    }

    private func makeStore() {
        store = FlagStore(source: source, disk: disk, flags: SpecFlags.all, now: { [clock] in clock.now })
        store.onError = { [weak self] error in self?.errors.insert(error.kind.rawValue) }
        views.removeAll()
    }

    /// Nil when every step gave the expected answer, else what went wrong.
    func run() async -> String? {
        let steps = specCase["steps"] as? [[String: Any]] ?? []
        for (index, step) in steps.enumerated() {
            do {
                try await perform(step, index)
            } catch {
                return "step \(index + 1) (\(step["do"] ?? "?")): \(error)"
            }
        }
        return nil
    }

    private func perform(_ step: [String: Any], _ index: Int) async throws {
        let user = step["user"] as? String
        let expect = step["expect"] as? Bool
        let isAsync = step["async"] as? Bool == true
        switch step["do"] as? String {
        case "start":
            if step["holdDisk"] as? Bool == true { await disk.readGate.close() }
            if isAsync {
                let store = self.store
                try await launch(Task { await store.start(userKey: user); return true }, expect: nil, step: index) {
                    await self.disk.readGate.waiting > 0
                }
            } else {
                await store.start(userKey: user)
            }
        case "refresh", "refreshIfStale":
            let store = self.store
            let name = step["do"] as? String ?? ""
            let ifStale = name == "refreshIfStale"
            let call = { @MainActor in ifStale ? await store.refreshIfStale() : await store.refresh() }
            if isAsync {
                let heldByStart = step["heldBy"] as? String == "start"
                try await launch(Task { await call() }, expect: expect, step: index) {
                    heldByStart ? true : await self.source.gate.waiting > 0
                }
            } else {
                try compare("\(name)()", await call(), expect)
            }
        case "switchUser":
            try compare("switchUser()", await store.switchUser(user), expect)
        case "startFinished":
            await store.startFinished()
        case "enteredBackground":
            await store.enteredBackground()
        case "restart":
            makeStore()
        case "clock":
            clock.set((step["set"] as? NSNumber)?.int64Value ?? 0)
        case "view":
            views[step["as"] as? String ?? ""] = store.view()
        case "listen":
            let name = step["as"] as? String ?? ""
            let throwing = step["throws"] as? Bool == true
            heard[name] = heard[name] ?? []
            store.addKillSwitchListener { [weak self] keys in
                self?.heard[name, default: []].append(keys.sorted())
                if throwing { throw SpecFailure(description: "the listener threw") }
            }
        case "release":
            await disk.readGate.release()
            await source.gate.release()
            let launched = pending
            pending.removeAll()
            for call in launched {
                try compare("the call of step \(call.step + 1)", await call.task.value, call.expect)
            }
        case "check":
            let name = step["view"] as? String ?? "new"
            guard let view = name == "new" ? store.view() : views[name] else { throw SpecFailure(description: "no view \(name)") }
            try check(view, step["answers"] as? [String: Any] ?? [:])
        case "expect":
            try await expectations(step)
        default:
            throw SpecFailure(description: "unknown step")
        }
    }

    /// Starts `task` and waits until it is held (`isHeld`), at most a second.
    private func launch(_ task: Task<Bool, Never>, expect: Bool?, step: Int, isHeld: () async -> Bool) async throws {
        pending.append((task, expect, step))
        for _ in 0..<50 {  // let the call run up to where it waits
            await Task.yield()
        }
        for _ in 0..<10_000 {
            if await isHeld() { return }
            await Task.yield()
        }
        throw SpecFailure(description: "the call was never held")
    }

    private func compare(_ what: String, _ actual: Bool, _ expected: Bool?) throws {
        if let expected, expected != actual {
            throw SpecFailure(description: "\(what) returned \(actual), expected \(expected)")
        }
    }

    private func check(_ view: FlagView, _ answers: [String: Any]) throws {
        for (key, expected) in answers.sorted(by: { $0.key < $1.key }) {
            let actual: String
            let wanted: String
            switch key {
            case "on", "kill":
                actual = String(view.isOn(key == "on" ? SpecFlags.on : SpecFlags.kill))
                wanted = String((expected as? Bool) ?? false)
            case "label":
                actual = view.value(SpecFlags.label)
                wanted = expected as? String ?? ""
            case "count":
                actual = String(view.value(SpecFlags.count))
                wanted = String((expected as? NSNumber)?.int64Value ?? 0)
            case "ratio":
                actual = String(view.value(SpecFlags.ratio))
                wanted = String((expected as? NSNumber)?.doubleValue ?? 0)
            case "config":
                let config = view.value(SpecFlags.config)
                actual = "\(config.title)/\(config.days)/\(config.big)/\(config.style.rawValue)"
                wanted = expected as? String ?? ""
            default:
                throw SpecFailure(description: "unknown flag \(key)")
            }
            // Code point for code point: Swift's == would call "é" and "e\u{301}" equal.
            if Array(actual.utf8) != Array(wanted.utf8) {
                throw SpecFailure(description: "\(key) read \(actual.debugDescription), expected \(wanted.debugDescription)")
            }
        }
    }

    private func expectations(_ step: [String: Any]) async throws {
        if let calls = step["calls"] as? Int, await source.calls != calls {
            throw SpecFailure(description: "the source was called \(await source.calls) times, expected \(calls)")
        }
        if let expected = step["errors"] as? [String], errors.sorted() != expected.sorted() {
            throw SpecFailure(description: "errors reported: \(errors.sorted()), expected \(expected.sorted())")
        }
        if let expected = step["heard"] as? [String: [[String]]] {
            for (name, calls) in expected where heard[name] ?? [] != calls {
                throw SpecFailure(description: "listener \(name) heard \(heard[name] ?? []), expected \(calls)")
            }
        }
        if let safeMode = step["safeMode"] as? Bool, store.isSafeMode != safeMode {
            throw SpecFailure(description: "isSafeMode is \(store.isSafeMode), expected \(safeMode)")
        }
        if let unfinished = step["unfinished"] as? Int, await disk.unfinished != unfinished {
            throw SpecFailure(description: "unfinished starts: \(await disk.unfinished), expected \(unfinished)")
        }
    }
}
