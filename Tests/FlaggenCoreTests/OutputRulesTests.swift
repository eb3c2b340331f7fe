@testable import FlaggenCore
import Foundation
import XCTest

/// Each rule of what an output can express (``OutputRules``): `lint`, `generate` and
/// `generate --only swift` report it with the same text at the node that holds the value,
/// `generate` writes nothing, and leaving the server out of `outputs.servers` (the other way out
/// each message offers) makes the manifest valid.
final class OutputRulesTests: XCTestCase {
    // MARK: - flagd

    func testFlagdRefusesIntegersBeyondTwoToTheFiftyThree() throws {
        let yaml = """
            version: 1
            flags:
              big:
                type: int
                default: 9007199254740993
                owner: team
                expires: 2029-03-01
                rollout: {percent: 5, value: -9007199254740993}
              edge:
                type: int
                default: 9007199254740992
                owner: team
                expires: 2029-03-01
                rollout: {percent: 5, value: -9007199254740992}
            """
        let flagd =
            "which flagd cannot serve exactly: flagd reads numbers as 64-bit floating point, exact only from -9007199254740992 to "
            + "9007199254740992 (2^53); use a smaller number, or a string flag for large identifiers, or leave flagd out of outputs.servers"
        try assertLintAndGenerate(
            yaml,
            report: [
                "5:14: error: the default of flag 'big' is 9007199254740993, \(flagd)",
                "8:34: error: the value of the rollout of flag 'big' is -9007199254740993, \(flagd)",
            ])
        try assertLintAndGenerate(yaml + "\noutputs: {servers: [contract, postgres, firebase, unleash]}\n", report: [])
        // Inside a json value too (reported: a config's int property passed and came back
        // rounded), each at its own number, all in one run (reported: only the first, at the `{`).
        let json = """
            version: 1
            flags:
              cfg: {type: json, schema: Cfg, default: {id: 9007199254740995, more: {list: [9007199254740992, -9007199254740993]}}, owner: t, expires: 2029-03-01}
            configs:
              Cfg: {additionalProperties: true, properties: {id: {type: int}}}
            """
        try assertLintAndGenerate(
            json,
            report: [
                "3:48: error: the default of flag 'cfg' holds 9007199254740995, \(flagd)",
                "3:98: error: the default of flag 'cfg' holds -9007199254740993, \(flagd)",
            ])
    }

    // MARK: - Unleash

    func testUnleashRefusesSharesItCannotExpress() throws {
        let yaml = """
            version: 1
            flags:
              half:
                type: string
                default: a
                owner: team
                expires: 2029-03-01
                rollout: {percent: 12.5, value: b}
              off_for_some:
                type: bool
                default: true
                owner: team
                expires: 2029-03-01
                rollout:
                  percent: 30
                  value: false
              serves_the_default:
                type: bool
                default: false
                owner: team
                expires: 2029-03-01
                rollout: {percent: 0.25, value: false}
              quarter:
                type: bool
                default: false
                owner: team
                expires: 2029-03-01
                rollout: {percent: 0.25}
              off_for_all:
                type: bool
                default: true
                owner: team
                expires: 2029-03-01
                rollout: {percent: 100, platforms: [android], value: false}
            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "8:24: error: percent of the rollout of flag 'half' is 12.5, but Unleash rollouts are whole percents (Unleash's engine "
                    + "reads 12.5 as 0 percent); use percent: 12 or 13, or leave unleash out of outputs.servers",
                "15:16: error: the rollout of flag 'off_for_some' turns a flag that defaults to true off for 30 percent of users, and "
                    + "Unleash rollouts can only turn a feature on for a share; invert the flag (default: false, a rollout that serves "
                    + "true), use percent 0 or 100, or leave unleash out of outputs.servers",
                "28:24: error: percent of the rollout of flag 'quarter' is 0.25, but Unleash rollouts are whole percents (Unleash's "
                    + "engine reads 0.25 as 0 percent); use percent: 0 or 1, or leave unleash out of outputs.servers",
            ])
        try assertLintAndGenerate(yaml + "\noutputs: {servers: [contract, postgres, firebase, flagd]}\n", report: [])
    }

    // MARK: - Firebase

    func testFirebaseRefusesPreReleaseVersionsAndLongKeys() throws {
        let longKey = "k" + String(repeating: "x", count: 256)
        // Firebase's quotas page: a condition name holds at most 100 characters (it was taken as
        // 256, the console's field, and a 246-character rollout key passed; found by a bug hunt).
        let conditionKey = "k" + String(repeating: "x", count: 84)
        let longestConditionKey = "k" + String(repeating: "x", count: 83)
        let yaml = """
            version: 1
            flags:
              beta:
                type: bool
                default: false
                owner: a
                expires: 2029-01-01
                rollout:
                  percent: 5
                  minAppVersion: 3.0.0-beta.2
              \(longKey): {type: bool, default: false, owner: a, expires: 2029-01-01}
              \(conditionKey): {type: bool, default: false, owner: a, expires: 2029-01-01, rollout: {percent: 5}}
              \(longestConditionKey): {type: bool, default: false, owner: a, expires: 2029-01-01, rollout: {percent: 5}}
              built: {type: bool, default: false, owner: a, expires: 2029-01-01, rollout: {percent: 5, minAppVersion: 3.0.0+7}}
            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "10:22: error: minAppVersion 3.0.0-beta.2 of the rollout of flag 'beta' has a pre-release part, which Firebase's "
                    + "app.version comparison cannot express (it compares dot-separated numbers only); use a release version such as "
                    + "3.0.0, or leave firebase out of outputs.servers",
                "11:3: error: flag key '\(longKey)' is 257 characters long, but Firebase Remote Config keys hold at most 256; pick a "
                    + "shorter key, or leave firebase out of outputs.servers",
                "12:3: error: flag key '\(conditionKey)' is 85 characters long, too long for the name of the Firebase condition of "
                    + "its rollout ('flaggen_rollout_' and the key, at most 100 characters); pick a key of at most 84 characters, or "
                    + "leave firebase out of outputs.servers",
            ])
        try assertLintAndGenerate(yaml + "\noutputs: {servers: [contract, postgres, flagd, unleash]}\n", report: [])
    }

    func testFirebaseRefusesMoreParametersAndConditionsThanATemplateHolds() throws {
        func manifest(flags count: Int, rollout: Bool) -> String {
            "version: 1\nflags:\n"
                + (0..<count).map { "  f\($0): {type: bool, default: false, owner: a, expires: 2029-01-01\(rollout ? ", rollout: {percent: 5}" : "")}\n" }
                .joined()
        }
        let onlySeeds: [OutputKind] = [.seeds]
        try assertLintAndGenerate(
            manifest(flags: 3001, rollout: false),
            report: [
                // Kotlin's bound comes first; Firebase's still names its own.
                "2:1: error: the manifest has 3001 flags, more than the 2500 one manifest may hold: the generated Kotlin's enum "
                    + "class FlagKey gets an entry per flag, and the JVM caps an enum's static initializer at 64 KB; split the flags "
                    + "into two or more manifests of at most 2500 flags, each with its own 'name' and 'kotlinPackage' (such as "
                    + "CheckoutFlags in com.example.checkout.flags)",
                "3003:3: error: flag 'f3000' is flag number 3001 of 3001, but a Firebase Remote Config template holds at most 3000 "
                    + "parameters; split the flags into manifests of at most 3000 (one Firebase project each), or leave firebase out of "
                    + "outputs.servers"
            ], kinds: onlySeeds)
        try assertLintAndGenerate(manifest(flags: 2000, rollout: true), report: [], kinds: onlySeeds)
        try assertLintAndGenerate(
            manifest(flags: 2001, rollout: true),
            report: [
                "2003:79: error: the rollout of flag 'f2000' is rollout number 2001 of 2001, but a Firebase project holds at most 2000 "
                    + "conditions (those made in the console count too); remove finished rollouts from the manifest, or leave firebase "
                    + "out of outputs.servers"
            ], kinds: onlySeeds)
        // Without firebase, only Kotlin's bound is left (KotlinRules.maxEnumEntries).
        try assertLintAndGenerate(
            manifest(flags: 3001, rollout: false) + "outputs: {servers: [contract]}\n",
            report: [
                "2:1: error: the manifest has 3001 flags, more than the 2500 one manifest may hold: the generated Kotlin's enum "
                    + "class FlagKey gets an entry per flag, and the JVM caps an enum's static initializer at 64 KB; split the flags "
                    + "into two or more manifests of at most 2500 flags, each with its own 'name' and 'kotlinPackage' (such as "
                    + "CheckoutFlags in com.example.checkout.flags)"
            ], kinds: onlySeeds)
    }

    func testFirebaseRefusesValuesOverItsTotalSize() throws {
        let text = String(repeating: "x", count: 60_000)
        let yaml = "version: 1\nflags:\n" + (0..<17).map { "  s\($0): {type: string, default: \"\(text)\", owner: a, expires: 2029-01-01}\n" }.joined()
        try assertLintAndGenerate(
            yaml,
            report: [
                "19:32: error: the flags' values add up to 1020000 characters, but a Firebase Remote Config template holds at most "
                    + "1000000, which the default of flag 's16' passes; make the large values smaller, or leave firebase out of "
                    + "outputs.servers"
            ], kinds: [.seeds])
    }

    /// The one Firebase limit that depends on where the manifest is: its header names the
    /// manifest's path in the repository. `lint` and `generate` (also `--only swift`) report
    /// it; the build plugin's `--swift-file` run, which writes no seed, does not.
    func testAManifestPathTooLongForFirebasesHeaderIsAnErrorOfLintAndGenerate() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-long-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repository) }
        let folder = (0..<6).reduce(repository) { url, index in url.appendingPathComponent(String(repeating: "\(index)", count: 180)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("flags.yaml")
        try Data("version: 1\nflags: {}\n".utf8).write(to: url)
        XCTAssertEqual(try ManifestLoader.load(path: url.path).diagnostics, [])
        var onlySwift = Generate(manifestPath: url.path)
        onlySwift.kinds = [.swift]
        for run in [Generate(manifestPath: url.path), onlySwift] {
            let rendered = try run.render()
            XCTAssertEqual(rendered.files.map(\.path), [])
            XCTAssertEqual(rendered.diagnostics.count, 1)
            let message = try XCTUnwrap(rendered.diagnostics.first).message
            XCTAssertTrue(message.hasPrefix("the manifest's path, 000"), message)
            XCTAssertTrue(
                message.hasSuffix(
                    "/flags.yaml, is too long for the Firebase template's version description (1024 characters), which must name it; move "
                        + "the manifest to a shorter path or leave firebase out of outputs.servers"), message)
        }
        let plan = try Generate(manifestPath: url.path).plan()
        XCTAssertEqual(Lint(today: ISODate(year: 2029, month: 1, day: 1)!).run(plan.diagnostics, manifest: plan.manifest, file: url.path), try Generate(manifestPath: url.path).render().diagnostics)
        var plugin = onlySwift
        plugin.swiftFile = repository.appendingPathComponent("work/Flags.swift").path
        XCTAssertEqual(try plugin.render().files.count, 1)
    }

    // MARK: - PostgreSQL

    func testPostgresRefusesNULAtTheStringThatHoldsIt() throws {
        let yaml = #"""
            version: 1
            flags:
              owned:
                type: string
                default: "a\0b"
                owner: "team\0"
                expires: 2029-03-01
                description: "x\0"
                rollout: {percent: 10, value: "\0"}
              paywall:
                type: json
                schema: P
                default: {"k\0": 1, title: "go\0"}
                owner: team
                expires: 2029-03-01
            configs:
              P:
                additionalProperties: true
                properties:
                  title: {type: string}
            """#
        let postgres = "contains the character U+0000, which PostgreSQL text and jsonb cannot store; remove it, or leave postgres out of outputs.servers"
        try assertLintAndGenerate(
            yaml,
            report: [
                "5:14: error: the default of flag 'owned' \(postgres)",
                "6:12: error: the owner of flag 'owned' \(postgres)",
                "8:18: error: the description of flag 'owned' \(postgres)",
                "9:35: error: the value of the rollout of flag 'owned' \(postgres)",
                "13:15: error: the default of flag 'paywall' \(postgres)",
                "13:32: error: the default of flag 'paywall' \(postgres)",
            ])
        try assertLintAndGenerate(yaml + "\noutputs: {servers: [contract, firebase, flagd, unleash]}\n", report: [])
    }

    /// The seed's table is keyed by the flag key, and a PostgreSQL btree entry holds about
    /// 2,700 bytes: a 2,700-character key passed lint and the seed failed to load ("index row
    /// size 2712 exceeds btree version 4 maximum 2704"; found by a bug hunt).
    func testPostgresRefusesAKeyTooLongForItsIndex() throws {
        let longest = "k" + String(repeating: "x", count: 2_599)
        let yaml = """
            version: 1
            outputs: {servers: [contract, postgres]}
            flags:
              ? \(longest)
              : {type: bool, default: false, owner: a, expires: 2029-01-01}
              ? \(longest)x
              : {type: bool, default: false, owner: a, expires: 2029-01-01}
            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "6:5: error: flag key '\(longest)x' is 2601 bytes long, more than the 2,600 a PostgreSQL index entry of the seed's "
                    + "flags table holds; pick a shorter key, or leave postgres out of outputs.servers"
            ])
    }

    // MARK: - JSON Schemas

    func testConfigNamesThatDifferOnlyInCaseAreRefused() throws {
        try assertLintAndGenerate(
            "version: 1\nflags: {}\nconfigs:\n  Plan: {properties: {}}\n  PLAN: {properties: {}}\n",
            report: [
                "5:3: error: configs 'Plan' and 'PLAN' differ only in letter case, so their JSON Schemas (Plan.schema.json and "
                    + "PLAN.schema.json) would overwrite each other on case-insensitive file systems such as macOS and Windows; rename "
                    + "one of them"
            ])
    }

    /// Each schema file repeats every config its config refers to: a chain of 450 configs would
    /// make 450 + 449 + ... + 1 = 101,475 definitions, passing 100,000 at the file of C396.
    func testSchemasOfTooManyDefinitionsAreRefused() throws {
        let chain = (0..<450).map { "  C\($0): {properties: {next: {type: C\($0 + 1)}}}\n" }.dropLast().joined() + "  C449: {properties: {}}\n"
        try assertLintAndGenerate(
            "version: 1\nflags: {}\nconfigs:\n" + chain,
            report: [
                "400:3: error: the JSON Schemas would hold more than 100000 config definitions in all from config 'C396' on, because each "
                    + "config's file repeats every config it refers to, directly or through others; make configs refer to fewer other "
                    + "configs"
            ], kinds: [.seeds])
    }

    // MARK: - Output paths

    func testOutputsThatClaimOneFileAreRefusedAtTheEntry() throws {
        try assertLintAndGenerate(
            "version: 1\noutputs: {swift: Generated/Server/flags.seed.json}\nflags: {}\n",
            report: [
                "2:18: error: outputs.swift puts the Swift file at Generated/Server/flags.seed.json, where outputs.seeds, left at its "
                    + "default, puts the seed flags.seed.json; give each output in 'outputs' its own path"
            ])
        try assertLintAndGenerate(
            "version: 1\noutputs: {swift: generated/server/FLAGS.seed.json}\nflags: {}\n",
            report: [
                "2:18: error: outputs.swift puts the Swift file at generated/server/FLAGS.seed.json, where outputs.seeds, left at its "
                    + "default, puts the seed flags.seed.json (as Generated/Server/flags.seed.json: on macOS, paths that differ only by "
                    + "case name one file); give each output in 'outputs' its own path"
            ])
        try assertLintAndGenerate(
            "version: 1\noutputs: {swift: Generated/Kotlin/FlagKit.kt}\nflags: {}\n",
            report: [
                "2:18: error: outputs.swift puts the Swift file at Generated/Kotlin/FlagKit.kt, where outputs.kotlin, left at its "
                    + "default, puts FlagKit.kt, the Kotlin support file; give each output in 'outputs' its own path"
            ])
        try assertLintAndGenerate(
            "version: 1\noutputs: {kotlin: Generated/Kotlin/flagkit.kt}\nflags: {}\n",
            report: [
                "2:19: error: outputs.kotlin puts the Kotlin file at Generated/Kotlin/flagkit.kt, where it also puts FlagKit.kt, the "
                    + "Kotlin support file (as Generated/Kotlin/FlagKit.kt: on macOS, paths that differ only by case name one file); "
                    + "pick another file name"
            ])
        try assertLintAndGenerate(
            "version: 1\noutputs: {kotlin: Generated/Kotlin/FlagKit.kt}\nflags: {}\n",
            report: [
                "2:19: error: outputs.kotlin puts the Kotlin file at Generated/Kotlin/FlagKit.kt, where it also puts FlagKit.kt, the "
                    + "Kotlin support file; pick another file name"
            ])
        // Leaving the server out frees its file's path.
        try assertLintAndGenerate("version: 1\noutputs: {swift: Generated/Server/flags.seed.json, servers: [postgres]}\nflags: {}\n", report: [])
    }

    func testAnOutputInsideAnotherOutputsFileIsRefused() throws {
        try assertLintAndGenerate(
            "version: 1\noutputs: {swift: Generated/Server/flags.seed.sql/Flags.swift}\nflags: {}\n",
            report: [
                "2:18: error: outputs.swift puts the Swift file at Generated/Server/flags.seed.sql/Flags.swift, inside "
                    + "Generated/Server/flags.seed.sql, where outputs.seeds, left at its default, puts the seed flags.seed.sql as a file; "
                    + "give each output in 'outputs' its own path"
            ])
        // The entry the manifest writes is the one reported, also when it holds the other's file.
        try assertLintAndGenerate(
            "version: 1\noutputs: {swift: Generated/Kotlin}\nflags: {}\n",
            report: [
                "2:18: error: outputs.swift puts the Swift file at Generated/Kotlin, a file that outputs.kotlin, left at its default, "
                    + "needs as a folder for the Kotlin file (Generated/Kotlin/Flags.kt); give each output in 'outputs' its own path"
            ])
    }

    // MARK: - Kotlin

    func testMoreFlagsThanKotlinsFlagKeyHoldsAreRefusedAtTheFlagsKey() throws {
        func manifest(flags count: Int) -> String {
            "version: 1\noutputs: {servers: [contract]}\nflags:\n"
                + (0..<count).map { "  flag_\($0): {type: bool, default: false, owner: a, expires: 2030-01-01}\n" }.joined()
        }
        try assertLintAndGenerate(manifest(flags: KotlinRules.maxEnumEntries), report: [], kinds: [.seeds])
        try assertLintAndGenerate(
            manifest(flags: KotlinRules.maxEnumEntries + 1),
            report: [
                "3:1: error: the manifest has 2501 flags, more than the 2500 one manifest may hold: the generated Kotlin's enum "
                    + "class FlagKey gets an entry per flag, and the JVM caps an enum's static initializer at 64 KB; split the flags "
                    + "into two or more manifests of at most 2500 flags, each with its own 'name' and 'kotlinPackage' (such as "
                    + "CheckoutFlags in com.example.checkout.flags)"
            ], kinds: [.seeds])
    }

    /// Found by a hunt: kotlinc writes a class file per class, and on macOS's case-insensitive
    /// disks (where Gradle writes them) `Flags$ABc.class` and `Flags$AbC.class` are one file, so
    /// the app failed with NoClassDefFoundError, only in builds made on a Mac.
    func testKotlinClassesDifferingOnlyInCaseAreRefused() throws {
        let yaml = """
            version: 1
            outputs: {servers: [contract]}
            flags:
              a_bc: {type: string, enum: [x, y], default: x, owner: o, expires: 2030-01-01}
              ab_c: {type: string, enum: [x, y], default: x, owner: o, expires: 2030-01-01}
              p_art1: {type: string, enum: [x, y], default: x, owner: o, expires: 2030-01-01}
            configs:
              BUCKET:
                properties:
                  style: {type: string, enum: [x, y]}
                  sTyle: {type: string, enum: [x, y]}

            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "5:3: error: flag 'ab_c' lists 'enum' values, so it becomes the Kotlin enum class Flags.AbC, whose class file differs "
                    + "only in letter case from that of Flags.ABc (flag 'a_bc'): on the case-insensitive disks of macOS, where "
                    + "Gradle writes class files, one overwrites the other and the app fails with NoClassDefFoundError; rename one of them",
                "6:3: error: flag 'p_art1' lists 'enum' values, so it becomes the Kotlin enum class Flags.PArt1, whose class file differs "
                    + "only in letter case from that of Flags.Part1 (the objects that hold the flags are named 'Part' and digits): on the case-insensitive disks "
                    + "of macOS, where Gradle writes class files, one overwrites the other and the app fails with NoClassDefFoundError; "
                    + "rename the flag",
                "8:3: error: config 'BUCKET' becomes the Kotlin class BUCKET, whose class file differs only in letter case from that of "
                    + "Bucket (of the Kotlin runtime, FlagKit.kt): on the case-insensitive disks of macOS, where Gradle writes class "
                    + "files, one overwrites the other and the app fails with NoClassDefFoundError; rename the config",
                "11:7: error: property 'BUCKET.sTyle' lists 'enum' values, so it becomes the Kotlin enum class BUCKET.STyle, whose class "
                    + "file differs only in letter case from that of BUCKET.Style (property 'BUCKET.style'): on the case-insensitive "
                    + "disks of macOS, where Gradle writes class files, one overwrites the other and the app fails with "
                    + "NoClassDefFoundError; rename one of them",
            ], kinds: [.seeds])
        // The manifest's name too; FlagStore.kt's classes only where the manifest writes it.
        let named = """
            version: 1
            name: Flagkey
            outputs: {servers: [contract]}
            flags:
              on: {type: bool, default: false, owner: o, expires: 2030-01-01}
            configs:
              Flagstore:
                properties:
                  x: {type: int}

            """
        try assertLintAndGenerate(
            named,
            report: [
                "2:7: error: 'name' Flagkey becomes the Kotlin object Flagkey, whose class file differs only in letter case from that "
                    + "of FlagKey (the enum of the flag keys): on the case-insensitive disks of macOS, where Gradle writes class files, "
                    + "one overwrites the other and the app fails with NoClassDefFoundError; pick another name",
            ], kinds: [.seeds])
        try assertLintAndGenerate(
            named.replacingOccurrences(of: "name: Flagkey", with: "name: Flags")
                .replacingOccurrences(of: "{servers: [contract]}", with: "{servers: [contract], kotlinRuntime: Generated/Kotlin/FlagStore.kt}"),
            report: [
                "7:3: error: config 'Flagstore' becomes the Kotlin class Flagstore, whose class file differs only in letter case from "
                    + "that of FlagStore (of the Kotlin runtime, FlagStore.kt): on the case-insensitive disks of macOS, where Gradle "
                    + "writes class files, one overwrites the other and the app fails with NoClassDefFoundError; rename the config",
            ], kinds: [.seeds])
        try assertLintAndGenerate(named.replacingOccurrences(of: "name: Flagkey", with: "name: Flags"), report: [], kinds: [.seeds])
    }

    /// The case rule above knows the runtime's top-level classes by name: the list must follow
    /// the templates.
    func testTheKotlinRuntimeClassNamesAreTheTemplatesTopLevelClasses() throws {
        var names: [String] = []
        for template in ["kotlin/FlagKit.kt.mustache", "kotlin/FlagStore.kt.mustache"] {
            let text = try XCTUnwrap(EmbeddedTemplates.all[template], template)
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
                let words = line.split(separator: " ")
                guard let keyword = words.firstIndex(where: { ["class", "object", "interface"].contains($0) }), keyword + 1 < words.count else { continue }
                names.append(String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber }))
            }
        }
        XCTAssertEqual(names.sorted(), KotlinRules.runtimeClassNames.values.joined().sorted())
    }

    func testEnumListsLongerThanAKotlinEnumHoldsAreRefused() throws {
        let values = (0...KotlinRules.maxEnumEntries).map { "v\($0)" }.joined(separator: ", ")
        let yaml = """
            version: 1
            outputs: {servers: [contract]}
            flags:
              theme: {type: string, enum: [\(values)], default: v0, owner: o, expires: 2030-01-01}
            configs:
              C:
                properties:
                  mode: {type: string, enum: [\(values)]}

            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "4:3: error: flag 'theme' lists 2501 'enum' values, more than the 2500 a Kotlin enum class holds (the JVM caps its "
                    + "static initializer at 64 KB); list fewer values, or drop 'enum'",
                "8:7: error: property 'C.mode' lists 2501 'enum' values, more than the 2500 a Kotlin enum class holds (the JVM "
                    + "caps its static initializer at 64 KB); list fewer values, or make it a plain string without 'enum'",
            ], kinds: [.seeds])
    }

    func testTextsLongerThanAJVMStringConstantAreRefusedWhereTheyAreWritten() throws {
        // Reported: a 65,536-byte default (the longest scalar flaggen reads) and 11,000 emoji
        // (44,000 bytes of UTF-8, 66,000 as a JVM constant) passed lint; kotlinc crashed
        // ("UTF8 string too large"). 65,535 bytes and 10,922 emoji compile.
        let yaml = """
            version: 1
            outputs: {servers: [contract]}
            flags:
              long: {type: string, default: "\(String(repeating: "a", count: 65_536))", owner: o, expires: 2030-01-01}
              emoji: {type: string, default: "\(String(repeating: "😀", count: 11_000))", owner: o, expires: 2030-01-01}
              fits: {type: string, default: "\(String(repeating: "a", count: 65_535))", owner: o, expires: 2030-01-01}
              fits_too: {type: string, default: "\(String(repeating: "😀", count: 10_922))", owner: o, expires: 2030-01-01}

            """
        let message = " bytes as a JVM string constant, more than the 65535 one holds, so kotlinc cannot compile the generated Kotlin; shorten it (a flag carries a small value: let the server send large content)"
        try assertLintAndGenerate(yaml, report: ["4:33: error: this text takes 65536" + message, "5:34: error: this text takes 66000" + message], kinds: [.seeds])
        XCTAssertEqual(KotlinRules.modifiedUTF8Count("a\u{0}é€😀"), 1 + 2 + 2 + 3 + 6)
    }

    func testNamesWhoseGettersAreTooLongForTheJVMAreRefused() throws {
        // Found by a hunt: a key of 65,533 characters passed lint (it fits in a constant), and
        // kotlinc crashed on its getter `get…` ("UTF8 string too large"); 65,525 characters with
        // `deprecated:` crashed on `get…$annotations`.
        let yaml = """
            version: 1
            outputs: {servers: [contract]}
            flags:
              ? \(String(repeating: "k", count: 65_520))
              : {type: bool, default: true, owner: o, expires: 2030-01-01}
              ? \(String(repeating: "f", count: 65_519))
              : {type: bool, default: true, owner: o, expires: 2030-01-01, deprecated: gone}
              cfg: {type: json, schema: Cfg, default: {}, owner: o, expires: 2030-01-01}
            configs:
              Cfg:
                properties:
                  ? \(String(repeating: "p", count: 65_535))
                  : {type: int, default: 0}

            """
        let why = "so kotlinc cannot compile the generated Kotlin: its getters' names are up to 16 bytes longer, and a JVM name holds at most 65535"
        try assertLintAndGenerate(
            yaml,
            report: [
                "4:5: error: flag key '\(String(repeating: "k", count: 20))…' takes 65520 bytes, \(why); pick a key of at most 65519 bytes",
                "12:9: error: property 'Cfg.\(String(repeating: "p", count: 20))…' takes 65535 bytes, \(why); pick a name of at most 65519 bytes",
            ], kinds: [.seeds])
    }

    func testAJsonDefaultTooLargeForOneJVMMethodIsRefusedAtTheDefault() throws {
        // Reported: a default of 8,000 ints passed lint; kotlinc failed ("Method too large").
        func manifest(_ count: Int) -> String {
            """
            version: 1
            outputs: {servers: [contract]}
            flags:
              cfg: {type: json, schema: Cfg, default: {xs: [\((0..<count).map(String.init).joined(separator: ", "))]}, owner: o, expires: 2030-01-01}
            configs:
              Cfg: {properties: {xs: {type: array, items: int}}}

            """
        }
        try assertLintAndGenerate(manifest(3_998), report: [], kinds: [.seeds])
        try assertLintAndGenerate(
            manifest(3_999),
            report: [
                "4:43: error: flag 'cfg' has a default of more than 4000 values, more than the generated Kotlin can build in one JVM "
                    + "method (64 KB of bytecode); keep the default small and let the server send the full value"
            ], kinds: [.seeds])
    }

    func testConfigsTooLargeForAJVMConstructorAreRefusedAtTheConfig() throws {
        // Reported: lint passed a config of 127 int properties; the JVM refused its data class
        // at load ("Too many arguments in method signature"), and one of 6,500 default ints
        // failed kotlinc ("Method too large").
        func manifest(ints: Int, defaultValues: Int = 1) -> String {
            let properties = (0..<ints).map { "p\($0): {type: int, default: 0}" }.joined(separator: ", ")
            return """
                version: 1
                outputs: {servers: [contract]}
                flags:
                  w: {type: json, schema: Wide, default: {}, owner: o, expires: 2030-01-01}
                configs:
                  Wide: {properties: {\(properties), xs: {type: array, items: int, default: [\((1..<defaultValues).map(String.init).joined(separator: ", "))]}}}

                """
        }
        // With `xs`: 124 ints take 255 slots (2 + 248 + 1 + one mask per 32 properties), 125 take 257.
        try assertLintAndGenerate(manifest(ints: 124), report: [], kinds: [.seeds])
        try assertLintAndGenerate(
            manifest(ints: 125),
            report: [
                "6:3: error: config 'Wide' has properties that take 257 parameter slots in the constructor of its generated Kotlin data class, more than the 255 a JVM method takes (an int or double property takes 2, any other 1); move some properties into a nested config"
            ], kinds: [.seeds])
        // p0's 0, the list and its items: 4,000 values, then 4,001.
        try assertLintAndGenerate(manifest(ints: 1, defaultValues: 3_999), report: [], kinds: [.seeds])
        try assertLintAndGenerate(
            manifest(ints: 1, defaultValues: 4_000),
            report: [
                "6:52: error: the property defaults of config 'Wide' hold more than 4000 values (at 'xs'), more than the generated Kotlin can build in one JVM method (64 KB of bytecode); keep defaults small and let the server send the full value"
            ], kinds: [.seeds])
    }

    func testAVersionOrMaxLengthTheKotlinIntCannotHoldIsRefused() throws {
        // Reported: lint passed them; kotlinc refused `SCHEMA_VERSION: Int = 2147483648` and
        // `maxLength = 2147483648`.
        func manifest(version: Int, maxLength: Int) -> String {
            """
            version: 1
            outputs: {servers: [contract]}
            flags:
              a: {type: json, schema: C, default: {}, owner: o, expires: 2030-01-01}
            configs:
              C:
                version: \(version)
                properties: {s: {type: string, maxLength: \(maxLength)}}

            """
        }
        try assertLintAndGenerate(manifest(version: 2_147_483_647, maxLength: 2_147_483_647), report: [], kinds: [.seeds])
        try assertLintAndGenerate(
            manifest(version: 2_147_483_648, maxLength: 2_147_483_648),
            report: [
                "6:3: error: the version of config 'C' is 2147483648, more than the Int of the generated Kotlin holds (2147483647); use a smaller version",
                "8:18: error: the maxLength of property 'C.s' is 2147483648, more than the Int of the generated Kotlin holds (2147483647, the longest a JVM string can be); use a smaller one",
            ], kinds: [.seeds])
    }

    func testGeneratedTypeNamesTooLongForAFileNameAreRefused() throws {
        // Reported: a config name of 245 characters passed lint; generate failed with "File name
        // too long" (its schema), and an enum flag's long key failed kotlinc.
        func manifest(_ length: Int) -> String {
            let config = "C" + String(repeating: "x", count: length - 1)
            let key = "e" + String(repeating: "x", count: length - 1)
            return """
                version: 1
                outputs: {servers: [contract]}
                flags:
                  \(key): {type: string, enum: [a, b], default: a, owner: o, expires: 2030-01-01}
                configs:
                  \(config): {properties: {x: {type: int}}}

                """
        }
        try assertLintAndGenerate(manifest(100), report: [], kinds: [.seeds])
        let message = " is 101 characters long; names of generated types become file names (Name.schema.json, Name.class) and hold at most 100; pick a shorter one"
        try assertLintAndGenerate(
            manifest(101),
            report: [
                "4:3: error: flag 'exxxxxxxxxxxxxxxxxxx…' becomes the enum Exxxxxxxxxxxxxxxxxxx…, and that name" + message,
                "6:3: error: config name 'Cxxxxxxxxxxxxxxxxxxx…'" + message,
            ], kinds: [.seeds])
    }

    func testEnumClassesThatWouldHideATypeAreRefused() throws {
        let yaml = """
            version: 1
            outputs: {servers: [contract]}
            flags:
              plan: {type: string, enum: [a, b], default: a, owner: o, expires: 2030-01-01}
              string: {type: string, enum: [a], default: a, owner: o, expires: 2030-01-01}
              flags: {type: string, enum: [a], default: a, owner: o, expires: 2030-01-01}
            configs:
              Plan:
                properties:
                  long: {type: string, enum: [x, y]}
                  other: {type: string, enum: [x, y]}
              Other:
                properties:
                  n: {type: int}

            """
        try assertLintAndGenerate(
            yaml,
            report: [
                "4:3: error: flag 'plan' lists 'enum' values, so it becomes the enum class Flags.Plan, which has the name of the "
                    + "config Plan and would hide it inside Flags; rename the flag or the config",
                "5:3: error: flag 'string' lists 'enum' values, so it becomes the enum class Flags.String, which would hide the "
                    + "type String that the generated code uses inside Flags; rename the flag",
                "6:3: error: flag 'flags' lists 'enum' values, so it becomes the enum class Flags.Flags, which is the name of the "
                    + "flags object itself; rename the flag or set another 'name'",
                "10:7: error: property 'Plan.long' has 'enum' values, so it becomes the enum class Plan.Long, which would hide the "
                    + "type Long inside Plan in the generated Kotlin; rename the property",
                "11:7: error: property 'Plan.other' has 'enum' values, so it becomes the enum class Plan.Other, which would hide "
                    + "the type Other inside Plan in the generated Kotlin; rename the property",
            ], kinds: [.seeds])
    }

    // MARK: - Together

    /// Every output rule a manifest breaks comes out in one run, with the manifest's other
    /// errors, sorted by position.
    func testEveryProblemComesOutInOneRun() throws {
        let yaml = #"""
            version: 1
            flags:
              big:
                type: int
                default: 9007199254740993
                owner: "team\0"
                expires: 2029-03-01
                rollout: {percent: 12.5, value: 1, minAppVersion: 2.0.0-rc.1}
              Bad: {type: bool, default: false, owner: a, expires: 2029-03-01}
            configs:
              Plan: {properties: {}}
              PLAN: {properties: {}}
            outputs: {swift: Generated/Schemas/Plan.schema.json}
            """#
        let run = try LintAndGenerate(yaml: yaml)
        XCTAssertEqual(run.lint, run.generate)
        XCTAssertEqual(run.lint, run.generateOnlySwift)
        XCTAssertEqual(run.written, [])
        XCTAssertEqual(
            run.lint.map { $0.split(separator: ":").prefix(2).joined(separator: ":") },
            ["5:14", "6:12", "8:24", "8:55", "9:3", "12:3", "13:18"], run.lint.joined(separator: "\n"))
        XCTAssertTrue(run.lint[0].contains("flagd cannot serve exactly"), run.lint[0])
        XCTAssertTrue(run.lint[1].contains("PostgreSQL text and jsonb cannot store"), run.lint[1])
        XCTAssertTrue(run.lint[2].contains("Unleash rollouts are whole percents"), run.lint[2])
        XCTAssertTrue(run.lint[3].contains("pre-release part, which Firebase"), run.lint[3])
        XCTAssertTrue(run.lint[4].contains("flag key 'Bad' must be lowercase"), run.lint[4])
        XCTAssertTrue(run.lint[5].contains("differ only in letter case"), run.lint[5])
        XCTAssertTrue(
            run.lint[6].hasSuffix(
                "error: outputs.swift puts the Swift file at Generated/Schemas/Plan.schema.json, where outputs.schemas, left at its "
                    + "default, puts the JSON Schema Plan.schema.json; give each output in 'outputs' its own path"), run.lint[6])
    }

    // MARK: - Other commands

    /// `breaking` compares what installed apps read: the manifest it compares against is read
    /// without the output rules, which a manifest written before them may break.
    func testBreakingReadsTheOldManifestWithoutOutputRules() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flag = "version: 1\nflags:\n  half: {type: bool, default: false, owner: a, expires: 2029-03-01, rollout: {percent: PERCENT}}\n"
        try Data(flag.replacingOccurrences(of: "PERCENT", with: "12.5").utf8).write(to: folder.appendingPathComponent("old.yaml"))
        try Data(flag.replacingOccurrences(of: "PERCENT", with: "12").utf8).write(to: folder.appendingPathComponent("flags.yaml"))
        let findings = try Breaking(manifestPath: folder.appendingPathComponent("flags.yaml").path, against: folder.appendingPathComponent("old.yaml").path).run()
        XCTAssertEqual(findings.filter { $0.severity == .error }, [])
        let newIsChecked = try Breaking(manifestPath: folder.appendingPathComponent("old.yaml").path, against: folder.appendingPathComponent("flags.yaml").path).run()
        XCTAssertEqual(newIsChecked.map(\.location), [SourceLocation(line: 3, column: 88)], newIsChecked.map(\.formatted).joined(separator: "\n"))
    }
}
