@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

/// A manifest that covers every flag type and every rollout shape the flagd seed writes.
/// Firebase cannot take its pre-release `minAppVersion` and Unleash not its 12.5 percent, so
/// both are left out.
let flagdCoverageManifest = """
    version: 1
    outputs: {servers: [contract, postgres, flagd]}
    flags:
      new_checkout:
        type: bool
        default: false
        owner: payments
        expires: 2029-03-01
        description: The redesigned checkout.
        rollout: {percent: 10, platforms: [ios, android], minAppVersion: 2.4.0}
      ios_beta:
        type: bool
        default: false
        owner: mobile
        expires: 2029-03-01
        rollout: {percent: 100, platforms: [ios], minAppVersion: 3.0.0-beta.2+build.7}
      dark_launch:
        type: bool
        default: false
        owner: mobile
        expires: 2029-03-01
        rollout: {percent: 0}
      everyone_on:
        type: bool
        default: false
        owner: mobile
        expires: 2029-03-01
        rollout: {percent: 100}
      chat_media_enabled:
        type: bool
        default: true
        owner: chat
        kind: operational
        killSwitch: true
      android_off:
        type: bool
        default: true
        owner: mobile
        kind: permission
        rollout: {percent: 100, platforms: [android], value: false}
      greeting:
        type: string
        default: Hello
        owner: growth
        expires: 2029-03-01
      label:
        type: string
        default: Buy now
        owner: payments
        expires: 2029-01-31
        kind: experiment
        rollout: {percent: 50, value: Pay now}
      retries:
        type: int
        default: 3
        owner: platform
        expires: 2029-03-01
        rollout: {percent: 100, platforms: [android], value: 5}
      ratio:
        type: double
        default: 0.5
        owner: platform
        expires: 2029-03-01
        rollout: {percent: 12.5, value: 1.5}
      paywall:
        type: json
        schema: Paywall
        default: {title: Go Pro, trialDays: 7}
        owner: growth
        expires: 2029-02-28
        rollout: {percent: 100, minAppVersion: 2.0.0, value: {title: Go Pro+, trialDays: 14}}
    configs:
      Paywall:
        properties:
          title: {type: string}
          trialDays: {type: int, default: 0}
        required: [title]
    """

final class FlagdSeedTests: XCTestCase {
    // MARK: - Helpers

    private func seed(_ yaml: String) throws -> JSONValue {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(yaml)
        return try JSONParser.parse(try FlagdUnleashSeeds.onlyText(FlagdSeedEmitter().files(for: manifest, header: header), named: "flagd.flags.json"))
    }

    private func flag(_ key: String, in yaml: String) throws -> JSONValue {
        guard let flag = try seed(yaml)["flags"]?[key] else { throw FlagdUnleashSeeds.Failure(message: "no flag \(key)") }
        return flag
    }

    /// The official flagd schemas, beside the checkout in CI; skipped locally when missing.
    private func flagdSchemaFolder() throws -> URL {
        let folder = packageRoot.appendingPathComponent("../shared/conformance/flagd-schemas").standardizedFileURL
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("flags.json").path) { return folder }
        let message = "the flagd schemas are not at \(folder.path)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
        throw XCTSkip(message)
    }

    // MARK: - Golden and document

    // The root and hostile manifests' seeds are compared with goldens by GoldenTests.

    func testDocumentCarriesHeaderAndSchema() throws {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(flagdCoverageManifest)
        let text = try FlagdUnleashSeeds.onlyText(FlagdSeedEmitter().files(for: manifest, header: header), named: "flagd.flags.json")
        let document = try JSONParser.parse(text)
        XCTAssertEqual(document["$comment"], .string(header.lines.joined(separator: " ")))
        XCTAssertEqual(document["$schema"], "https://flagd.dev/schema/v0/flags.json")
        XCTAssertEqual(GeneratedFileOwner.header(start: Array(text.utf8), end: Array(text.utf8), path: "flagd.flags.json")?.manifest, header.manifestName)
        XCTAssertTrue(text.hasSuffix("}\n"))
        XCTAssertEqual(document["flags"]?.objectValue?.keys.sorted(), manifest.flags.map(\.key).sorted())
        // Deterministic: the same manifest gives the same bytes.
        XCTAssertEqual(FlagdSeedEmitter().files(for: manifest, header: header), FlagdSeedEmitter().files(for: manifest, header: header))
    }

    func testEmptyManifestHasNoFlags() throws {
        XCTAssertEqual(try seed("version: 1\nflags: {}\n")["flags"], [:])
    }

    // MARK: - Variants and metadata

    func testBoolFlagWithoutRolloutServesItsDefault() throws {
        let flag = try flag("chat_media_enabled", in: flagdCoverageManifest)
        XCTAssertEqual(flag["state"], "ENABLED")
        XCTAssertEqual(flag["variants"], ["on": true, "off": false])
        XCTAssertEqual(flag["defaultVariant"], "on")
        XCTAssertNil(flag["targeting"])
        XCTAssertEqual(flag["metadata"], ["owner": "chat", "kind": "operational", "killSwitch": true, "type": "bool"])
    }

    func testTypedVariantsForEveryType() throws {
        let yaml = flagdCoverageManifest
        XCTAssertEqual(try flag("greeting", in: yaml)["variants"], ["default": "Hello"])
        XCTAssertEqual(try flag("greeting", in: yaml)["defaultVariant"], "default")
        XCTAssertEqual(try flag("label", in: yaml)["variants"], ["default": "Buy now", "rollout": "Pay now"])
        XCTAssertEqual(try flag("retries", in: yaml)["variants"], ["default": 3, "rollout": 5])
        XCTAssertEqual(try flag("ratio", in: yaml)["variants"], ["default": .double(0.5), "rollout": .double(1.5)])
        XCTAssertEqual(
            try flag("paywall", in: yaml)["variants"],
            ["default": ["title": "Go Pro", "trialDays": 7], "rollout": ["title": "Go Pro+", "trialDays": 14]])
    }

    func testIntegralDoublesStayDoubles() throws {
        let yaml = """
            version: 1
            flags:
              scale:
                type: double
                default: 2.0
                owner: team
                expires: 2029-03-01
            """
        let (manifest, header) = try FlagdUnleashSeeds.manifest(yaml)
        let text = try FlagdUnleashSeeds.onlyText(FlagdSeedEmitter().files(for: manifest, header: header), named: "flagd.flags.json")
        XCTAssertTrue(text.contains(#""default": 2.0"#), text)
    }

    func testMetadataHoldsOwnerExpiryKindDescriptionAndBucketing() throws {
        let flag = try flag("new_checkout", in: flagdCoverageManifest)
        XCTAssertEqual(flag["metadata"]?["owner"], "payments")
        XCTAssertEqual(flag["metadata"]?["expires"], "2029-03-01")
        XCTAssertEqual(flag["metadata"]?["kind"], "release")
        XCTAssertEqual(flag["metadata"]?["killSwitch"], false)
        XCTAssertEqual(flag["metadata"]?["description"], "The redesigned checkout.")
        XCTAssertTrue(flag["metadata"]?["rolloutBucketing"]?.stringValue?.contains("MurmurHash3") == true)
        XCTAssertEqual(try self.flag("paywall", in: flagdCoverageManifest)["metadata"]?["schema"], "Paywall")
        // Only fractional rules bucket; a 100 percent rule does not.
        XCTAssertNil(try self.flag("everyone_on", in: flagdCoverageManifest)["metadata"]?["rolloutBucketing"])
        // Metadata is flat: strings and bools only.
        for (_, value) in flag["metadata"]?.objectValue ?? [:] {
            XCTAssertTrue(value.stringValue != nil || value.boolValue != nil, "\(value)")
        }
    }

    // MARK: - Targeting

    func testRolloutWithPlatformsAndVersionGatesThenSplits() throws {
        let flag = try flag("new_checkout", in: flagdCoverageManifest)
        XCTAssertEqual(flag["defaultVariant"], "off")
        let expected: JSONValue = [
            "if": [
                [
                    "and": [
                        ["in": [["var": "platform"], ["ios", "android"]]],
                        ["var": "appVersion"],
                        ["sem_ver": [["var": "appVersion"], ">=", "2.4.0"]],
                    ]
                ],
                ["fractional": [["on", 1000], ["off", 9000]]],
                nil,
            ]
        ]
        XCTAssertEqual(flag["targeting"], expected)
    }

    func testFullRolloutDropsFractionalAndBuildMetadata() throws {
        let expected: JSONValue = [
            "if": [
                [
                    "and": [
                        ["in": [["var": "platform"], ["ios"]]],
                        ["var": "appVersion"],
                        ["sem_ver": [["var": "appVersion"], ">=", "3.0.0-beta.2"]],
                    ]
                ],
                "on",
                nil,
            ]
        ]
        XCTAssertEqual(try flag("ios_beta", in: flagdCoverageManifest)["targeting"], expected)
        XCTAssertEqual(try flag("retries", in: flagdCoverageManifest)["targeting"], ["if": [["in": [["var": "platform"], ["android"]]], "rollout", nil]])
        XCTAssertEqual(try flag("everyone_on", in: flagdCoverageManifest)["targeting"], ["if": [true, "on", nil]])
    }

    func testUngatedPartialRolloutIsOnlyFractional() throws {
        XCTAssertEqual(try flag("dark_launch", in: flagdCoverageManifest)["targeting"], ["fractional": [["on", 0], ["off", 10000]]])
        XCTAssertEqual(try flag("ratio", in: flagdCoverageManifest)["targeting"], ["fractional": [["rollout", 1250], ["default", 8750]]])
        XCTAssertEqual(try flag("label", in: flagdCoverageManifest)["targeting"], ["fractional": [["rollout", 5000], ["default", 5000]]])
    }

    func testRolloutThatServesFalseOverTrueUsesBoolVariants() throws {
        let flag = try flag("android_off", in: flagdCoverageManifest)
        XCTAssertEqual(flag["defaultVariant"], "on")
        XCTAssertEqual(flag["targeting"], ["if": [["in": [["var": "platform"], ["android"]]], "off", nil]])
    }

    // MARK: - Integers

    /// flagd serves integers exactly up to 2^53 (larger ones are refused by validation,
    /// ``FlagdRules``; see OutputRulesTests).
    func testIntegersUpToTwoToTheFiftyThreeAreServedExactly() throws {
        let yaml = """
            version: 1
            flags:
              big:
                type: int
                default: -9007199254740992
                owner: team
                expires: 2029-03-01
                rollout:
                  percent: 5
                  value: 9007199254740992
            """
        XCTAssertEqual(try flag("big", in: yaml)["variants"]?["rollout"], .int(9_007_199_254_740_992))
        XCTAssertEqual(try flag("big", in: yaml)["variants"]?["default"], .int(-9_007_199_254_740_992))
    }

    // MARK: - Real peers

    func testSeedsValidateAgainstTheOfficialFlagdSchema() throws {
        let schemas = try flagdSchemaFolder()
        for (name, yaml) in [("root", try String(contentsOf: packageRoot.appendingPathComponent("flags.yaml"), encoding: .utf8)), ("coverage", flagdCoverageManifest)] {
            let (manifest, header) = try FlagdUnleashSeeds.manifest(yaml)
            let text = try FlagdUnleashSeeds.onlyText(FlagdSeedEmitter().files(for: manifest, header: header), named: "flagd.flags.json")
            let url = try FlagdUnleashSeeds.temporaryFile(text, named: "flagd.flags.json")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            let report = try FlagdUnleashSeeds.runPeer("flagd_schema_check.py", [url.path, schemas.path])
            XCTAssertEqual(report["errors"], [], name)
            XCTAssertEqual(report["valid"], true, name)
        }
        // The check can fail: a flag without state, non-flat metadata and an unknown sem_ver
        // operator (targeting.json, found through the registry) are refused.
        let broken = [
            #"{"flags": {"a": {"variants": {"on": true}}}}"#,
            #"{"flags": {"a": {"state": "ENABLED", "variants": {"on": true}, "metadata": {"owner": ["x"]}}}}"#,
            #"{"flags": {"a": {"state": "ENABLED", "variants": {"on": true}, "targeting": {"sem_ver": [{"var": "v"}, "=>", "1.0.0"]}}}}"#,
        ]
        for text in broken {
            let url = try FlagdUnleashSeeds.temporaryFile(text, named: "broken.json")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            XCTAssertEqual(try FlagdUnleashSeeds.runPeer("flagd_schema_check.py", [url.path, schemas.path])["valid"], false, text)
        }
    }

    func testRealFlagdProviderEvaluatesTheSeed() throws {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(flagdCoverageManifest)
        let text = try FlagdUnleashSeeds.onlyText(FlagdSeedEmitter().files(for: manifest, header: header), named: "flagd.flags.json")
        let url = try FlagdUnleashSeeds.temporaryFile(text, named: "flagd.flags.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

        func request(_ flag: String, _ type: String, key: String? = "acct-42", _ context: JSONValue = [:], count: Int? = nil) -> JSONValue {
            var request: [String: JSONValue] = ["flag": .string(flag), "type": .string(type), "context": context]
            request["targetingKey"] = key.map(JSONValue.string) ?? .null
            if let count { request["count"] = .int(count) }
            return .object(request)
        }
        let ios24: JSONValue = ["platform": "ios", "appVersion": "2.4.0"]
        let requests: [(JSONValue, expected: JSONValue)] = [
            // Defaults, every type.
            (request("chat_media_enabled", "boolean"), true),
            (request("new_checkout", "boolean", [:]), false),
            (request("greeting", "string"), "Hello"),
            (request("label", "string", key: nil), "Buy now"),
            (request("retries", "integer", ["platform": "ios"]), 3),
            (request("ratio", "float", key: nil), .double(0.5)),
            (request("paywall", "object", ["appVersion": "1.9.9"]), ["title": "Go Pro", "trialDays": 7]),
            // Platform and version gates.
            (request("retries", "integer", ["platform": "android"]), 5),
            (request("paywall", "object", ["appVersion": "2.0.0"]), ["title": "Go Pro+", "trialDays": 14]),
            (request("paywall", "object", [:]), ["title": "Go Pro", "trialDays": 7]),
            (request("ios_beta", "boolean", ["platform": "ios", "appVersion": "3.0.0"]), true),
            (request("ios_beta", "boolean", ["platform": "ios", "appVersion": "3.0.0-beta.2"]), true),
            (request("ios_beta", "boolean", ["platform": "ios", "appVersion": "3.0.0-beta.1"]), false),
            (request("ios_beta", "boolean", ["platform": "ios", "appVersion": "2.9.9"]), false),
            (request("ios_beta", "boolean", ["platform": "ios"]), false),
            (request("ios_beta", "boolean", ["platform": "android", "appVersion": "3.1.0"]), false),
            (request("android_off", "boolean", ["platform": "android"]), false),
            (request("android_off", "boolean", ["platform": "ios"]), true),
            (request("android_off", "boolean", [:]), true),
            // 100 percent serves everyone, with or without a targeting key; 0 percent nobody.
            (request("everyone_on", "boolean", key: nil), true),
            (request("everyone_on", "boolean"), true),
            (request("dark_launch", "boolean"), false),
        ]
        let counted: [(JSONValue, check: (JSONValue) -> Void)] = [
            (
                request("new_checkout", "boolean", key: "user-", ios24, count: 10000),
                { counts in XCTAssertTrue((900...1100).contains(counts["true"]?.intValue ?? 0), "10%: \(counts)") }
            ),
            (
                request("new_checkout", "boolean", key: "user-", ["platform": "ios"], count: 1000),
                { counts in XCTAssertEqual(counts, ["false": 1000], "no appVersion must be out") }
            ),
            (
                request("new_checkout", "boolean", key: "user-", ["platform": "web", "appVersion": "9.0.0"], count: 1000),
                { counts in XCTAssertEqual(counts, ["false": 1000], "another platform must be out") }
            ),
            (
                request("new_checkout", "boolean", key: "user-", ["platform": "android", "appVersion": "2.3.9"], count: 1000),
                { counts in XCTAssertEqual(counts, ["false": 1000], "an older version must be out") }
            ),
            (
                request("dark_launch", "boolean", key: "user-", count: 2000),
                { counts in XCTAssertEqual(counts, ["false": 2000], "0% must serve nobody") }
            ),
            (
                request("everyone_on", "boolean", key: "user-", count: 2000),
                { counts in XCTAssertEqual(counts, ["true": 2000], "100% must serve everyone") }
            ),
            (
                request("label", "string", key: "user-", count: 10000),
                { counts in XCTAssertTrue((4800...5200).contains(counts["\"Pay now\""]?.intValue ?? 0), "50%: \(counts)") }
            ),
            (
                request("ratio", "float", key: "user-", count: 10000),
                { counts in XCTAssertTrue((1150...1350).contains(counts["1.5"]?.intValue ?? 0), "12.5%: \(counts)") }
            ),
        ]
        let answers = try FlagdUnleashSeeds.runPeer("flagd_eval.py", [url.path], input: .array(requests.map(\.0) + counted.map(\.0)))
        guard let list = answers.arrayValue, list.count == requests.count + counted.count else {
            return XCTFail("unexpected answers: \(answers)")
        }
        for (index, (sent, expected)) in requests.enumerated() {
            XCTAssertEqual(list[index]["value"], expected, "\(sent) -> \(list[index])")
            XCTAssertEqual(list[index]["error"], .null, "\(sent) -> \(list[index])")
        }
        for (index, (_, check)) in counted.enumerated() {
            check(list[requests.count + index]["counts"] ?? .null)
        }
    }
}
