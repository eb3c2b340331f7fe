import Foundation
import XCTest

/// Runs git in a folder; the test fails when git does.
@discardableResult
func git(_ arguments: [String], in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main"] + arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " ")): \(text)")
    return text
}

final class BreakingCLITests: XCTestCase {
    private let base = """
        version: 1
        retired: [old_banner]
        flags:
          new_checkout: {type: bool, default: false, owner: payments, expires: 2029-03-01}
          chat_media: {type: bool, default: true, owner: chat, killSwitch: true}
          label: {type: string, default: Buy, owner: payments, expires: 2029-01-31}
          gone_soon: {type: bool, default: false, owner: web, expires: 2029-01-31}
          paywall: {type: json, schema: Paywall, default: {title: Pro}, owner: growth, expires: 2029-02-28}
        configs:
          Paywall:
            properties:
              title: {type: string}
              style: {type: string, enum: [light, dark], default: light}
              trialDays: {type: int, default: 0}

        """

    /// A git repository whose HEAD holds `manifest` (`base` unless told) at `path`.
    private func repository(_ manifest: String? = nil, at path: String = "flags.yaml") throws -> URL {
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((manifest ?? base).utf8).write(to: file)
        try git(["add", path], in: folder)
        try git(["commit", "-q", "-m", "flags"], in: folder)
        return folder
    }

    private func change(_ folder: URL, _ replacements: [(String, String)]) throws {
        var text = base
        for (old, new) in replacements {
            XCTAssertTrue(text.contains(old), old)
            text = text.replacingOccurrences(of: old, with: new)
        }
        try Data(text.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
    }

    func testNoChangesPass() throws {
        let folder = try repository()
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "no breaking changes against git:HEAD\n")
    }

    func testEachBreakingChangeIsAnError() throws {
        let folder = try repository()
        try change(folder, [
            ("retired: [old_banner]", "retired: []"),
            ("  gone_soon: {type: bool, default: false, owner: web, expires: 2029-01-31}\n", ""),
            ("label: {type: string, default: Buy", "label: {type: int, default: 1"),
            ("chat_media: {type: bool, default: true, owner: chat, killSwitch: true}", "chat_media: {type: bool, default: true, owner: chat, expires: 2029-06-01}"),
            ("      style: {type: string, enum: [light, dark], default: light}\n", "      style: {type: string, enum: [light], default: light}\n"),
            ("      trialDays: {type: int, default: 0}\n", "      trialDays: {type: double, default: 0}\n      plan: {type: string}\n"),
            ("    properties:\n      title", "    required: [plan]\n    properties:\n      title"),
            ("default: {title: Pro}", "default: {title: Pro, plan: basic}"),
        ])
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let expected = [
            "flags.yaml:1:1: error: retired key 'old_banner' was removed from 'retired'",
            "flags.yaml:4:3: error: flag 'gone_soon' (line 7 in HEAD:flags.yaml) was removed without adding its key to 'retired'",
            "flags.yaml:5:3: error: flag 'chat_media' is no longer a kill switch (line 5 in HEAD:flags.yaml, line 5 now)",
            "flags.yaml:6:3: error: flag 'label' changed type from string to int (line 6 in HEAD:flags.yaml, line 6 now)",
            "flags.yaml:9:3: error: config 'Paywall' changed shape but its version stayed 1",
            "flags.yaml:13:7: error: property 'Paywall.style' lost the enum value 'dark'",
            "flags.yaml:14:7: error: property 'Paywall.trialDays' changed type from int to double",
            "flags.yaml:15:7: error: new property 'Paywall.plan' is required",
        ]
        for line in expected {
            XCTAssertTrue(result.stderr.contains(line), "missing: \(line)\n\(result.stderr)")
        }
    }

    func testEnumFlagValues() throws {
        // Reported: `breaking` passed an enum flag that lost a value, gained one or lost its list.
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        let old = "version: 1\nflags:\n  theme: {type: string, enum: [light, dark], default: light, owner: design, expires: 2029-03-01}\n"
        try Data(old.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        try git(["add", "flags.yaml"], in: folder)
        try git(["commit", "-q", "-m", "flags"], in: folder)
        func breaking(_ values: String) throws -> RunResult {
            try Data(old.replacingOccurrences(of: "enum: [light, dark], ", with: values).utf8).write(to: folder.appendingPathComponent("flags.yaml"))
            return try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        }
        let removed = try breaking("enum: [light], ")
        XCTAssertEqual(removed.status, 1, removed.stderr)
        XCTAssertTrue(removed.stderr.contains("flags.yaml:3:3: error: flag 'theme' lost the enum value 'dark' (line 3 in HEAD:flags.yaml, line 3 now); "), removed.stderr)
        let added = try breaking("enum: [light, dark, sepia], ")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("flags.yaml:3:3: warning: flag 'theme' gained the enum value 'sepia' (line 3 in HEAD:flags.yaml, line 3 now); "), added.stderr)
        let dropped = try breaking("")
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertTrue(dropped.stderr.contains("flags.yaml:3:3: warning: flag 'theme' no longer lists its enum values (line 3 in HEAD:flags.yaml, line 3 now); "), dropped.stderr)
        XCTAssertEqual(try breaking("enum: [dark, light], ").status, 0)
    }

    func testRemovingAPropertyAndMakingOneRequired() throws {
        let folder = try repository()
        try change(folder, [
            ("      trialDays: {type: int, default: 0}\n", ""),
            ("    properties:\n      title", "    version: 2\n    required: [title, style]\n    properties:\n      title"),
            ("default: {title: Pro}", "default: {title: Pro, style: dark}"),
        ])
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: property 'Paywall.trialDays' (line 14 in HEAD:flags.yaml) was removed or renamed"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: property 'Paywall.style' became required"), result.stderr)
        XCTAssertFalse(result.stderr.contains("version stayed"), "the version was raised")
    }

    func testRetiringAFlagProperlyIsFine() throws {
        let folder = try repository()
        try change(folder, [
            ("retired: [old_banner]", "retired: [old_banner, gone_soon]"),
            ("  gone_soon: {type: bool, default: false, owner: web, expires: 2029-01-31}\n", ""),
        ])
        XCTAssertEqual(try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder).status, 0)
    }

    func testWarningsAndStrict() throws {
        let folder = try repository()
        try change(folder, [
            ("new_checkout: {type: bool, default: false, owner: payments, expires: 2029-03-01}", "new_checkout: {type: bool, default: true, owner: checkout, expires: 2029-05-01}")
        ])
        let result = try runFlaggen(["breaking", "--against", "git:HEAD", "--format", "github"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("::warning file=flags.yaml,line=4,col=3::flag 'new_checkout' changed its default"), result.stdout)
        XCTAssertTrue(result.stdout.contains("expiry extended from 2029-03-01 to 2029-05-01"), result.stdout)
        XCTAssertTrue(result.stdout.contains("changed owner from 'payments' to 'checkout'"), result.stdout)
        let strict = try runFlaggen(["breaking", "--against", "git:HEAD", "--strict"], in: folder)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("flags.yaml:4:3: error: flag 'new_checkout' changed its default"), strict.stderr)
    }

    func testAgainstAPathAndBadRevisions() throws {
        let folder = try repository()
        try Data(base.utf8).write(to: folder.appendingPathComponent("old.yaml"))
        XCTAssertEqual(try runFlaggen(["breaking", "--against", "old.yaml"], in: folder).status, 0)
        let bad = try runFlaggen(["breaking", "--against", "git:no-such-branch"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("cannot read flags.yaml at git revision 'no-such-branch'"), bad.stderr)
        let missing = try runFlaggen(["breaking"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--against"), missing.stderr)
        let noFile = try runFlaggen(["breaking", "--against", "nowhere.yaml"], in: folder)
        XCTAssertEqual(noFile.status, 2)
        XCTAssertTrue(noFile.stderr.hasPrefix("error: --against nowhere.yaml: the file does not exist; pass the old manifest with --against PATH"), noFile.stderr)
        XCTAssertFalse(noFile.stderr.contains("--manifest"), noFile.stderr)
    }

    /// The pull request that first adds flaggen: the base branch has no manifest yet.
    func testARevisionWithoutTheManifestPasses() throws {
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        try Data("# an app\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        try git(["add", "README.md"], in: folder)
        try git(["commit", "-q", "-m", "app"], in: folder)
        try Data(base.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "flags.yaml:1:1: note: there is no earlier manifest: git revision 'HEAD' has no flags.yaml here, so nothing can break\n")
    }

    /// A pull request that moves the manifest is compared with it where it was (found by a bug
    /// hunt: the move passed with "no earlier manifest" while it removed a kill switch).
    func testAMovedManifestIsComparedWithItsOldPath() throws {
        let folder = try repository()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        try git(["mv", "flags.yaml", "app/flags.yaml"], in: folder)
        try Data(base.replacingOccurrences(of: "  chat_media: {type: bool, default: true, owner: chat, killSwitch: true}\n", with: "").utf8)
            .write(to: folder.appendingPathComponent("app/flags.yaml"))
        try git(["commit", "-q", "-a", "-m", "move"], in: folder)
        let result = try runFlaggen(["breaking", "--manifest", "app/flags.yaml", "--against", "git:HEAD~1"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("'chat_media' (line 5 in HEAD~1:flags.yaml) was removed"), result.stderr)
    }

    /// A manifest in a subfolder is named by its path in the repository, as `git show` takes it.
    func testTheOldManifestIsNamedByItsPathInTheRepository() throws {
        let folder = try repository(at: "app/flags.yaml")
        try Data(base.replacingOccurrences(of: "  gone_soon: {type: bool, default: false, owner: web, expires: 2029-01-31}\n", with: "").utf8)
            .write(to: folder.appendingPathComponent("app/flags.yaml"))
        let result = try runFlaggen(["breaking", "--manifest", "flags.yaml", "--against", "git:HEAD"], in: folder.appendingPathComponent("app"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("(line 7 in HEAD:app/flags.yaml)"), result.stderr)
    }

    /// git failing to read the old manifest fails the check; only a revision without the file
    /// passes (found by a bug hunt: a blob a partial clone could not fetch passed as "no
    /// earlier manifest").
    func testAnUnreadableOldManifestFailsTheCheck() throws {
        let folder = try repository()
        let blob = try git(["rev-parse", "HEAD:flags.yaml"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        let object = folder.appendingPathComponent(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))")
        try FileManager.default.removeItem(at: object)
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: --against git:HEAD: cannot read flags.yaml at git revision 'HEAD': "), result.stderr)
        XCTAssertFalse(result.stderr.contains("no earlier manifest"), result.stderr)
    }

    /// Found by a hunt: a CI checkout of a pull request has the base branch only as
    /// `origin/main`, so `git:main` (the README's spelling) failed with advice to set
    /// fetch-depth: 0, which was already set. The error names the revision that is there.
    func testABranchThatIsOnlyOnTheRemoteIsNamed() throws {
        let upstream = try repository()
        _ = try git(["checkout", "-q", "-b", "feature"], in: upstream)
        let clone = try temporaryFolder(self)
        _ = try git(["clone", "-q", "--no-local", "--branch", "feature", upstream.path, clone.appendingPathComponent("c").path], in: clone)
        let folder = clone.appendingPathComponent("c")
        let result = try runFlaggen(["breaking", "--against", "git:main"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("no such revision in the repository at \(folder.path), but origin/main is there: pass --against git:origin/main\n"), result.stderr)
        XCTAssertEqual(try runFlaggen(["breaking", "--against", "git:origin/main"], in: folder).status, 0)
    }

    /// Outside a git repository the error says so, instead of advising to fetch the revision.
    func testOutsideARepositoryTheErrorSaysSo() throws {
        let folder = try temporaryFolder(self)
        try Data(base.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["breaking", "--against", "git:main"], in: folder, environment: ProcessInfo.processInfo.environment.merging(["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path]) { $1 })
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("not a git repository"), result.stderr)
        XCTAssertFalse(result.stderr.contains("fetch-depth"), result.stderr)
    }

    /// A revision where the manifest's path is a symlink or a folder is refused with what it is.
    func testARevisionWhereTheManifestIsASymlinkIsRefused() throws {
        let folder = try temporaryFolder(self)
        try git(["init", "-q"], in: folder)
        try Data(base.utf8).write(to: folder.appendingPathComponent("shared.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("flags.yaml").path, withDestinationPath: "shared.yaml")
        try git(["add", "flags.yaml", "shared.yaml"], in: folder)
        try git(["commit", "-q", "-m", "flags"], in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("flags.yaml"))
        try Data(base.utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("flags.yaml is a symlink at git revision 'HEAD'"), result.stderr)
        XCTAssertFalse(result.stderr.contains("must be a mapping"), result.stderr)
    }

    /// An earlier manifest that a newer flaggen's rules refuse is compared as far as it reads,
    /// with a note: the pull request that fixes it cannot change the base (found by a bug hunt:
    /// `kotlinPackage: java.flags` on main failed every pull request, the fix included).
    func testAnEarlierManifestTodaysRulesRefuseIsComparedWithANote() throws {
        let folder = try repository(base.replacingOccurrences(of: "version: 1\n", with: "version: 1\nkotlinPackage: java.flags\n"))
        try Data(base.replacingOccurrences(of: "version: 1\n", with: "version: 1\nkotlinPackage: com.example.flags\n").utf8)
            .write(to: folder.appendingPathComponent("flags.yaml"))
        let fixed = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(
            fixed.stderr.hasPrefix("HEAD:flags.yaml:2:16: note: compared as far as it reads: the earlier manifest breaks a rule of this flaggen ('kotlinPackage' starts with 'java'"),
            fixed.stderr)
        // Still compared: removing a kill switch fails.
        try Data(
            base.replacingOccurrences(of: "version: 1\n", with: "version: 1\nkotlinPackage: com.example.flags\n")
                .replacingOccurrences(of: "  chat_media: {type: bool, default: true, owner: chat, killSwitch: true}\n", with: "").utf8
        ).write(to: folder.appendingPathComponent("flags.yaml"))
        let broken = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("'chat_media' (line 6 in HEAD:flags.yaml) was removed"), broken.stderr)
    }

    /// Found by a hunt: an earlier manifest this flaggen cannot read at all (a string over the
    /// limit, a YAML syntax error) failed every pull request with exit 1, the fix included.
    /// There is nothing to compare with, as when there is no earlier manifest: a note says so.
    func testAnEarlierManifestThatCannotBeReadIsANote() throws {
        let long = base.replacingOccurrences(of: "owner: web,", with: "owner: web, description: \(String(repeating: "z", count: 70_000)),")
        for (old, place) in [(long, "HEAD:flags.yaml:7:68"), (base + "  broken: [\n", "HEAD:flags.yaml:16:1")] {
            let folder = try repository(old)
            try change(folder, [])
            let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("\(place): note: nothing compared: this flaggen cannot read the earlier manifest ("), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("), which this change need not fix\n"), result.stderr)
        }
    }

    /// Found in a review: once flaggen refused LINE SEPARATOR (and NEL, PS) in a manifest, an
    /// earlier manifest holding one was "nothing compared", exit 0, so the pull request that
    /// removed it passed whatever else it broke. The earlier manifest is read as it was when it
    /// was committed.
    func testAnEarlierManifestWithALineSeparatorIsStillCompared() throws {
        let folder = try repository(base.replacingOccurrences(of: "owner: web,", with: "owner: web, description: \"one\u{2028}two\","))
        try change(folder, [("  chat_media: {type: bool, default: true, owner: chat, killSwitch: true}\n", "")])
        let result = try runFlaggen(["breaking", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("'chat_media' (line 5 in HEAD:flags.yaml) was removed"), result.stderr)
        XCTAssertFalse(result.stderr.contains("nothing compared"), result.stderr)
    }

    /// A revision that cannot be read is reported in the format CI asked for (found by a bug
    /// hunt: the most common CI failure, an unfetched base, gave no annotation and no JSON).
    func testAnUnreadableRevisionIsReportedInTheFormatAskedFor() throws {
        let folder = try repository()
        let github = try runFlaggen(["breaking", "--against", "git:no-such-branch", "--format", "github"], in: folder)
        XCTAssertEqual(github.status, 2, github.stderr)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=flags.yaml,line=1,col=1::--against git:no-such-branch: cannot read flags.yaml"), github.stdout)
        let json = try runFlaggen(["refs", "nowhere", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 2, json.stderr)
        XCTAssertTrue(json.stdout.contains("\"message\": \"nowhere: no such file or folder\""), json.stdout)
    }

    /// A manifest shared through a symlink is compared with its own history, not the link's.
    func testASymlinkedManifestIsReadAtItsRealPath() throws {
        let folder = try repository()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("app/flags.yaml").path, withDestinationPath: "../flags.yaml")
        try git(["add", "app/flags.yaml"], in: folder)
        try git(["commit", "-q", "-m", "link"], in: folder)
        try change(folder, [("  gone_soon: {type: bool, default: false, owner: web, expires: 2029-01-31}\n", "")])
        let result = try runFlaggen(["breaking", "--manifest", "app/flags.yaml", "--against", "git:HEAD"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("gone_soon"), result.stderr)
        XCTAssertFalse(result.stderr.contains("must be a mapping"), result.stderr)
    }
}

final class RefsCLITests: XCTestCase {
    private func project() throws -> URL {
        let folder = try temporaryFolder(self)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("flags.yaml"), to: folder.appendingPathComponent("flags.yaml"))
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(
            """
            let useNew = view.isOn(Flags.newCheckout)
            let label = Flags.Key.checkoutButtonLabel
            let raw = store.bool("new_checkout")
            let gone = Flags.oldBanner
            let old = "old_home_banner"
            let all = Flags.all
            let types = (Flags.PaywallConfig.self, Flags.HomeLayout.grid, Flags.Key.allCases)

            """.utf8
        ).write(to: app.appendingPathComponent("Checkout.swift"))
        try Data("val media = flags.isOn(Flags.chatMediaEnabled)\nval key = FlagKey.ChatMediaEnabled\n".utf8).write(to: app.appendingPathComponent("Chat.kt"))
        // Generated files and build folders are skipped.
        try Data("// Generated by flaggen 0.1.0 from flags.yaml. Do not edit.\n// Change flags.yaml and run `flaggen generate` instead.\nlet x = Flags.paywall\n".utf8)
            .write(to: app.appendingPathComponent("Flags.swift"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try Data("let y = Flags.paywall\n".utf8).write(to: folder.appendingPathComponent(".build/Old.swift"))
        return folder
    }

    /// A file name is printed escaped in the listing, as in the warnings: a newline in it cannot
    /// start a line of its own (a forged diagnostic, a GitHub Actions command). (Reported: the
    /// listing printed it raw.)
    func testAFileNameWithANewlineStaysOnItsLine() throws {
        let folder = try project()
        let name = "x\n::error file=flags.yaml,line=1::forged\n.swift"
        try Data("let on = view.isOn(Flags.newCheckout)\n".utf8).write(to: folder.appendingPathComponent("App").appendingPathComponent(name))
        let result = try runFlaggen(["refs", "App", "--today", "2029-02-15"], in: folder)
        XCTAssertTrue(result.stdout.contains("  App/x\\u{A}::error file=flags.yaml,line=1::forged\\u{A}.swift:1:20\n"), result.stdout)
        XCTAssertFalse(result.stdout.split(separator: "\n").contains { $0.hasPrefix("::") }, result.stdout)
    }

    func testReferencesAndFindings() throws {
        let folder = try project()
        let result = try runFlaggen(["refs", ".", "--today", "2029-02-15"], in: folder)
        XCTAssertEqual(result.status, 0, "findings are warnings without --fail-on")
        XCTAssertEqual(
            result.stdout,
            """
            new_checkout: 2 references
              ./App/Checkout.swift:1:24
              ./App/Checkout.swift:3:22 (raw key)
            chat_media_enabled: 2 references
              ./App/Chat.kt:1:24
              ./App/Chat.kt:2:11
            checkout_button_label: 1 reference
              ./App/Checkout.swift:2:13
            paywall: 0 references
            home_layout: 0 references
            2 files scanned

            """)
        XCTAssertEqual(
            result.stderr,
            """
            ./App/Checkout.swift:2:13: warning: flag 'checkout_button_label' expired on 2029-01-31 (owner: payments) but is still read here; remove this code path, then the flag
            ./App/Checkout.swift:3:22: warning: the raw key "new_checkout" bypasses the generated API; use Flags.newCheckout (Swift and Kotlin)
            ./App/Checkout.swift:4:12: warning: Flags.oldBanner names no flag in the manifest; was the flag removed or renamed?
            ./App/Checkout.swift:5:11: warning: "old_home_banner" is a retired key; code must not read it any more
            flags.yaml:47:3: warning: flag 'paywall' is not read by the scanned code (owner: growth); if it is fully rolled out, remove it (see docs/cleanup.md)
            flags.yaml:55:3: warning: flag 'home_layout' is not read by the scanned code (owner: discovery); if it is fully rolled out, remove it (see docs/cleanup.md)

            """)
    }

    func testAFileReachedTwiceIsScannedOnce() throws {
        // `. App ./App/Checkout.swift` and a symlink to Chat.kt all reach files already scanned.
        let folder = try project()
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/ChatLink.kt").path, withDestinationPath: "Chat.kt")
        let result = try runFlaggen(["refs", ".", "App", "./App/Checkout.swift", "App/ChatLink.kt", "--today", "2029-02-15"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("new_checkout: 2 references\n  ./App/Checkout.swift:1:24\n  ./App/Checkout.swift:3:22 (raw key)\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("chat_media_enabled: 2 references\n  ./App/Chat.kt:1:24\n  ./App/Chat.kt:2:11\n"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 files scanned\n"), result.stdout)
    }

    /// A link to a folder is not followed (a cycle, a link to `/`, a dependency's folder behind
    /// an innocent name), but one that leads to a folder of the repository the scan does not
    /// reach is reported as not scanned, so the gap has a word and `remove` refuses it; naming
    /// the folder scans it. Links back up, out of the repository, or to a scanned folder say
    /// nothing. (Reported: links to folders were skipped without a word, so `refs --fail-on
    /// unknown` passed over a read of a flag that does not exist.)
    func testALinkToAFolderOfTheRepositoryIsReportedUnlessItsFolderIsScanned() throws {
        let folder = try project()
        let shared = folder.appendingPathComponent("Shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Data("let ghost = flags.isOn(Flags.ghostFlag)\nlet p = Flags.paywall\n".utf8).write(to: shared.appendingPathComponent("S.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/Shared").path, withDestinationPath: "../Shared")
        try FileManager.default.createSymbolicLink(atPath: shared.appendingPathComponent("Up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/Root").path, withDestinationPath: "/")
        let real = shared.resolvingSymlinksInPath().path
        let linked = try runFlaggen(["refs", "App", "--today", "2029-02-15"], in: folder, timeout: 30)
        XCTAssertEqual(
            linked.stderr.split(separator: "\n").filter { $0.contains("not scanned") },
            ["App/Shared:1:1: warning: not scanned: it is a link to the folder \(real), and refs does not follow links to folders; name that folder as a path to scan it (or --exclude the link)"],
            linked.stderr)
        XCTAssertTrue(linked.stdout.hasSuffix("2 files scanned\n"), linked.stdout)
        let both = try runFlaggen(["refs", "App", "Shared", "--fail-on", "unknown", "--today", "2029-02-15"], in: folder)
        XCTAssertEqual(both.status, 1, both.stderr)
        XCTAssertTrue(both.stderr.contains("Shared/S.swift:1:24: error: Flags.ghostFlag names no flag in the manifest"), both.stderr)
        XCTAssertFalse(both.stderr.contains("not scanned"), both.stderr)
        XCTAssertTrue(both.stdout.contains("paywall: 1 reference\n  Shared/S.swift:2:9\n"), both.stdout)
        XCTAssertTrue(both.stdout.hasSuffix("3 files scanned\n"), both.stdout)
    }

    func testDependencyFoldersAndExcludedPathsAreNotScanned() throws {
        let folder = try project()
        for path in ["Pods/Lib/A.swift", "Carthage/Checkouts/B.swift", "DerivedData/C.swift", "App/Tests/Fixtures/D.swift", "App/MockFlags.swift"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("let p = Flags.paywall\n".utf8).write(to: url)
        }
        let all = try runFlaggen(["refs", "."], in: folder)
        XCTAssertTrue(all.stdout.contains("paywall: 2 references\n  ./App/MockFlags.swift:1:9\n  ./App/Tests/Fixtures/D.swift:1:9\n"), all.stdout)
        let excluded = try runFlaggen(["refs", ".", "--exclude", "Tests/Fixtures", "--exclude", "*Mock*.swift"], in: folder)
        XCTAssertTrue(excluded.stdout.contains("paywall: 0 references\n"), excluded.stdout)
        XCTAssertTrue(excluded.stdout.contains("2 files scanned"), excluded.stdout)
    }

    /// CRLF line ends are read as LF ones. (Reported: "\r\n" is one Swift Character, so the whole
    /// file was its line 1: `1:54` instead of `2:20`.)
    func testCRLFLinesAreLocatedAsLFLines() throws {
        let folder = try project()
        try Data("// a\r\nlet on = view.isOn(Flags.paywall)\r\n".utf8).write(to: folder.appendingPathComponent("App/Windows.swift"))
        let result = try runFlaggen(["refs", "App/Windows.swift"], in: folder)
        XCTAssertTrue(result.stdout.contains("paywall: 1 reference\n  App/Windows.swift:2:20\n"), result.stdout)
    }

    /// A file or folder refs cannot name (not UTF-8) or list is reported as not scanned, as an
    /// unreadable file is. (Reported: both were skipped without a word, "0 files scanned".)
    func testFilesAndFoldersItCannotNameOrListAreReported() throws {
        let folder = try project()
        let app = Array(folder.appendingPathComponent("App").path.utf8)
        let latin1 = { (name: String) in Array(name.utf8).map { $0 == UInt8(ascii: "#") ? 0xE9 : $0 } }
        try createRawItem(self, at: app + latin1("/r#sum#.swift"), contents: "let l = Flags.paywall\n")
        try createRawItem(self, at: app + latin1("/Caf#"), folder: true)
        try createRawItem(self, at: app + latin1("/Caf#/Checkout.swift"), contents: "let l = Flags.paywall\n")
        try createRawItem(self, at: app + latin1("/photo#.png"))
        let result = try runFlaggen(["refs", "App"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("paywall: 0 references\n"), result.stdout)
        XCTAssertTrue(result.stderr.contains("App/r\\xE9sum\\xE9.swift:1:1: warning: not scanned: its name is not UTF-8; rename it\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/Caf\\xE9:1:1: warning: not scanned: its name is not UTF-8; rename it\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("photo"), "only Swift and Kotlin files are scanned: \(result.stderr)")
        let excluded = try runFlaggen(["refs", "App", "--exclude", "Caf*", "--exclude", "*.swift"], in: folder)
        XCTAssertFalse(excluded.stderr.contains("not UTF-8"), excluded.stderr)

        // Named on the command line, it is refused before anything is read: flaggen cannot
        // open it by its name.
        let named = try runFlaggen(["refs"], in: folder, launcher: ["/bin/sh", "-c", #"exec "$0" "$@" "$(printf 'App/r\351sum\351.swift')""#])
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertTrue(named.stderr.hasPrefix("error: argument 2 is not UTF-8"), named.stderr)

        // A folder it cannot list, as a user for whom mode 000 means it.
        guard let launcher = unprivilegedLauncher() else { throw XCTSkip("runs as root without setpriv: a mode 000 folder stays readable") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Locked"), withIntermediateDirectories: true)
        try Data("let l = Flags.paywall\n".utf8).write(to: folder.appendingPathComponent("App/Locked/Paywall.swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.appendingPathComponent("App/Locked").path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("App/Locked").path) }
        let locked = try runFlaggen(["refs", "App"], in: folder, launcher: launcher)
        XCTAssertEqual(locked.status, 0, locked.stderr)
        XCTAssertTrue(locked.stderr.contains("App/Locked:1:1: warning: not scanned: it cannot be read (Permission denied)\n"), locked.stderr)
    }

    /// Found by a hunt: a path the command line names that cannot be read was a warning, so
    /// `refs --fail-on` passed its gate (exit 0) having scanned nothing. Only what is found
    /// inside a named folder is a warning (above).
    func testANamedPathThatCannotBeReadIsAnError() throws {
        let folder = try project()
        guard let launcher = unprivilegedLauncher() else { throw XCTSkip("runs as root without setpriv: a mode 000 folder stays readable") }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.appendingPathComponent("App").path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("App").path) }
        let locked = try runFlaggen(["refs", "App", "--fail-on", "expired-referenced"], in: folder, launcher: launcher)
        XCTAssertEqual(locked.status, 2, locked.stderr)
        XCTAssertEqual(locked.stderr, "error: App was not scanned: it cannot be read (Permission denied); check its permissions, or leave it out of the paths\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("App").path)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.appendingPathComponent("App/Checkout.swift").path)
        let file = try runFlaggen(["refs", "App/Checkout.swift"], in: folder, launcher: launcher)
        XCTAssertEqual(file.status, 2, file.stderr)
        XCTAssertTrue(file.stderr.hasPrefix("error: App/Checkout.swift was not scanned: it cannot be read (Permission denied);"), file.stderr)
        let inside = try runFlaggen(["refs", "App"], in: folder, launcher: launcher)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.stderr.contains("App/Checkout.swift:1:1: warning: not scanned: it cannot be read (Permission denied)"), inside.stderr)
    }

    /// `--exclude` takes a folder as its path is written elsewhere: with a trailing slash, or
    /// absolute. (Reported: both matched nothing.)
    func testExcludeTakesAFolderWithATrailingSlashOrAnAbsolutePath() throws {
        let folder = try project()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Ignored"), withIntermediateDirectories: true)
        try Data("let p = Flags.paywall\n".utf8).write(to: folder.appendingPathComponent("App/Ignored/E.swift"))
        let absolute = folder.appendingPathComponent("App/Ignored").path
        for glob in ["Ignored/", "App/Ignored/", absolute, absolute + "/"] {
            let result = try runFlaggen(["refs", "App", "--exclude", glob], in: folder)
            XCTAssertTrue(result.stdout.contains("paywall: 0 references\n"), "--exclude \(glob): \(result.stdout)")
        }
    }

    func testFailOnChoosesWhatFails() throws {
        let folder = try project()
        let expired = try runFlaggen(["refs", "App", "--today", "2029-02-15", "--fail-on", "expired-referenced"], in: folder)
        XCTAssertEqual(expired.status, 1)
        XCTAssertTrue(expired.stderr.contains("App/Checkout.swift:2:13: error: flag 'checkout_button_label' expired"), expired.stderr)
        XCTAssertEqual(try runFlaggen(["refs", "App", "--today", "2026-12-01", "--fail-on", "expired-referenced"], in: folder).status, 0)
        let several = try runFlaggen(["refs", "App", "--fail-on", "unreferenced,raw-keys", "--format", "github"], in: folder)
        XCTAssertEqual(several.status, 1)
        XCTAssertTrue(several.stdout.contains("::error file=flags.yaml,line=47,col=3::flag 'paywall' is not read"), several.stdout)
        XCTAssertTrue(several.stdout.contains("::error file=App/Checkout.swift,line=3,col=22::the raw key"), several.stdout)
        let bad = try runFlaggen(["refs", "App", "--fail-on", "everything"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown --fail-on category 'everything'"), bad.stderr)
        // Found by a hunt: a typo got no hint, and an empty entry (a stray comma) was dropped.
        let typo = try runFlaggen(["refs", "App", "--fail-on", "unrefrenced"], in: folder)
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "error: unknown --fail-on category 'unrefrenced' (did you mean 'unreferenced'?); use unreferenced, expired-referenced, raw-keys, unknown\n")
        let empty = try runFlaggen(["refs", "App", "--fail-on", "unreferenced,,raw-keys"], in: folder)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("an empty --fail-on category in 'unreferenced,,raw-keys'"), empty.stderr)
    }
}

/// Problems with where the manifest's outputs would go are diagnostics at their `outputs`
/// entry, the same from `lint`, `generate` and `check`, in every `--format`.
final class OutputPathCLITests: XCTestCase {
    /// A repository (`.git`) in a new folder, with `manifest` as `app/flags.yaml` inside it at
    /// `repository` (a path in the folder); returns the folder and the app's folder.
    private func app(_ manifest: String, repository: String) throws -> (folder: URL, app: URL) {
        let folder = try temporaryFolder(self)
        let root = repository.isEmpty ? folder : folder.appendingPathComponent(repository)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: app.appendingPathComponent("flags.yaml"))
        return (folder, app)
    }

    /// Found by a hunt: generate stopped at the first output something on disk blocked, with
    /// no file:line:column; it reports each, at the file, as lint does.
    func testGenerateReportsEveryBlockedOutputAsLintDoes() throws {
        let (_, app) = try app(
            "version: 1\noutputs: {kotlin: README/Flags.kt}\nflags:\n  a: {type: bool, default: false, owner: p, kind: permission}\n", repository: "")
        try Data("hello\n".utf8).write(to: app.appendingPathComponent("README"))
        func errors(_ result: RunResult) -> [String] { result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") } }
        let lint = try runFlaggen(["lint"], in: app)
        let generate = try runFlaggen(["generate"], in: app)
        XCTAssertEqual(generate.status, 1, generate.stderr)
        XCTAssertEqual(errors(generate), errors(lint))
        XCTAssertEqual(errors(generate).map { $0.prefix { $0 != " " } }, ["README/FlagKit.kt:1:1:", "README/Flags.kt:1:1:"], generate.stderr)
        XCTAssertTrue(generate.stderr.hasSuffix("\nerror: nothing was written; move what is in the way, or point 'outputs' elsewhere\n"), generate.stderr)
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("README"), encoding: .utf8), "hello\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent("Generated").path), "all or nothing")
    }

    /// What depends on where the manifest is, not on what it says (its template folder, its own
    /// path), reports in the same run as its errors, in lint and generate alike; its outputs,
    /// partly read while it has errors (a broken entry falls back to its default), wait until it
    /// is valid, so no message blames a path the user did not write. (Reported: the template
    /// folder waited for every other error to be fixed.)
    func testProblemsOnDiskAreReportedWithTheManifestsErrors() throws {
        let manifest = """
            version: 1
            templates: NoSuch
            outputs: {swift: Link/Flags.swift}
            flags:
              a: {type: int, default: 9007199254740993, owner: p, kind: permission}

            """
        let (folder, app) = try app(manifest, repository: "repo")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Link").path, withDestinationPath: "../../outside")
        for command in ["lint", "generate", "check"] {
            let result = try runFlaggen([command], in: app)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("flags.yaml:2:12: error: the template folder"), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("flags.yaml:5:27: error: the default of flag 'a'"), "\(command): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("would be written to"), "\(command): \(result.stderr)")
        }
        // Once the manifest is valid, the output behind the link out of the repository is refused.
        let valid = manifest.replacingOccurrences(of: "9007199254740993", with: "1").replacingOccurrences(of: "templates: NoSuch\n", with: "")
        try Data(valid.utf8).write(to: app.appendingPathComponent("flags.yaml"))
        let link = try runFlaggen(["lint"], in: app)
        XCTAssertTrue(link.stderr.contains("flags.yaml:2:18: error: outputs.swift: Link/Flags.swift would be written to"), link.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("outside/Flags.swift").path))
        // A file where the folder should be is named for what it is.
        try Data(manifest.replacingOccurrences(of: "NoSuch", with: "flags.yaml").utf8).write(to: app.appendingPathComponent("flags.yaml"))
        let file = try runFlaggen(["lint"], in: app)
        XCTAssertTrue(file.stderr.contains("(\(app.path)/flags.yaml) is not a folder; create it or fix 'templates'"), file.stderr)
    }

    /// What stops `generate` from writing an output (a hand-written file at its path, another
    /// manifest's output) fails `lint` too, at the file, as `check` reports it. (Reported: lint
    /// passed, and generate then refused in CI.)
    func testLintReportsWhatWouldStopGenerateFromWriting() throws {
        let (_, app) = try app("version: 1\nflags:\n  a: {type: bool, default: false, owner: p, kind: permission}\n", repository: "")
        let swift = app.appendingPathComponent("Generated/Swift")
        try FileManager.default.createDirectory(at: swift, withIntermediateDirectories: true)
        try Data("// my own file\n".utf8).write(to: swift.appendingPathComponent("Flags.swift"))
        let message = "Generated/Swift/Flags.swift:1:1: error: 'flaggen generate' cannot write this file: "
        for command in ["lint", "generate", "check"] {
            let result = try runFlaggen([command], in: app)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message) || result.stderr.contains("exists and was not generated by flaggen"), "\(command): \(result.stderr)")
        }
        let lint = try runFlaggen(["lint"], in: app)
        XCTAssertTrue(lint.stderr.contains(message + "\(app.path)/Generated/Swift/Flags.swift exists and was not generated by flaggen from app/flags.yaml"), lint.stderr)
        XCTAssertEqual(try String(contentsOf: swift.appendingPathComponent("Flags.swift"), encoding: .utf8), "// my own file\n")
        try FileManager.default.removeItem(at: swift.appendingPathComponent("Flags.swift"))
        XCTAssertEqual(try runFlaggen(["lint"], in: app).status, 0, "a missing output is no obstacle")
    }

    func testGeneratePrintsPathsWithoutDotDot() throws {
        // Reported: "created .../app/../srv/Flags.kt".
        let (folder, app) = try app("version: 1\noutputs: {kotlin: ../srv/Flags.kt}\nflags: {}\n", repository: "")
        let result = try runFlaggen(["generate"], in: app)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("created \(folder.path)/srv/Flags.kt\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("/../"), result.stdout)
    }

    /// A `..` in an output path is read in the manifest's text, not on the disk: `x/../y` is
    /// `y` whether or not `x` exists, and whether the manifest is named by an absolute or a
    /// relative path. (Reported: with an absolute `--manifest`, generate tried to write through
    /// the missing `x` and failed, though lint passed.)
    func testDotDotInAnOutputPathDoesNotNeedTheFolderBeforeIt() throws {
        for absolute in [true, false] {
            let (_, app) = try app("version: 1\noutputs: {swift: x/../y/Flags.swift}\nflags: {}\n", repository: "")
            let manifest = absolute ? app.appendingPathComponent("flags.yaml").path : "flags.yaml"
            let generate = try runFlaggen(["--manifest", manifest, "generate"], in: app)
            XCTAssertEqual(generate.status, 0, generate.stderr)
            XCTAssertTrue(generate.stdout.contains("created \(app.path)/y/Flags.swift\n"), generate.stdout)
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent("x").path))
            let check = try runFlaggen(["--manifest", manifest, "check"], in: app)
            XCTAssertEqual(check.status, 0, check.stderr)
        }
    }

    func testCheckPrintsPathsWithoutDotDot() throws {
        // Reported: "app/../srv/Flags.kt: error: ... is missing".
        let folder = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("version: 1\noutputs: {kotlin: ../srv/Flags.kt}\nflags: {}\n".utf8).write(to: app.appendingPathComponent("flags.yaml"))
        let result = try runFlaggen(["check", "--manifest", "app/flags.yaml"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("srv/Flags.kt"), result.stderr)
        XCTAssertFalse(result.stderr.contains("app/../"), result.stderr)
        let json = try runFlaggen(["check", "--manifest", "app/flags.yaml", "--format", "json"], in: folder)
        XCTAssertTrue(json.stdout.contains("\"srv/Flags.kt\""), json.stdout)
        XCTAssertFalse(json.stdout.contains("app/../"), json.stdout)

        // A file no longer generated, in a folder outside the manifest's.
        XCTAssertEqual(try runFlaggen(["generate", "--manifest", "app/flags.yaml"], in: folder).status, 0)
        try Data("version: 1\noutputs: {kotlin: ../srv/Main.kt}\nflags: {}\n".utf8).write(to: app.appendingPathComponent("flags.yaml"))
        let stale = try runFlaggen(["check", "--manifest", "app/flags.yaml"], in: folder)
        XCTAssertTrue(stale.stderr.contains("\n\(folder.path)/srv/Flags.kt:1:1: error:"), stale.stderr)
        XCTAssertFalse(stale.stderr.contains("app\(folder.path)") || stale.stderr.contains("app/\(folder.path)"), stale.stderr)
    }

    /// A folder whose name is a canonically equivalent spelling of the repository's (the Kelvin
    /// sign for `K`, `e` and U+0301 for `é`) is another folder on Linux: outputs there are
    /// outside the repository. (Reported: Swift's string comparison took them for the
    /// repository, and generate wrote beside it.) On macOS the two spellings name one folder.
    func testAFolderSpelledLikeTheRepositoryIsOutsideIt() throws {
        #if !os(Linux)
        throw XCTSkip("macOS file systems treat canonically equivalent names as one")
        #endif
        for (repository, twin) in [("Kit", "\u{212A}it"), ("caf\u{E9}", "cafe\u{301}")] {
            let (folder, app) = try app("version: 1\noutputs: {swift: ../../\(twin)/planted/Flags.swift}\nflags: {}\n", repository: repository)
            for command in ["lint", "generate"] {
                let result = try runFlaggen([command], in: app)
                XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("outside the repository"), "\(command): \(result.stderr)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [repository])
        }
    }

    /// Found by a hunt: `lint` passed an output folder that is a link leading nowhere, which
    /// `generate` then refused without a place; and a link leading nowhere at an output file
    /// was described as a link to replace. Both are reported at the entry, by all three commands.
    func testALinkThatLeadsNowhereOnAnOutputPathIsReportedByLintGenerateAndCheck() throws {
        let (_, app) = try app("version: 1\nflags: {}\n", repository: "")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Generated"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Generated/Swift").path, withDestinationPath: "../nowhere")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Generated/Kotlin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("Generated/Kotlin/Flags.kt").path, withDestinationPath: "gone.kt")
        for command in ["lint", "generate", "check"] {
            let result = try runFlaggen([command], in: app)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "flags.yaml:1:1: error: outputs.swift: \(app.path)/Generated/Swift is a symlink that leads nowhere, where flaggen needs a folder for \(app.path)/Generated/Swift/Flags.swift; remove the link or change 'outputs' in the manifest\n"),
                "\(command): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "flags.yaml:1:1: error: outputs.kotlin: \(app.path)/Generated/Kotlin/Flags.kt is a symlink that leads nowhere, where flaggen generates a file; remove the link or change 'outputs' in the manifest\n"),
                "\(command): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent("nowhere").path))
    }

    /// Found by a hunt: a file no longer generated that could not be removed (its folder read-only)
    /// was skipped without a word and exit status 0, while `check` kept asking for `generate`.
    func testAStaleFileThatCannotBeRemovedIsAnError() throws {
        guard let launcher = unprivilegedLauncher() else { throw XCTSkip("runs as root without setpriv: a read-only folder stays writable") }
        let manifest = "version: 1\nkotlinPackage: com.example\noutputs: {servers: [contract, flagd]}\nflags: {}\n"
        let (folder, app) = try app(manifest, repository: "")
        _ = try runFlaggen(["generate"], in: app)
        let seeds = app.appendingPathComponent("Generated/Server")
        XCTAssertTrue(FileManager.default.fileExists(atPath: seeds.appendingPathComponent("flagd.flags.json").path))
        try Data(manifest.replacingOccurrences(of: ", flagd", with: "").utf8).write(to: app.appendingPathComponent("flags.yaml"))
        _ = chmod(folder.path, 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: seeds.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: seeds.path) }
        for _ in 0..<2 {
            let result = try runFlaggen(["generate"], in: app, launcher: launcher)
            XCTAssertEqual(result.status, 1, result.stdout)
            XCTAssertTrue(
                result.stderr.contains(
                    "error: cannot remove \(seeds.path)/flagd.flags.json, which the manifest no longer generates (Permission denied); remove it by hand or make its folder writable, then run 'flaggen generate' again\n"),
                result.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: seeds.appendingPathComponent("flagd.flags.json").path))
        }
    }

    /// Found by a hunt: `--swift-file` writes one file the command line names, yet it removed the
    /// manifest's own Swift output beside it as "no longer generated".
    func testASwiftFileRunRemovesNothing() throws {
        let (_, app) = try app("version: 1\nflags: {}\n", repository: "")
        XCTAssertEqual(try runFlaggen(["generate"], in: app).status, 0)
        let preview = try runFlaggen(["generate", "--only", "swift", "--swift-file", "Generated/Swift/Preview.swift"], in: app)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertFalse(preview.stdout.contains("removed"), preview.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("Generated/Swift/Flags.swift").path))
        let check = try runFlaggen(["check", "--only", "swift", "--swift-file", "Generated/Swift/Preview.swift"], in: app)
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testAPathOutOfTheRepositoryIsReportedAtItsEntryByLintGenerateAndCheck() throws {
        // Reported: lint passed it; generate and check printed a plain error with no place, and
        // check --format json or github printed nothing on standard output.
        let (folder, app) = try app("version: 1\noutputs:\n  kotlin: ../../escape/Flags.kt\nflags: {}\n", repository: "repo")
        let prefix = "flags.yaml:3:11: error: outputs.kotlin: ../../escape/Flags.kt would be written to "
        for command in [["lint"], ["generate"], ["check"]] {
            let result = try runFlaggen(command, in: app)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(prefix), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("flags.yaml:3:11: error: outputs.kotlin: ../../escape/FlagKit.kt would be written to "), result.stderr)
        }
        let json = try runFlaggen(["check", "--format", "json"], in: app)
        XCTAssertEqual(json.status, 1)
        XCTAssertTrue(json.stdout.contains("\"line\": 3,"), json.stdout)
        XCTAssertTrue(json.stdout.contains("outside the repository"), json.stdout)
        let github = try runFlaggen(["lint", "--format", "github"], in: app)
        XCTAssertEqual(github.status, 1)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=flags.yaml,line=3,col=11::outputs.kotlin: ../../escape/Flags.kt would be written to "), github.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.path), ["flags.yaml"])
    }
}
