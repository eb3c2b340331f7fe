// The FlagKit store benchmark: start() with a 1,000-flag saved copy, view(), and flag reads.
// Build and run it with Scripts/bench-flagkit.sh (FlagKit is compiled -O as its own module, so
// reads cross a module boundary as they do in an app). Prints medians; see docs/performance.md.

import FlagKit
import Foundation

// MARK: - Fixtures

/// A config like the generated ones.
struct BenchConfig: Codable, Sendable {
    var title: String
    var trialDays: Int
}

/// A source that never answers: start() must not need it.
struct SilentSource: FlagSource {
    func fetch(userKey: String?) async -> [String: FlagValue]? { nil }
}

/// 1,000 flags as a server would send them: 700 booleans, 100 strings, 100 integers, 50 numbers
/// and 50 JSON configs.
func thousandValues() -> [String: FlagValue] {
    var values: [String: FlagValue] = [:]
    for index in 0..<1_000 {
        let key = "feature_flag_number_\(index)"
        switch index {
        case 0..<700: values[key] = .bool(index % 2 == 0)
        case 700..<800: values[key] = .string("Label for flag \(index)")
        case 800..<900: values[key] = .int(index)
        case 900..<950: values[key] = .double(Double(index) / 7)
        default: values[key] = ["title": .string("Config \(index)"), "trialDays": .int(index % 30)]
        }
    }
    return values
}

let boolFlag = Flag<Bool>(
    key: "feature_flag_number_42", defaultValue: false, owner: "bench", expires: nil, killSwitch: false,
    kind: .release, description: nil)
let killSwitch = Flag<Bool>(
    key: "feature_flag_number_43", defaultValue: true, owner: "bench", expires: nil, killSwitch: true,
    kind: .operational, description: nil)
let missingFlag = Flag<Bool>(
    key: "not_in_the_snapshot", defaultValue: true, owner: "bench", expires: nil, killSwitch: false,
    kind: .release, description: nil)
let stringFlag = Flag<String>(
    key: "feature_flag_number_742", defaultValue: "", owner: "bench", expires: nil, killSwitch: false,
    kind: .release, description: nil)
let configFlag = Flag<BenchConfig>(
    key: "feature_flag_number_975", defaultValue: BenchConfig(title: "", trialDays: 0), owner: "bench",
    expires: nil, killSwitch: false, kind: .release, description: nil)
let flags: [any FlagMetadata] = [boolFlag, killSwitch, missingFlag, stringFlag, configFlag]

let snapshot = FlagSnapshot(userKey: "acct-42", fetchedAt: Date(), values: thousandValues())

// MARK: - Timing

func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2]
        : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func report(_ name: String, _ samples: [Double], unit: String = "ms", scale: Double = 1e6) {
    let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
    print("\(padded) median \(String(format: "%9.3f", median(samples) / scale)) \(unit)"
        + "   (min \(String(format: "%.3f", (samples.min() ?? 0) / scale)), n=\(samples.count))")
}

let clock = ContinuousClock()
var sink = 0  // keeps reads from being optimized away

// MARK: - start()

@MainActor
func benchStartInMemory(runs: Int) async -> [Double] {
    var samples: [Double] = []
    for _ in 0..<runs {
        let disk = InMemoryFlagDisk(snapshots: [snapshot])
        let store = FlagStore(source: SilentSource(), disk: disk, flags: flags)
        let elapsed = await clock.measure { await store.start(userKey: "acct-42") }
        sink &+= store.view().isOn(boolFlag) ? 1 : 0
        samples.append(nanoseconds(elapsed))
    }
    return samples
}

@MainActor
func benchStartFile(runs: Int) async -> [Double] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flagkit-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let disk = FileFlagDisk(directory: directory)
    do {
        try await disk.write(snapshot)
    } catch {
        fatalError("the saved copy was not written: \(error)")
    }
    var samples: [Double] = []
    for _ in 0..<runs {
        let store = FlagStore(source: SilentSource(), disk: FileFlagDisk(directory: directory), flags: flags)
        let elapsed = await clock.measure { await store.start(userKey: "acct-42") }
        guard store.session.values.count == 1_000 else { fatalError("the saved copy did not load") }
        await store.startFinished()  // outside the timing: keeps the crash guard from firing
        samples.append(nanoseconds(elapsed))
    }
    return samples
}

// MARK: - view() and reads

@MainActor
func benchPerCall(rounds: Int, callsPerRound: Int, _ body: () -> Void) -> [Double] {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let elapsed = clock.measure {
            for _ in 0..<callsPerRound { body() }
        }
        samples.append(nanoseconds(elapsed) / Double(callsPerRound))
    }
    return samples
}

@MainActor
func run() async {
    print("FlagKit store benchmark: 1,000-flag saved copy, medians\n")
    _ = await benchStartInMemory(runs: 20)  // warm up
    report("start() — InMemoryFlagDisk", await benchStartInMemory(runs: 201))
    report("start() — FileFlagDisk", await benchStartFile(runs: 201))

    let store = FlagStore(source: SilentSource(), disk: InMemoryFlagDisk(snapshots: [snapshot]), flags: flags)
    await store.start(userKey: "acct-42")
    report("view() (and one bool read)", benchPerCall(rounds: 21, callsPerRound: 100_000) {
        sink &+= store.view().isOn(boolFlag) ? 1 : 0
    }, unit: "ns", scale: 1)

    let view = store.view()
    let plain = snapshot.values
    report("baseline: [String: FlagValue] lookup", benchPerCall(rounds: 21, callsPerRound: 1_000_000) {
        if case .bool(true)? = plain[boolFlag.key] { sink &+= 1 }
    }, unit: "ns", scale: 1)
    report("read: bool (isOn)", benchPerCall(rounds: 21, callsPerRound: 1_000_000) {
        sink &+= view.isOn(boolFlag) ? 1 : 0
    }, unit: "ns", scale: 1)
    report("read: bool kill switch (live)", benchPerCall(rounds: 21, callsPerRound: 1_000_000) {
        sink &+= view.isOn(killSwitch) ? 1 : 0
    }, unit: "ns", scale: 1)
    report("read: bool, missing key (default)", benchPerCall(rounds: 21, callsPerRound: 1_000_000) {
        sink &+= view.isOn(missingFlag) ? 1 : 0
    }, unit: "ns", scale: 1)
    report("read: string", benchPerCall(rounds: 21, callsPerRound: 1_000_000) {
        sink &+= view.value(stringFlag).utf8.count
    }, unit: "ns", scale: 1)
    report("read: JSON config (decoded once per view)", benchPerCall(rounds: 21, callsPerRound: 100_000) {
        sink &+= view.value(configFlag).trialDays
    }, unit: "ns", scale: 1)
    report("read: JSON config, first read of a new view", benchPerCall(rounds: 21, callsPerRound: 1_000) {
        sink &+= store.view().value(configFlag).trialDays
    }, unit: "ns", scale: 1)
    print("\n(checksum \(sink))\n")
}

await run()
