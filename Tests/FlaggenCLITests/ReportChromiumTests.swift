import Foundation
import XCTest

/// The report page in a real browser: Debian's headless Chromium renders it, names every flag,
/// sorts and filters it, keeps out script that is not the page's own, and paints something.
/// Skipped when Chromium is not installed, except in CI (CI=true), where it must run;
/// Scripts/test.sh installs it.
final class ReportChromiumTests: XCTestCase {
    private var chromium = ""
    private var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        chromium = try Self.chromiumPath()
        folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: folder.appendingPathComponent("flags.yaml"))
    }

    /// `FLAGGEN_CHROMIUM`, or `chromium` (or `chromium-browser`) on the PATH.
    static func chromiumPath() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["FLAGGEN_CHROMIUM"], !path.isEmpty { return path }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        let message = "chromium is not installed, so the report page is not checked in a browser; install it (apt-get install chromium) or run Scripts/test.sh"
        if environment["CI"] == "true" { XCTFail(message) }
        throw XCTSkip(message)
    }

    /// Runs Chromium headless on `file` with `arguments`; its standard output. Killed after 90 s.
    private func runChromium(_ arguments: [String], file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        let profile = folder.appendingPathComponent("profile-\(UUID().uuidString)")
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=\(profile.path)"]
            + arguments + [file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchWorkItem {
            guard process.isRunning else { return }
            XCTFail("chromium still ran after 90 s; killed")
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: deadline)
        defer { deadline.cancel() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the report page of the root manifest on 2029-02-20, with the examples' reads.
    private func writeReport() throws -> URL {
        let page = folder.appendingPathComponent("report.html")
        let result = try runFlaggen(
            ["report", "--output", page.path, "--today", "2029-02-20", "--refs", packageRoot.appendingPathComponent("Examples").path], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return page
    }

    /// The keys of the table's rows in the order the DOM has them, each with whether it is hidden.
    private func rows(in dom: String) -> [(key: String, hidden: Bool)] {
        dom.components(separatedBy: "<tr id=\"flag-").dropFirst().map { part in
            let tag = part.prefix { $0 != ">" }
            return (String(tag.prefix { $0 != "\"" }), tag.contains(" hidden"))
        }
    }

    func testThePageRendersAndNamesEveryFlag() throws {
        let dom = try runChromium(["--dump-dom"], file: try writeReport())
        XCTAssertTrue(dom.contains("<h1>Flag report</h1>"), dom)
        XCTAssertEqual(rows(in: dom).map(\.key), ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"])
        XCTAssertTrue(rows(in: dom).allSatisfy { !$0.hidden })
        // The page's own script ran (the policy allowed its hash): it shows the filters.
        XCTAssertTrue(dom.contains("<html lang=\"en\" class=\"scripted\">"), "the inline script did not run")
        XCTAssertTrue(dom.contains("<span id=\"shown\">5</span>"))
    }

    func testSortingAndFilteringInTheBrowser() throws {
        // The test's own script clicks and filters; the page's policy would block it, so this
        // copy goes without the policy.
        let page = try String(contentsOf: try writeReport(), encoding: .utf8)
        let withoutPolicy = page.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") }.joined(separator: "\n")
        XCTAssertNotEqual(withoutPolicy, page)
        let drive = """
            <script>
            var buttons = document.querySelectorAll("#flags thead button");
            Array.prototype.forEach.call(buttons, function (button) { if (button.textContent === "Days left") { button.click(); } });
            var statusFilter = document.getElementById("filter-status");
            statusFilter.value = "expiring-soon";
            statusFilter.dispatchEvent(new Event("change"));
            </script>
            </body>
            """
        let driven = folder.appendingPathComponent("driven.html")
        try Data(withoutPolicy.replacingOccurrences(of: "</body>", with: drive).utf8).write(to: driven)
        let dom = try runChromium(["--dump-dom"], file: driven)
        let found = rows(in: dom)
        // Days left: checkout_button_label -20, paywall 8, new_checkout 9, home_layout 130,
        // chat_media_enabled none.
        XCTAssertEqual(found.map(\.key), ["checkout_button_label", "paywall", "new_checkout", "home_layout", "chat_media_enabled"], dom)
        XCTAssertEqual(found.map(\.hidden), [true, false, false, true, true])
        XCTAssertTrue(dom.contains("aria-sort=\"ascending\""))
        XCTAssertTrue(dom.contains("<span id=\"shown\">2</span>"))
    }

    /// The table scrolls in its own box, so its header stays in view (found by a bug hunt: the
    /// header's `position: sticky` did nothing inside a box that scrolled only sideways).
    func testTheTableHeaderStaysInViewWhileItsRowsScroll() throws {
        let flags = (0..<150).map { "  flag_\($0): {type: bool, default: false, owner: team, expires: 2030-01-01}" }
        try Data(("version: 1\nflags:\n" + flags.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let page = folder.appendingPathComponent("report.html")
        XCTAssertEqual(try runFlaggen(["report", "--output", page.path, "--today", "2029-02-20"], in: folder).status, 0)
        let withoutPolicy = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") }.joined(separator: "\n")
        let drive = """
            <script>
            var box = document.getElementById("flags").closest(".scroll");
            box.scrollTop = 3000;
            var header = document.querySelector("#flags thead th");
            document.title = "scrolled " + (box.scrollTop > 0) + ", header at " + Math.round(header.getBoundingClientRect().top - box.getBoundingClientRect().top);
            </script>
            </body>
            """
        let driven = folder.appendingPathComponent("driven.html")
        try Data(withoutPolicy.replacingOccurrences(of: "</body>", with: drive).utf8).write(to: driven)
        let dom = try runChromium(["--window-size=800,600", "--dump-dom"], file: driven)
        XCTAssertTrue(dom.contains("<title>scrolled true, header at 0</title>"), String(dom.prefix(400)))
    }

    func testThePolicyBlocksScriptThatIsNotThePagesOwn() throws {
        let page = try String(contentsOf: try writeReport(), encoding: .utf8)
        let injected = folder.appendingPathComponent("injected.html")
        try Data(page.replacingOccurrences(of: "</body>", with: "<script>document.body.setAttribute('data-pwned', '1');</script>\n</body>").utf8)
            .write(to: injected)
        let dom = try runChromium(["--dump-dom"], file: injected)
        XCTAssertTrue(dom.contains("setAttribute('data-pwned', '1')"), "the injected script is in the page")
        XCTAssertTrue(dom.contains("class=\"scripted\""), "the page's own script still runs")
        XCTAssertFalse(dom.contains("data-pwned=\"1\""), "a script without the page's hash must not run")
    }

    func testTheScreenshotIsNotBlank() throws {
        let page = try writeReport()
        let blank = folder.appendingPathComponent("blank.html")
        try Data("<!DOCTYPE html><html><body></body></html>\n".utf8).write(to: blank)
        func screenshot(_ file: URL, name: String) throws -> Data {
            let png = folder.appendingPathComponent(name)
            _ = try runChromium(["--window-size=1280,900", "--hide-scrollbars", "--screenshot=\(png.path)"], file: file)
            return try Data(contentsOf: png)
        }
        let shot = try screenshot(page, name: "report.png")
        let empty = try screenshot(blank, name: "blank.png")
        // A PNG of the window's size: the signature, then IHDR's width and height (big-endian).
        XCTAssertEqual(Array(shot.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func number(at offset: Int) -> Int { shot[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(Array(shot[12..<16]), Array("IHDR".utf8))
        XCTAssertEqual(number(at: 16), 1280)
        XCTAssertEqual(number(at: 20), 900)
        // One color everywhere compresses to almost nothing (the blank page: about 5 KB at this
        // size); text, tables and colored badges cannot. A heuristic that fails on a blank or
        // near-blank page.
        XCTAssertGreaterThan(shot.count, 4 * empty.count, "the screenshot (\(shot.count) bytes) is not much more than a blank page's (\(empty.count) bytes)")
    }
}
