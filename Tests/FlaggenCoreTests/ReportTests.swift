@testable import FlaggenCore
import FlaggenJSON
import FlagKit
import Foundation
import XCTest

/// `flaggen report`'s view-model, timeline, JSON and page, from a manifest with one flag of
/// each status, on a fixed day.
final class ReportTests: XCTestCase {
    static let today = ISODate("2029-03-10")!

    static let yaml = """
        version: 1
        flags:
          gone_flag:
            type: bool
            default: false
            owner: payments
            expires: 2029-03-09
          last_day:
            type: bool
            default: false
            owner: payments
            expires: 2029-03-10
            rollout:
              percent: 12.5
              platforms: [ios]
              minAppVersion: 5.2.0
          soon_flag:
            type: int
            default: 3
            owner: growth
            expires: 2029-04-09
          later_flag:
            type: string
            default: a
            owner: growth
            expires: 2029-04-10
            rollout:
              percent: 100
              value: b
          far_flag:
            type: bool
            default: false
            owner: growth
            expires: 2031-01-01
          switch_flag:
            type: bool
            default: true
            owner: chat
            kind: operational
            killSwitch: true
          grant_flag:
            type: bool
            default: false
            owner: chat
            kind: permission
        outputs:
          servers: [contract, postgres, firebase, flagd]
        """

    static func report(_ yaml: String = yaml, references: FlagReferences.Report? = nil) throws -> FlagReport {
        let manifest = try XCTUnwrap(validate(yaml).manifest, "\(validate(yaml).diagnostics)")
        return FlagReport(manifest: manifest, manifestPath: "app/flags.yaml", today: today, references: references)
    }

    func testDaysLeftAndStatuses() throws {
        let rows = try Self.report().rows
        XCTAssertEqual(rows.map(\.flag.key), ["gone_flag", "last_day", "soon_flag", "later_flag", "far_flag", "switch_flag", "grant_flag"])
        XCTAssertEqual(rows.map(\.daysLeft), [-1, 0, 30, 31, 662, nil, nil])
        XCTAssertEqual(rows.map(\.status), [.expired, .expiringSoon, .expiringSoon, .ok, .ok, .killSwitch, .permanent])
        XCTAssertEqual(rows.map(\.status.rawValue), ["expired", "expiring-soon", "expiring-soon", "ok", "ok", "kill-switch", "permanent"])
        XCTAssertEqual(rows.map(\.flag.location.line), [3, 8, 17, 22, 30, 35, 41])
        XCTAssertTrue(rows.allSatisfy { $0.flag.deprecated == nil && $0.reads == nil })
    }

    func testOwnersAndCountsAreSorted() throws {
        let report = try Self.report()
        XCTAssertEqual(report.owners, ["chat", "growth", "payments"])
        XCTAssertEqual(
            report.statusCounts.map { "\($0.status.rawValue)=\($0.count)" },
            ["expired=1", "expiring-soon=2", "ok=2", "kill-switch=1", "permanent=1"])
    }

    func testReadsPerPlatformComeFromTheRefsScanner() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("if flags.isOn(Flags.lastDay) {}\nlet k = \"last_day\"\nFlagKey.farFlag\n".utf8).write(to: folder.appendingPathComponent("A.swift"))
        try Data("if (flags.isOn(Flags.LastDay)) {}\n".utf8).write(to: folder.appendingPathComponent("B.kt"))
        try Data("Flags.lastDay\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let manifest = try XCTUnwrap(validate(Self.yaml).manifest)
        let scanned = try FlagReferences(manifest: manifest).scan(paths: [folder.path, folder.appendingPathComponent("notes.txt").path])
        let report = FlagReport(manifest: manifest, manifestPath: "flags.yaml", today: Self.today, references: scanned)
        let reads = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.flag.key, $0.reads) })
        XCTAssertEqual(reads["last_day"], PlatformReads(swift: 2, kotlin: 1), "a text file named on the command line counts for no platform")
        XCTAssertEqual(reads["far_flag"], PlatformReads(swift: 1, kotlin: 0))
        XCTAssertEqual(reads["gone_flag"], PlatformReads(swift: 0, kotlin: 0), "scanned and not read: zero, not unknown")
        XCTAssertEqual(report.scan?.filesScanned, 3)
    }

    func testSortKeys() throws {
        let rows = try Self.report().rows.map { ReportHTML.row($0, order: 0) }
        func keys(_ name: String) -> [String] {
            rows.map { row in
                guard case .string(let key)? = row[name] else { return "not a string" }
                return key
            }
        }
        XCTAssertEqual(keys("daysSort"), ["-1", "0", "30", "31", "662", "99999999", "99999999"])
        XCTAssertEqual(keys("statusSort"), ["0", "1", "1", "2", "2", "3", "4"])
        XCTAssertEqual(keys("killSwitchSort"), ["1", "1", "1", "1", "1", "0", "1"])
        XCTAssertEqual(keys("rolloutSort"), ["-1", "1250", "-1", "10000", "-1", "-1", "-1"])
        // The largest date there is still sorts before "no expiry".
        XCTAssertLessThan(ISODate("9999-12-31")!.daysSinceEpoch - ISODate("1970-01-01")!.daysSinceEpoch, ReportHTML.noExpiry)
    }

    func testStatusLabels() {
        XCTAssertEqual(FlagStatus.allCases.map(\.label), ["expired", "expiring soon", "ok", "kill switch", "permanent"])
    }

    func testTimelineGroupsExpiriesByOwnerAndMonth() throws {
        let timeline = ExpiryTimeline(try Self.report())
        XCTAssertEqual(timeline.months.map(ReportHTML.monthLabel), [
            "2029-03", "2029-04", "2029-05", "2029-06", "2029-07", "2029-08", "2029-09", "2029-10", "2029-11", "2029-12", "2030-01", "2030-02",
        ])
        XCTAssertEqual(timeline.lines.map(\.owner), ["growth", "payments"], "chat has no dated flag")
        let growth = timeline.lines[0], payments = timeline.lines[1]
        XCTAssertEqual(payments.overdue.map(\.key), ["gone_flag"])
        XCTAssertEqual(payments.months[0].map(\.key), ["last_day"])
        XCTAssertEqual(growth.months[1].map(\.key), ["soon_flag", "later_flag"])
        XCTAssertEqual(growth.later.map(\.key), ["far_flag"])
        XCTAssertEqual(growth.months.flatMap { $0 }.count + growth.later.count + growth.overdue.count, 3)
    }

    func testTimelineEndsWithTheLastMonthADateMayHave() throws {
        // Found by a hunt: months past 9999-12 are no dates, and their columns read as today's.
        let manifest = try XCTUnwrap(validate("version: 1\nflags:\n  late: {type: bool, default: false, owner: o, expires: 9999-12-31}\n").manifest)
        let report = FlagReport(manifest: manifest, manifestPath: "flags.yaml", today: ISODate("9999-06-01")!, references: nil)
        let timeline = ExpiryTimeline(report)
        XCTAssertEqual(timeline.months.map(ReportHTML.monthLabel), ["9999-06", "9999-07", "9999-08", "9999-09", "9999-10", "9999-11", "9999-12"])
        XCTAssertEqual(timeline.lines.map { $0.months.map { $0.map(\.key) } }, [[[], [], [], [], [], [], ["late"]]])
    }

    func testJSONShape() throws {
        let bytes = ReportJSON.bytes(try Self.report())
        XCTAssertEqual(bytes.last, UInt8(ascii: "\n"))
        let document = try JSONParser.parse(bytes)
        XCTAssertEqual(document["manifest"], "app/flags.yaml")
        XCTAssertEqual(document["today"], "2029-03-10")
        XCTAssertEqual(document["expiringSoonDays"], 30)
        XCTAssertEqual(document["refs"], .null)
        XCTAssertEqual(document["counts"]?["expiring-soon"], 2)
        let flags = try XCTUnwrap(document["flags"]?.arrayValue)
        XCTAssertEqual(flags.count, 7)
        XCTAssertEqual(
            flags[1],
            [
                "key": "last_day", "type": "bool", "config": nil, "kind": "release", "owner": "payments", "description": nil,
                "expires": "2029-03-10", "daysLeft": 0, "status": "expiring-soon", "killSwitch": false,
                "rollout": ["percent": 12.5, "basisPoints": 1250, "platforms": ["ios"], "minAppVersion": "5.2.0"],
                "deprecated": nil, "reads": nil, "line": 8,
            ])
        XCTAssertEqual(flags[0]["daysLeft"], -1)
        XCTAssertEqual(flags[3]["rollout"]?["percent"], 100, "a whole percentage is an integer")
        XCTAssertEqual(flags[5]["expires"], .null)
        XCTAssertEqual(flags[5]["status"], "kill-switch")
    }

    func testTheJSONIsTheWritersBytes() throws {
        for report in [try Self.report(), try Self.report(references: FlagReferences.Report(references: [:], unknown: [], filesScanned: 1))] {
            XCTAssertEqual(ReportJSON.bytes(report), try JSONWriter(trailingNewline: true).utf8Bytes(for: ReportJSON.document(report)))
        }
    }

    func testJSONWithReads() throws {
        let scanned = FlagReferences.Report(paths: ["Sources"], references: [:], unknown: [], filesScanned: 2, skipped: [("big.swift", "it is too large")])
        let document = try JSONParser.parse(ReportJSON.bytes(try Self.report(references: scanned)))
        XCTAssertEqual(document["refs"], ["paths": ["Sources"], "filesScanned": 2, "skipped": [["file": "big.swift", "reason": "it is too large"]]])
        XCTAssertEqual(document["flags"]?[0]?["reads"], ["swift": 0, "kotlin": 0])
    }

    func testOutputIsDeterministic() throws {
        let first = try ReportHTML.page(try Self.report())
        let second = try ReportHTML.page(try Self.report())
        XCTAssertEqual(first, second)
        XCTAssertEqual(ReportJSON.bytes(try Self.report()), ReportJSON.bytes(try Self.report()))
        // The only date on the page is the report's day; nothing reads the clock.
        XCTAssertTrue(first.contains("2029-03-10"))
        XCTAssertFalse(first.contains("2029-03-10T"))
        let later = try ReportHTML.page(FlagReport(manifest: try XCTUnwrap(validate(Self.yaml).manifest), manifestPath: "app/flags.yaml", today: ISODate("2029-03-11")!))
        XCTAssertNotEqual(first, later)
    }

    func testPageListsEveryFlagAndIsSelfContained() throws {
        let page = try ReportHTML.page(try Self.report())
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n"))
        for key in ["gone_flag", "last_day", "soon_flag", "later_flag", "far_flag", "switch_flag", "grant_flag"] {
            XCTAssertTrue(page.contains("<tr id=\"flag-\(key)\" data-key=\"\(key)\""), key)
        }
        XCTAssertTrue(page.contains("<td class=\"number\" data-sort=\"-1\">-1</td>"))
        XCTAssertTrue(page.contains("12.5% · ios · from 5.2.0"))
        XCTAssertTrue(page.contains("prefers-color-scheme: dark"))
        XCTAssertTrue(page.contains("<option value=\"growth\">growth</option>"))
        XCTAssertTrue(page.contains("<option value=\"expiring-soon\">expiring soon</option>"))
        XCTAssertFalse(page.contains("Swift reads"), "no reads column without --refs")
        // Nothing from the network: no URL at all, and a policy that allows no source.
        XCTAssertFalse(page.contains("http://") || page.contains("https://") || page.contains("//cdn"), "the page loads nothing")
        XCTAssertFalse(page.contains("<link") || page.contains(" src="))
        XCTAssertTrue(page.contains("default-src 'none'"))
        XCTAssertTrue(page.contains("<script>\(ReportHTML.script)</script>"))
    }

    func testScriptHashIsTheScriptsSHA256() throws {
        // `printf %s "$script" | openssl sha256 -binary | base64` for a known input.
        XCTAssertEqual(Data(SHA256.hash("abc".utf8)).base64EncodedString(), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        let page = try ReportHTML.page(try Self.report())
        let expected = "script-src 'sha256-\(Data(SHA256.hash(ReportHTML.script.utf8)).base64EncodedString())'"
        XCTAssertTrue(page.contains(expected), "the policy allows exactly the inline script")
    }

    func testHostileTextIsEscaped() throws {
        let yaml = """
            version: 1
            flags:
              evil_flag:
                type: bool
                default: false
                owner: "<script>alert(1)</script>\\" onmouseover=\\"x"
                expires: 2029-03-01
                description: "</td><img src=x onerror=alert(2)> & <!-- --> '\\"single'"
            """
        let report = try Self.report(yaml)
        let page = try ReportHTML.page(report)
        XCTAssertFalse(page.contains("<script>alert"), page)
        XCTAssertFalse(page.contains("<img"), page)
        XCTAssertFalse(page.contains("\" onmouseover=\"x"), page)
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x"))
        XCTAssertTrue(page.contains("&lt;/td&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &lt;!-- --&gt; '&quot;single'"))
        XCTAssertTrue(page.contains("data-owner=\"&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x\""))
        // Exactly one script element: the page's own.
        XCTAssertEqual(page.components(separatedBy: "<script").count, 2)
        // The JSON keeps the text as it is.
        let document = try JSONParser.parse(ReportJSON.bytes(report))
        XCTAssertEqual(document["flags"]?[0]?["owner"], "<script>alert(1)</script>\" onmouseover=\"x")
    }

    func testAFailedWriteLeavesNoTemporaryFileAndASuccessfulOneReplacesTheOld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("flags.yaml").path
        let path = folder.appendingPathComponent("r.json").path
        let report = ReportJSON.bytes(try Self.report("version: 1\nflags: {}\n"))
        try Data(report).write(to: URL(fileURLWithPath: path))
        // A folder that appeared where the report goes fails the write, and its temporary
        // file is removed.
        let blocked = folder.appendingPathComponent("blocked.html")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try ReportFile.write(Array("new".utf8), to: blocked.path, manifestPath: manifest)) {
            XCTAssertTrue("\($0)".hasPrefix("--output \(blocked.path) is a folder"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["blocked.html", "r.json"])
        try FileManager.default.removeItem(at: blocked)

        try ReportFile.write(Array("new".utf8), to: path, manifestPath: manifest)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["r.json"])
    }

    /// A file that appears at `--output` while the report is made (the scan takes a while) is
    /// not replaced: the destination is checked again when the report is put in place.
    /// (Reported: a hand-written file created during the scan was replaced.)
    func testAFileThatAppearsDuringTheRunIsNotReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("flags.yaml").path
        let path = folder.appendingPathComponent("notes.html").path
        try ReportFile.checkDestination(path, manifestPath: manifest)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ReportFile.write(Array("new".utf8), to: path, manifestPath: manifest)) {
            XCTAssertTrue("\($0)".contains("is not a report flaggen wrote"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.html"])
    }

    func testAReportIsRecognizedByItsFirstLines() throws {
        let report = try Self.report("version: 1\nflags: {}\n")
        XCTAssertTrue(ReportFile.isReport(start: Array(try ReportHTML.bytes(report).prefix(ReportFile.recognizedBytes))))
        XCTAssertTrue(ReportFile.isReport(start: Array(ReportJSON.bytes(report).prefix(ReportFile.recognizedBytes))))
        XCTAssertFalse(ReportFile.isReport(start: Array("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n</head>\n".utf8)))
    }

    /// Fixes from a bug hunt of the page: the Key column sorted on the key and description run
    /// together (`checkout_v2` before `checkout`); owners that only look alike were one owner in
    /// the filter and the timeline but two to the page's script; files `--refs` could not scan
    /// were not mentioned on the page; a report checked out with CR LF line ends was not
    /// recognized as one.
    func testKeysSortAloneOwnersAreTheirBytesSkippedFilesShowAndCRLFReportsAreReports() throws {
        let yaml = """
            version: 1
            flags:
              checkout: {type: bool, default: false, owner: "caf\\u00e9", expires: 2029-04-01, description: the old checkout.}
              checkout_v2: {type: bool, default: false, owner: "cafe\\u0301", expires: 2029-05-01}
            """
        let manifest = try XCTUnwrap(validate(yaml).manifest)
        var scan = FlagReferences.Report(references: [:], unknown: [], filesScanned: 1)
        scan.paths = ["Sources"]
        scan.skipped = [(file: "Sources/r\\xE9sum\\xE9.swift", reason: "its name is not UTF-8; rename it")]
        let report = FlagReport(manifest: manifest, manifestPath: "flags.yaml", today: Self.today, references: scan)
        XCTAssertEqual(report.owners.map { Array($0.utf8) }, [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)])
        XCTAssertEqual(ExpiryTimeline(report).lines.map(\.owner.utf8.count), [6, 5])
        let page = try ReportHTML.page(report)
        XCTAssertTrue(page.contains("<td data-sort=\"checkout\"><code>checkout</code>"), page)
        XCTAssertTrue(page.contains("<strong>1 files or folders not scanned</strong>"), page)
        let crlf = Array(String(decoding: try ReportHTML.bytes(report).prefix(ReportFile.recognizedBytes), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n").utf8)
        XCTAssertTrue(ReportFile.isReport(start: crlf))
        let json = Array(String(decoding: ReportJSON.bytes(report).prefix(ReportFile.recognizedBytes), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n").utf8)
        XCTAssertTrue(ReportFile.isReport(start: json))
    }

    func testTheEmptyManifest() throws {
        let report = try Self.report("version: 1\nflags: {}\n")
        let page = try ReportHTML.page(report)
        XCTAssertTrue(page.contains("No flag has an expiry date."))
        let document = try JSONParser.parse(ReportJSON.bytes(report))
        XCTAssertEqual(document["flags"], [])
    }
}

extension ReportHTML {
    /// The page, as text.
    static func page(_ report: FlagReport) throws(TemplateError) -> String {
        String(decoding: try bytes(report), as: UTF8.self)
    }
}
