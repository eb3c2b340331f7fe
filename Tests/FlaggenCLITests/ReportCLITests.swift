import Foundation
import XCTest

/// `flaggen report` through the binary: what it writes, and what it refuses.
final class ReportCLITests: XCTestCase {
    /// A folder with a copy of the root manifest.
    private func project() throws -> URL {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: folder.appendingPathComponent("flags.yaml"))
        return folder
    }

    /// The names in `folder`, sorted (to see that no temporary file was left behind).
    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testWritesTheSameHTMLEveryTime() throws {
        let folder = try project()
        let result = try runFlaggen(["report", "--output", "report.html", "--today", "2029-02-20"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote report.html (5 flags, html)\n")
        XCTAssertEqual(result.stderr, "")
        let first = try Data(contentsOf: folder.appendingPathComponent("report.html"))
        let page = String(decoding: first, as: UTF8.self)
        for key in ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"] {
            XCTAssertTrue(page.contains("id=\"flag-\(key)\""), key)
        }
        let again = try runFlaggen(["report", "--output", "report.html", "--today", "2029-02-20"], in: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("report.html")), first, "byte-identical")
        XCTAssertEqual(try names(in: folder), ["flags.yaml", "report.html"])
    }

    func testJSONWithReadsAndTheRealDate() throws {
        let folder = try project()
        let examples = packageRoot.appendingPathComponent("Examples").path
        let before = Self.utcDate(Date())
        let result = try runFlaggen(["report", "--format", "json", "--output", "r.json", "--refs", examples, "--exclude", "Server"], in: folder)
        let after = Self.utcDate(Date())
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any])
        XCTAssertEqual(document["manifest"] as? String, "flags.yaml")
        XCTAssertTrue([before, after].contains(document["today"] as? String ?? ""), "today's UTC date without --today")
        let refs = try XCTUnwrap(document["refs"] as? [String: Any])
        XCTAssertEqual(refs["paths"] as? [String], [examples])
        let flags = try XCTUnwrap(document["flags"] as? [[String: Any]])
        XCTAssertEqual(flags.map { $0["key"] as? String }, ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"])
        let reads = try XCTUnwrap(flags[0]["reads"] as? [String: Int])
        XCTAssertGreaterThan(reads["swift"] ?? 0, 0, "the iOS example reads new_checkout")
        XCTAssertGreaterThan(reads["kotlin"] ?? 0, 0, "the Android example reads new_checkout")
    }

    private static func utcDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    func testUsageErrorsAreOneLineAndAPointer() throws {
        let folder = try project()
        let cases: [([String], String)] = [
            (["report"], "error: report needs --output FILE"),
            (["report", "--output", "r.html", "--format", "pdf"], "pdf"),
            (["report", "--output", "r.html", "--today", "2029-2-1"], "error: --today must be a date written YYYY-MM-DD"),
            (["report", "--outptu", "r.html"], "Did you mean '--output'?"),
            (["report", "--output", "r.html", "--exclude", "Tests"], "error: --exclude chooses what --refs scans"),
        ]
        for (arguments, message) in cases {
            let result = try runFlaggen(arguments, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertLessThanOrEqual(lines.count, 2, "\(arguments): \(result.stderr)")
            if lines.count == 2 { XCTAssertEqual(lines[1], "See 'flaggen report --help'.") }
        }
        XCTAssertEqual(try names(in: folder), ["flags.yaml"])
    }

    func testRefusedDestinationsNameThePath() throws {
        let folder = try project()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let manifest = try Data(contentsOf: folder.appendingPathComponent("flags.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.html").path, withDestinationPath: "flags.yaml")
        let cases: [(String, String)] = [
            ("out", "--output out is a folder; give the report file's path, such as out/flags.html"),
            ("out/", "--output 'out/' names a folder"),
            ("missing/r.html", "--output missing/r.html: the folder missing does not exist; create it first (mkdir -p missing)"),
            ("flags.yaml", "--output flags.yaml is the manifest itself"),
            ("link.html", "--output link.html is a symlink"),
            // Found by a bug hunt: a 255-byte name failed late, on its temporary file's name.
            (String(repeating: "r", count: 201) + ".html", "--output \(String(repeating: "r", count: 201)).html ends in a file name of 206 bytes; "),
        ]
        for (output, message) in cases {
            let result = try runFlaggen(["report", "--output", output, "--today", "2029-02-20"], in: folder)
            XCTAssertEqual(result.status, 2, output)
            XCTAssertTrue(result.stderr.hasPrefix("error: \(message)"), "\(output): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("flags.yaml")), manifest)
        XCTAssertEqual(try names(in: folder), ["flags.yaml", "link.html", "out"])
        XCTAssertEqual(try names(in: folder.appendingPathComponent("out")), [])

        let missingRefs = try runFlaggen(["report", "--output", "r.html", "--refs", "nowhere"], in: folder)
        XCTAssertEqual(missingRefs.status, 2)
        XCTAssertEqual(missingRefs.stderr, "error: --refs nowhere: no such file or folder\n")
        let missingManifest = try runFlaggen(["--manifest", "nope.yaml", "report", "--output", "r.html"], in: folder)
        XCTAssertEqual(missingManifest.status, 2)
        XCTAssertTrue(missingManifest.stderr.hasPrefix("error: nope.yaml: no such file"), missingManifest.stderr)
        XCTAssertEqual(try names(in: folder), ["flags.yaml", "link.html", "out"])
    }

    func testAnInvalidManifestWritesNothingAndKeepsTheOldReport() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(try runFlaggen(["report", "--output", "r.html", "--today", "2029-01-01"], in: folder).status, 0)
        let old = try Data(contentsOf: folder.appendingPathComponent("r.html"))
        try Data("version: 1\nflags:\n  a: {type: bool, default: 3, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["report", "--output", "r.html"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("flags.yaml:3:"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("error: the manifest has errors; nothing was written\n"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("r.html")), old)
        XCTAssertEqual(try names(in: folder), ["flags.yaml", "r.html"])
    }

    func testOnlyAnEarlierReportOrAnEmptyFileIsReplaced() throws {
        // Reported: --output .git/config or a generated Flags.swift was replaced by the report.
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        try Data("[core]\n\tbare = false\n".utf8).write(to: folder.appendingPathComponent("config"))
        let refused = try runFlaggen(["report", "--output", "config"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: --output config exists and is not a report flaggen wrote; flaggen replaces only its own reports — move the file away or name another one\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("config"), encoding: .utf8), "[core]\n\tbare = false\n")
        for (name, format) in [("r.html", "html"), ("r.json", "json")] {
            try Data().write(to: folder.appendingPathComponent(name))
            XCTAssertEqual(try runFlaggen(["report", "--format", format, "--output", name, "--today", "2029-01-01"], in: folder).status, 0, name)
            let again = try runFlaggen(["report", "--format", format, "--output", name, "--today", "2028-01-01"], in: folder)
            XCTAssertEqual(again.status, 0, "\(name): \(again.stderr)")
            XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).contains("2028-01-01"), name)
        }
    }

    /// A file that only quotes what a report begins with is not a report. (Reported: a doc that
    /// quoted the page's generator tag, and a JSON config with the report's keys, were
    /// replaced.)
    func testAFileThatQuotesAReportIsNotOne() throws {
        let folder = try temporaryFolder(self)
        try Data("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, expires: 2029-01-01}\n".utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let files = [
            ("notes.md", "# Notes\n\nThe page has `<meta name=\"generator\" content=\"flaggen 0.1.0\">` in its head.\n"),
            ("dashboard.json", "{\"note\": \"mine\", \"counts\": {}, \"expiringSoonDays\": 14}\n"),
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            let format = name.hasSuffix(".json") ? "json" : "html"
            let result = try runFlaggen(["report", "--format", format, "--output", name], in: folder)
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is not a report flaggen wrote"), result.stderr)
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), text)
        }
    }

    func testHelpListsTheCommand() throws {
        let help = try runFlaggen(["--help"])
        XCTAssertTrue(help.stdout.contains("report"), help.stdout)
        let reportHelp = try runFlaggen(["report", "--help"])
        XCTAssertEqual(reportHelp.status, 0)
        XCTAssertTrue(reportHelp.stdout.contains("--format html|json"), reportHelp.stdout)
        XCTAssertTrue(reportHelp.stdout.contains("--refs PATH"), reportHelp.stdout)
    }
}
