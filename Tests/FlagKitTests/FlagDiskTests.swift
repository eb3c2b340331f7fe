@testable import FlagKit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The saved copy on disk: `FileFlagDisk`, `UserDefaultsFlagDisk`, and the store on top of them.
@MainActor
final class FlagDiskTests: XCTestCase {
    private var directory: URL!

    override func setUp() async throws {
        directory = makeTemporaryDirectory(name)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }

    private let snapshot = FlagSnapshot(
        userKey: "acct-42", fetchedAt: Date(timeIntervalSince1970: 1_760_000_000.25),
        values: [
            "new_checkout": true, "checkout_button_label": "Pay \"now\" — ünïcødé 🚀\n", "max_retries": 5,
            "discount_ratio": 0.25, "paywall": ["title": "Go Pro", "trialDays": 14, "plans": [["id": "m", "price": 4.99]]],
            "nothing": .null,
        ])

    // MARK: - FileFlagDisk

    func testFileDiskRoundTripsEveryValueType() async throws {
        let disk = FileFlagDisk(directory: directory.appendingPathComponent("not-yet-created"))
        let nothing = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(nothing)
        try await disk.write(snapshot)
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertEqual(copy, snapshot)
    }

    func testFileDiskKeepsOneFilePerUserAndHidesTheKey() async throws {
        let disk = FileFlagDisk(directory: directory)
        var signedOut = snapshot
        signedOut.userKey = nil
        signedOut.values = ["new_checkout": false]
        try await disk.write(snapshot)
        try await disk.write(signedOut)
        let first = try? await disk.read(userKey: "acct-42")
        let second = try? await disk.read(userKey: nil)
        let stranger = try? await disk.read(userKey: "acct-43")
        XCTAssertEqual(first, snapshot)
        XCTAssertEqual(second, signedOut)
        XCTAssertNil(stranger)

        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(names.count, 2, "\(names)")
        XCTAssertTrue(names.contains("flags-signed-out.json"))
        XCTAssertFalse(names.contains { $0.contains("acct") }, "file names never reveal the account")
        XCTAssertFalse(names.contains { $0.hasSuffix(".tmp") }, "no temporary file is left behind")
    }

    func testFileDiskWritesAVersionedFormat() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        let data = try Data(contentsOf: disk.fileURL(forUser: "acct-42"))
        guard case .object(let object)? = FlagJSON.parse(data) else { return XCTFail("not a JSON object") }
        XCTAssertEqual(object["format"], 1)
        XCTAssertEqual(object["userKey"], "acct-42")
        XCTAssertEqual(object["fetchedAt"], 1_760_000_000.25)
    }

    func testACorruptOrTruncatedFileReadsAsNoSavedCopy() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        let url = disk.fileURL(forUser: "acct-42")
        let good = try Data(contentsOf: url)
        let damaged: [Data] = [
            Data(),
            good.prefix(good.count / 2),
            good.prefix(good.count - 1),
            Data("not json at all".utf8),
            Data([0xFF, 0xFE, 0x00, 0x7B]),
            Data(#"{"format":2,"userKey":"acct-42","fetchedAt":null,"values":{}}"#.utf8),
            Data(#"{"format":1,"userKey":"acct-42","fetchedAt":"yesterday","values":{}}"#.utf8),
            Data(#"{"format":1,"userKey":42,"fetchedAt":null,"values":{}}"#.utf8),
            Data(#"{"format":1,"userKey":"acct-42","fetchedAt":null,"values":[]}"#.utf8),
            Data(#"[1,2,3]"#.utf8),
        ]
        for bytes in damaged {
            try bytes.write(to: url)
            let copy = try? await disk.read(userKey: "acct-42")
            XCTAssertNil(copy, String(decoding: bytes, as: UTF8.self))
        }
    }

    func testFileDiskCountsUnfinishedStarts() async throws {
        let disk = FileFlagDisk(directory: directory)
        var count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 0)
        try await disk.setUnfinishedStarts(2)
        count = await FileFlagDisk(directory: directory).unfinishedStarts()
        XCTAssertEqual(count, 2, "the count survives the process")
        try Data("{garbage".utf8).write(to: disk.counterURL)
        count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 0, "a corrupt counter reads as zero")
    }

    func testFileDiskClearDeletesEveryCopyButTheCounter() async throws {
        let disk = FileFlagDisk(directory: directory)
        var other = snapshot
        other.userKey = "acct-7"
        try await disk.write(snapshot)
        try await disk.write(other)
        try await disk.setUnfinishedStarts(3)
        try await disk.clear()
        let first = try? await disk.read(userKey: "acct-42")
        let second = try? await disk.read(userKey: "acct-7")
        let count = await disk.unfinishedStarts()
        XCTAssertNil(first)
        XCTAssertNil(second)
        XCTAssertEqual(count, 3)
    }

    /// The folder may be shared (an App Group container): safe mode deletes FlagKit's own files
    /// there and nothing else, however the others are named.
    func testFileDiskClearDeletesOnlyItsOwnFiles() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        try await disk.setUnfinishedStarts(1)
        let leftover = ".\(disk.fileURL(forUser: "acct-7").lastPathComponent).\(UUID().uuidString).tmp"
        let counterLeftover = ".\(disk.counterURL.lastPathComponent).\(UUID().uuidString).tmp"
        let others = ["flags-of-the-world.pdf", "video-upload.tmp", "notes.txt", "flags-user-notes.json", ".hidden.tmp",
                      ".unfinished-starts-0123456789abcdef.json.\(UUID().uuidString).tmp"]  // another process's, maybe in flight
        for name in others + [leftover, counterLeftover] {
            try Data("mine".utf8).write(to: directory.appendingPathComponent(name))
        }
        try await disk.clear()
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(left, (others + [disk.counterURL.lastPathComponent]).sorted())
    }

    /// An app and its extension share a folder but not a crash counter: an extension killed at
    /// start is not the app crashing, and the extension's `enteredBackground()` does not reset
    /// the app's count.
    func testEachProcessCountsItsOwnStarts() async throws {
        let app = FileFlagDisk(directory: directory, processName: "Shop")
        let widget = FileFlagDisk(directory: directory, processName: "ShopWidget")
        try await app.setUnfinishedStarts(1)
        try await widget.setUnfinishedStarts(2)
        var count = await app.unfinishedStarts()
        XCTAssertEqual(count, 1)
        try await widget.setUnfinishedStarts(0)
        count = await app.unfinishedStarts()
        XCTAssertEqual(count, 1)
        XCTAssertNotEqual(app.counterURL, widget.counterURL)
        try await app.write(snapshot)
        let shared = try await widget.read(userKey: "acct-42")
        XCTAssertEqual(shared, snapshot, "the saved copies are shared")

        // The same in an App Group's defaults.
        let suite = "FlagKitTests-\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suite) else { return XCTFail("no suite") }
        defer { defaults.removePersistentDomain(forName: suite) }
        let appDefaults = UserDefaultsFlagDisk(defaults: defaults, keyPrefix: "f", maximumCopySize: 1 << 20, processName: "Shop")
        let widgetDefaults = UserDefaultsFlagDisk(defaults: defaults, keyPrefix: "f", maximumCopySize: 1 << 20, processName: "ShopWidget")
        await appDefaults.setUnfinishedStarts(1)
        await widgetDefaults.setUnfinishedStarts(0)
        count = await appDefaults.unfinishedStarts()
        XCTAssertEqual(count, 1)
    }

    func testAStoreOnACorruptFileStartsOnDefaults() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        try Data(#"{"format":1,"userKey":"acct-42","values":{"new_checkout":tr"#.utf8)
            .write(to: disk.fileURL(forUser: "acct-42"))
        let store = FlagStore(source: FakeSource(nil), disk: disk, flags: TestFlags.all)
        await store.start(userKey: "acct-42")
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout))
        XCTAssertEqual(store.view().value(TestFlags.maxRetries), 3)
    }

    func testTheCrashGuardWorksAcrossProcessesOnAFileDisk() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        for _ in 1...2 {  // two starts that crash before startFinished()
            let store = FlagStore(source: FakeSource(nil), disk: FileFlagDisk(directory: directory), flags: TestFlags.all)
            await store.start(userKey: "acct-42")
            XCTAssertTrue(store.view().isOn(TestFlags.newCheckout))
        }
        let third = FlagStore(source: FakeSource(nil), disk: FileFlagDisk(directory: directory), flags: TestFlags.all)
        await third.start(userKey: "acct-42")
        XCTAssertTrue(third.isSafeMode)
        XCTAssertFalse(third.view().isOn(TestFlags.newCheckout))
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(copy)
        await third.startFinished()
        let count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 0)

        let fourth = FlagStore(source: FakeSource(nil), disk: FileFlagDisk(directory: directory), flags: TestFlags.all)
        await fourth.start(userKey: "acct-42")
        XCTAssertFalse(fourth.isSafeMode, "a finished start resets the guard")
    }

    /// `data` followed by spaces up to `size` bytes: still valid JSON, as big as a test needs.
    private func padded(_ data: Data, to size: Int) -> Data {
        data + Data(repeating: UInt8(ascii: " "), count: size - data.count)
    }

    func testAFileOverTheLimitReadsAsNoSavedCopyAndTheStartUsesTheDefaults() async throws {
        let disk = FileFlagDisk(directory: directory)
        XCTAssertEqual(disk.maximumCopySize, 8_454_144)
        try await disk.write(snapshot)
        let url = disk.fileURL(forUser: "acct-42")
        let good = try Data(contentsOf: url)

        try padded(good, to: FlagLimits.maximumCopySize).write(to: url)
        let atLimit = try? await disk.read(userKey: "acct-42")
        XCTAssertEqual(atLimit, snapshot, "a copy of exactly the limit is read")

        try padded(good, to: FlagLimits.maximumCopySize + 1).write(to: url)
        let overLimit = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(overLimit, "one byte more is no saved copy")
        let store = FlagStore(source: FakeSource(nil), disk: disk, flags: TestFlags.all)
        await store.start(userKey: "acct-42")
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "the session runs on the defaults")
    }

    /// Found by a hunt: an answer of 4 MiB (the sources' limit) was applied, but its copy, a few
    /// bytes longer, was over the disk's limit of 4 MiB and never saved. The copy has room for it.
    func testAnAnswerAtTheSourcesLimitIsSaved() async throws {
        let disk = FileFlagDisk(directory: directory)
        let large = FlagSnapshot(
            userKey: "acct-42", fetchedAt: nil,
            values: ["label": .string(String(repeating: "a", count: FlagLimits.maximumPayloadSize - 20))])
        try await disk.write(large)
        let read = try await disk.read(userKey: "acct-42")
        XCTAssertEqual(read, large)
    }

    /// A 64 GiB sparse file: reading it whole would exhaust memory; its size alone refuses it.
    func testAHugeFileIsRefusedWithoutReadingIt() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.write(snapshot)
        let handle = try FileHandle(forWritingTo: disk.fileURL(forUser: "acct-42"))
        try handle.truncate(atOffset: 64 << 30)
        try handle.close()
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(copy)
    }

    func testAFIFOReadsAsNoSavedCopyWithoutWaitingForAWriter() async throws {
        let disk = FileFlagDisk(directory: directory)
        XCTAssertEqual(mkfifo(disk.fileURL(forUser: "acct-42").path, 0o600), 0)
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(copy)
    }

    func testACopyOverTheLimitIsNotSavedAndTheOldOneStays() async throws {
        let disk = FileFlagDisk(directory: directory, maximumCopySize: 1024)
        try await disk.write(snapshot)
        let before = try Data(contentsOf: disk.fileURL(forUser: "acct-42"))
        var big = snapshot
        big.values["padding"] = .string(String(repeating: "x", count: 2000))
        do {
            try await disk.write(big)
            XCTFail("a copy over the limit must not be saved")
        } catch let error as FileFlagDisk.WriteError {
            XCTAssertEqual(error.step, "tooLarge")
        }
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertEqual(copy, snapshot)
        XCTAssertEqual(try Data(contentsOf: disk.fileURL(forUser: "acct-42")), before)
    }

    func testAnOversizedCounterFileReadsAsZero() async throws {
        let disk = FileFlagDisk(directory: directory)
        try await disk.setUnfinishedStarts(2)
        let url = disk.counterURL
        let good = try Data(contentsOf: url)
        try padded(good, to: 4096).write(to: url)
        var count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 2)
        try padded(good, to: 4097).write(to: url)
        count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 0)
    }

    func testACorruptOrOversizedCopyThrowsAndTheStoreReportsIt() async throws {
        let disk = FileFlagDisk(directory: directory, maximumCopySize: 64)
        let missing = try await disk.read(userKey: "acct-42")
        XCTAssertNil(missing, "no file is no copy, not an error")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"format":1,"userKey":"acct-42","#.utf8).write(to: disk.fileURL(forUser: "acct-42"))
        do {
            _ = try await disk.read(userKey: "acct-42")
            XCTFail("a truncated copy must throw")
        } catch FileFlagDisk.ReadError.corrupt {}
        try Data(repeating: 0x20, count: 65).write(to: disk.fileURL(forUser: "acct-42"))
        do {
            _ = try await disk.read(userKey: "acct-42")
            XCTFail("a copy over the limit must throw")
        } catch FileFlagDisk.ReadError.unreadable {}

        let store = FlagStore(source: FakeSource(nil), disk: disk, flags: TestFlags.all)
        var kinds: [FlagStoreError.Kind] = []
        store.onError = { kinds.append($0.kind) }
        await store.start(userKey: "acct-42")
        XCTAssertEqual(kinds, [.diskRead])
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "the defaults")
    }

    func testAFailedWriteThrowsAndTheStoreReportsIt() async throws {
        let blocker = directory.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let disk = FileFlagDisk(directory: blocker)  // a file where the folder should be
        do {
            try await disk.write(snapshot)
            XCTFail("the write cannot succeed")
        } catch let error as FileFlagDisk.WriteError {
            XCTAssertEqual(error.step, "open")
        }
        let store = FlagStore(source: FakeSource(["max_retries": 1]), disk: disk, flags: TestFlags.all)
        var kinds: [FlagStoreError.Kind] = []
        store.onError = { kinds.append($0.kind) }
        await store.start(userKey: nil)
        let applied = await store.refresh()
        XCTAssertTrue(applied, "the values apply even when they cannot be saved")
        XCTAssertEqual(Set(kinds), [.diskStarts, .diskWrite])
    }

    func testTheFolderIsExcludedFromBackups() async throws {
        let disk = FileFlagDisk(directory: directory.appendingPathComponent("backup-check"))
        try await disk.write(snapshot)
        #if canImport(Darwin)
        let values = try disk.directory.resourceValues(forKeys: [.isExcludedFromBackupKey])
        XCTAssertEqual(values.isExcludedFromBackup, true)
        #else
        throw XCTSkip("backups are an Apple platform's; isExcludedFromBackup is set on Darwin only")
        #endif
    }

    func testAppIdentifierPicksAFolderOfItsOwn() {
        let shop = FileFlagDisk(appIdentifier: "com.example.shop")
        let chat = FileFlagDisk(appIdentifier: "com.example.chat")
        XCTAssertNotEqual(shop.directory, chat.directory)
        XCTAssertEqual(shop.directory.lastPathComponent, "com.example.shop")
    }

    // MARK: - UserDefaultsFlagDisk

    func testUserDefaultsDiskRoundTripsClearsAndSurvivesCorruption() async throws {
        let suite = "FlagKitTests-\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suite) else { return XCTFail("no suite") }
        defer { defaults.removePersistentDomain(forName: suite) }
        let disk = UserDefaultsFlagDisk(defaults: defaults, keyPrefix: "test.flags")

        let nothing = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(nothing)
        try await disk.write(snapshot)
        let copy = try? await disk.read(userKey: "acct-42")
        let stranger = try? await disk.read(userKey: nil)
        XCTAssertEqual(copy, snapshot)
        XCTAssertNil(stranger)

        await disk.setUnfinishedStarts(2)
        var count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 2)

        let key = "test.flags.copy." + SavedCopyFormat.name(forUser: "acct-42")
        defaults.set(Data("{\"format\":1,".utf8), forKey: key)
        let corrupt = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(corrupt)

        try await disk.write(snapshot)
        defaults.set("unrelated", forKey: "other.key")
        await disk.clear()
        let cleared = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(cleared)
        XCTAssertEqual(defaults.string(forKey: "other.key"), "unrelated")
        count = await disk.unfinishedStarts()
        XCTAssertEqual(count, 2)
    }

    /// Found in a review: the limit held per copy, and every user's copy stayed, so on tvOS
    /// (which ends an app at 1 MB of defaults) four profiles near the 256 KiB limit ended the
    /// app. The copies together stay within the limit: a write that would pass it deletes the
    /// other users' copies.
    func testUserDefaultsDiskKeepsAllCopiesTogetherWithinTheLimit() async throws {
        let suite = "FlagKitTests-\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suite) else { return XCTFail("no suite") }
        defer { defaults.removePersistentDomain(forName: suite) }
        let size = SavedCopyFormat.encode(snapshot).count
        let disk = UserDefaultsFlagDisk(defaults: defaults, keyPrefix: "test.flags", maximumCopySize: size * 2 + 10)
        var second = snapshot, third = snapshot
        second.userKey = "acct-7"
        third.userKey = "acct-8"
        try await disk.write(snapshot)
        try await disk.write(second)
        var first = try await disk.read(userKey: "acct-42")
        XCTAssertEqual(first, snapshot, "two copies fit")
        try await disk.write(third)
        first = try await disk.read(userKey: "acct-42")
        let kept = try await disk.read(userKey: "acct-8")
        XCTAssertNil(first, "the others went to make room")
        XCTAssertEqual(kept, third)
        try await disk.write(third)
        let again = try await disk.read(userKey: "acct-8")
        XCTAssertEqual(again, third, "rewriting a user's own copy counts it once")
    }

    func testUserDefaultsDiskRefusesACopyOverTheLimit() async throws {
        let suite = "FlagKitTests-\(UUID().uuidString)"
        guard let defaults = UserDefaults(suiteName: suite) else { return XCTFail("no suite") }
        defer { defaults.removePersistentDomain(forName: suite) }
        let disk = UserDefaultsFlagDisk(defaults: defaults, keyPrefix: "test.flags", maximumCopySize: 1024)
        XCTAssertEqual(UserDefaultsFlagDisk(defaults: defaults).maximumCopySize, 1_048_576)
        let key = "test.flags.copy." + SavedCopyFormat.name(forUser: "acct-42")
        let good = SavedCopyFormat.encode(snapshot)

        defaults.set(padded(good, to: 1024), forKey: key)
        let atLimit = try? await disk.read(userKey: "acct-42")
        XCTAssertEqual(atLimit, snapshot)
        defaults.set(padded(good, to: 1025), forKey: key)
        let overLimit = try? await disk.read(userKey: "acct-42")
        XCTAssertNil(overLimit)

        try await disk.write(snapshot)
        var big = snapshot
        big.values["padding"] = .string(String(repeating: "x", count: 2000))
        do {
            try await disk.write(big)
            XCTFail("a copy over the limit must throw")
        } catch let error as FileFlagDisk.WriteError {
            XCTAssertEqual(error.step, "tooLarge")
        }
        let copy = try? await disk.read(userKey: "acct-42")
        XCTAssertEqual(copy, snapshot, "the copy over the limit was not saved")
    }
}
