@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

/// A manifest that covers every flag type and every rollout shape the Unleash seed writes.
/// Firebase cannot take its pre-release `minAppVersion`, so it is left out.
let unleashCoverageManifest = """
    version: 1
    outputs: {servers: [contract, postgres, flagd, unleash]}
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
      old_screen:
        type: bool
        default: false
        owner: mobile
        expires: 2029-03-01
      android_off:
        type: bool
        default: true
        owner: mobile
        kind: permission
        rollout: {percent: 100, platforms: [android], minAppVersion: 5.0.0, value: false}
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
        rollout: {percent: 25, value: 2.0}
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

final class UnleashSeedTests: XCTestCase {
    // MARK: - Helpers

    private func seed(_ yaml: String) throws -> JSONValue {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(yaml)
        return try JSONParser.parse(try FlagdUnleashSeeds.onlyText(UnleashSeedEmitter().files(for: manifest, header: header), named: "unleash.features.json"))
    }

    private func feature(_ name: String, in yaml: String) throws -> JSONValue {
        guard let feature = try seed(yaml)["features"]?.arrayValue?.first(where: { $0["name"] == .string(name) }) else {
            throw FlagdUnleashSeeds.Failure(message: "no feature \(name)")
        }
        return feature
    }

    private func flexibleRollout(_ key: String, _ percent: String, _ stickiness: String, _ constraints: [JSONValue], variants: [JSONValue]? = nil)
        -> JSONValue
    {
        var strategy: [String: JSONValue] = [
            "name": "flexibleRollout",
            "parameters": ["groupId": .string(key), "rollout": .string(percent), "stickiness": .string(stickiness)],
            "constraints": .array(constraints),
        ]
        if let variants { strategy["variants"] = .array(variants) }
        return .object(strategy)
    }

    private func constraint(_ field: String, _ name: String, values: [String]? = nil, value: String? = nil, inverted: Bool = false) -> JSONValue {
        var constraint: [String: JSONValue] = [
            "contextName": .string(field), "operator": .string(name), "inverted": .bool(inverted), "caseInsensitive": false,
        ]
        if let values { constraint["values"] = .array(values.map(JSONValue.string)) }
        if let value { constraint["value"] = .string(value) }
        return .object(constraint)
    }

    private func variant(_ name: String, _ type: String, _ value: String) -> JSONValue {
        ["name": .string(name), "weight": 1000, "weightType": "variable", "stickiness": "default", "payload": ["type": .string(type), "value": .string(value)]]
    }

    // MARK: - Golden and document

    // The root and hostile manifests' seeds are compared with goldens by GoldenTests.

    func testDocumentIsClientFeaturesVersionTwoInManifestOrder() throws {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(unleashCoverageManifest)
        let text = try FlagdUnleashSeeds.onlyText(UnleashSeedEmitter().files(for: manifest, header: header), named: "unleash.features.json")
        let document = try JSONParser.parse(text)
        XCTAssertEqual(document["version"], 2)
        XCTAssertEqual(document["$comment"], .string(header.lines.joined(separator: " ")))
        XCTAssertEqual(GeneratedFileOwner.header(start: Array(text.utf8), end: Array(text.utf8), path: "unleash.features.json")?.manifest, header.manifestName)
        XCTAssertEqual(document["features"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, manifest.flags.map(\.key))
        XCTAssertEqual(UnleashSeedEmitter().files(for: manifest, header: header), UnleashSeedEmitter().files(for: manifest, header: header))
        XCTAssertEqual(try seed("version: 1\nflags: {}\n")["features"], [])
    }

    func testTypesAndDescriptions() throws {
        let yaml = unleashCoverageManifest
        XCTAssertEqual(try feature("new_checkout", in: yaml)["type"], "release")
        XCTAssertEqual(try feature("chat_media_enabled", in: yaml)["type"], "kill-switch")
        XCTAssertEqual(try feature("android_off", in: yaml)["type"], "permission")
        XCTAssertEqual(try feature("label", in: yaml)["type"], "experiment")
        XCTAssertEqual(
            try feature("new_checkout", in: yaml)["description"],
            "The redesigned checkout. Owner: payments. Expires: 2029-03-01. Rollout buckets come from Unleash's MurmurHash3 of groupId:userId, not flaggen's SHA-256 buckets."
        )
        XCTAssertEqual(try feature("chat_media_enabled", in: yaml)["description"], "Owner: chat.")
        XCTAssertEqual(try feature("new_checkout", in: yaml)["project"], "default")
        XCTAssertEqual(try feature("new_checkout", in: yaml)["variants"], [])
    }

    // MARK: - Bool flags

    func testBoolDefaultsWithoutRollout() throws {
        let on = try feature("chat_media_enabled", in: unleashCoverageManifest)
        XCTAssertEqual(on["enabled"], true)
        XCTAssertEqual(on["strategies"], [flexibleRollout("chat_media_enabled", "100", "default", [])])
        let off = try feature("old_screen", in: unleashCoverageManifest)
        XCTAssertEqual(off["enabled"], false)
        XCTAssertEqual(off["strategies"], [])
    }

    func testMinimumVersionIsTwoStrategiesEqualOrGreater() throws {
        let checkout = try feature("new_checkout", in: unleashCoverageManifest)
        XCTAssertEqual(checkout["enabled"], true)
        let platform = constraint("platform", "IN", values: ["ios", "android"])
        XCTAssertEqual(
            checkout["strategies"],
            [
                flexibleRollout("new_checkout", "10", "userId", [platform, constraint("appVersion", "SEMVER_EQ", value: "2.4.0")]),
                flexibleRollout("new_checkout", "10", "userId", [platform, constraint("appVersion", "SEMVER_GT", value: "2.4.0")]),
            ])
        // No inverted constraint in a rule that serves the rollout: inverted constraints also
        // hold for requests that lack the field.
        for strategy in checkout["strategies"]?.arrayValue ?? [] {
            for constraint in strategy["constraints"]?.arrayValue ?? [] { XCTAssertEqual(constraint["inverted"], false) }
        }
    }

    func testFullAndEmptyRolloutsUseDefaultStickinessAndDropBuildMetadata() throws {
        let ios = constraint("platform", "IN", values: ["ios"])
        XCTAssertEqual(
            try feature("ios_beta", in: unleashCoverageManifest)["strategies"],
            [
                flexibleRollout("ios_beta", "100", "default", [ios, constraint("appVersion", "SEMVER_EQ", value: "3.0.0-beta.2")]),
                flexibleRollout("ios_beta", "100", "default", [ios, constraint("appVersion", "SEMVER_GT", value: "3.0.0-beta.2")]),
            ])
        XCTAssertEqual(try feature("dark_launch", in: unleashCoverageManifest)["strategies"], [flexibleRollout("dark_launch", "0", "default", [])])
        XCTAssertEqual(try feature("everyone_on", in: unleashCoverageManifest)["strategies"], [flexibleRollout("everyone_on", "100", "default", [])])
    }

    func testFullRolloutThatTurnsADefaultOnFlagOffEnablesEveryoneElse() throws {
        let androidOff = try feature("android_off", in: unleashCoverageManifest)
        XCTAssertEqual(androidOff["enabled"], true)
        XCTAssertEqual(
            androidOff["strategies"],
            [
                flexibleRollout("android_off", "100", "default", [constraint("platform", "NOT_IN", values: ["android"])]),
                flexibleRollout(
                    "android_off", "100", "default",
                    [
                        constraint("appVersion", "SEMVER_EQ", value: "5.0.0", inverted: true),
                        constraint("appVersion", "SEMVER_GT", value: "5.0.0", inverted: true),
                    ]),
            ])
        let everyoneOff = try feature("x", in: manifestWithOneFlag("type: bool\ndefault: true\nrollout: {percent: 100, value: false}"))
        XCTAssertEqual(everyoneOff["enabled"], false)
        XCTAssertEqual(everyoneOff["strategies"], [])
        let noOp = try feature("x", in: manifestWithOneFlag("type: bool\ndefault: true\nrollout: {percent: 0, value: false}"))
        XCTAssertEqual(noOp["enabled"], true)
        XCTAssertEqual(noOp["strategies"], [flexibleRollout("x", "100", "default", [])])
        let same = try feature("x", in: manifestWithOneFlag("type: bool\ndefault: false\nrollout: {percent: 12.5, value: false}"))
        XCTAssertEqual(same["enabled"], false, "a rollout that serves the default changes nothing")
    }

    // MARK: - Non-bool flags

    func testNonBoolFlagsServeTypedPayloadsFromStrategyVariants() throws {
        let yaml = unleashCoverageManifest
        let greeting = try feature("greeting", in: yaml)
        XCTAssertEqual(greeting["enabled"], true)
        XCTAssertEqual(greeting["strategies"], [flexibleRollout("greeting", "100", "default", [], variants: [variant("default", "string", "Hello")])])
        XCTAssertEqual(
            try feature("label", in: yaml)["strategies"],
            [
                flexibleRollout("label", "50", "userId", [], variants: [variant("rollout", "string", "Pay now")]),
                flexibleRollout("label", "100", "default", [], variants: [variant("default", "string", "Buy now")]),
            ])
        XCTAssertEqual(
            try feature("retries", in: yaml)["strategies"],
            [
                flexibleRollout("retries", "100", "default", [constraint("platform", "IN", values: ["android"])], variants: [variant("rollout", "number", "5")]),
                flexibleRollout("retries", "100", "default", [], variants: [variant("default", "number", "3")]),
            ])
        let ratio = try feature("ratio", in: yaml)["strategies"]
        XCTAssertEqual(ratio?[0]?["variants"], [variant("rollout", "number", "2.0")])
        XCTAssertEqual(ratio?[1]?["variants"], [variant("default", "number", "0.5")])
        let paywall = try feature("paywall", in: yaml)["strategies"]
        XCTAssertEqual(paywall?[0]?["variants"], [variant("rollout", "json", #"{"title":"Go Pro+","trialDays":14}"#)])
        XCTAssertEqual(paywall?[1]?["variants"], [variant("rollout", "json", #"{"title":"Go Pro+","trialDays":14}"#)])
        XCTAssertEqual(paywall?[2]?["variants"], [variant("default", "json", #"{"title":"Go Pro","trialDays":7}"#)])
    }

    /// A manifest with one flag `x`; `body` holds its type, default and rollout lines.
    private func manifestWithOneFlag(_ body: String) -> String {
        "version: 1\nflags:\n  x:\n    owner: team\n    expires: 2029-03-01\n"
            + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    // MARK: - Real peer

    func testRealUnleashSDKEvaluatesTheSeed() throws {
        let (manifest, header) = try FlagdUnleashSeeds.manifest(unleashCoverageManifest)
        let text = try FlagdUnleashSeeds.onlyText(UnleashSeedEmitter().files(for: manifest, header: header), named: "unleash.features.json")
        let url = try FlagdUnleashSeeds.temporaryFile(text, named: "unleash.features.json")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

        func enabled(_ flag: String, _ context: JSONValue = [:], count: Int? = nil) -> JSONValue {
            var request: [String: JSONValue] = ["flag": .string(flag), "method": "is_enabled", "context": context]
            if let count { request["count"] = .int(count) }
            return .object(request)
        }
        func variant(_ flag: String, _ context: JSONValue = [:], count: Int? = nil) -> JSONValue {
            var request: [String: JSONValue] = ["flag": .string(flag), "method": "get_variant", "context": context]
            if let count { request["count"] = .int(count) }
            return .object(request)
        }
        func payload(_ type: String, _ value: String) -> JSONValue { ["type": .string(type), "value": .string(value)] }
        let user: JSONValue = "acct-42"
        let checks: [(JSONValue, check: (JSONValue) -> Void)] = [
            // Bool defaults.
            (enabled("chat_media_enabled"), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("old_screen"), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("new_checkout", ["userId": user]), { XCTAssertEqual($0["enabled"], false) }),
            // Platform and version gates; a request without appVersion is out.
            (enabled("ios_beta", ["userId": user, "platform": "ios", "appVersion": "3.0.0"]), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("ios_beta", ["userId": user, "platform": "ios", "appVersion": "3.0.0-beta.2"]), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("ios_beta", ["userId": user, "platform": "ios", "appVersion": "3.0.0-beta.1"]), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("ios_beta", ["userId": user, "platform": "ios", "appVersion": "2.9.9"]), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("ios_beta", ["userId": user, "platform": "ios"]), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("ios_beta", ["userId": user, "platform": "android", "appVersion": "3.1.0"]), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("android_off", ["platform": "android", "appVersion": "5.0.0"]), { XCTAssertEqual($0["enabled"], false) }),
            (enabled("android_off", ["platform": "android", "appVersion": "4.9.0"]), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("android_off", ["platform": "android"]), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("android_off", ["platform": "ios", "appVersion": "5.0.0"]), { XCTAssertEqual($0["enabled"], true) }),
            // 100 percent serves everyone, with or without a userId; 0 percent nobody.
            (enabled("everyone_on"), { XCTAssertEqual($0["enabled"], true) }),
            (enabled("everyone_on", ["userId": "user-"], count: 2000), { XCTAssertEqual($0["counts"], ["true": 2000]) }),
            (enabled("dark_launch", ["userId": "user-"], count: 2000), { XCTAssertEqual($0["counts"], ["false": 2000]) }),
            // A 10 percent rollout lands near 10 percent, the same users for 2.4.0 and later.
            (
                enabled("new_checkout", ["userId": "user-", "platform": "ios", "appVersion": "2.4.0"], count: 10000),
                { XCTAssertTrue((900...1100).contains($0["counts"]?["true"]?.intValue ?? 0), "10%: \($0)") }
            ),
            (
                enabled("new_checkout", ["userId": "user-", "platform": "android", "appVersion": "2.10.0"], count: 10000),
                { XCTAssertTrue((900...1100).contains($0["counts"]?["true"]?.intValue ?? 0), "10%: \($0)") }
            ),
            (enabled("new_checkout", ["userId": "user-", "platform": "ios"], count: 2000), { XCTAssertEqual($0["counts"], ["false": 2000], "no appVersion") }),
            (
                enabled("new_checkout", ["userId": "user-", "platform": "web", "appVersion": "9.0.0"], count: 2000),
                { XCTAssertEqual($0["counts"], ["false": 2000], "another platform") }
            ),
            (
                enabled("new_checkout", ["userId": "user-", "platform": "ios", "appVersion": "2.3.9"], count: 2000),
                { XCTAssertEqual($0["counts"], ["false": 2000], "an older version") }
            ),
            (enabled("new_checkout", ["platform": "ios", "appVersion": "2.4.0"]), { XCTAssertEqual($0["enabled"], false, "no userId") }),
            // Typed payloads.
            (variant("greeting"), { XCTAssertEqual($0["variant"]?["payload"], payload("string", "Hello")) }),
            (variant("label"), { XCTAssertEqual($0["variant"]?["payload"], payload("string", "Buy now"), "no userId") }),
            (
                variant("label", ["userId": "user-"], count: 10000),
                { XCTAssertTrue((4800...5200).contains($0["counts"]?["rollout"]?.intValue ?? 0), "50%: \($0)") }
            ),
            (variant("retries", ["platform": "android"]), { XCTAssertEqual($0["variant"]?["payload"], payload("number", "5")) }),
            (variant("retries", ["platform": "ios"]), { XCTAssertEqual($0["variant"]?["payload"], payload("number", "3")) }),
            (variant("ratio"), { XCTAssertEqual($0["variant"]?["payload"], payload("number", "0.5")) }),
            (
                variant("ratio", ["userId": "user-"], count: 10000),
                { XCTAssertTrue((2300...2700).contains($0["counts"]?["rollout"]?.intValue ?? 0), "25%: \($0)") }
            ),
            (variant("paywall", ["appVersion": "2.0.0"]), { XCTAssertEqual($0["variant"]?["payload"], payload("json", #"{"title":"Go Pro+","trialDays":14}"#)) }),
            (variant("paywall", [:]), { XCTAssertEqual($0["variant"]?["payload"], payload("json", #"{"title":"Go Pro","trialDays":7}"#)) }),
            (variant("chat_media_enabled"), { XCTAssertEqual($0["variant"]?["name"], "disabled", "bool flags carry no payload") }),
        ]
        let answers = try FlagdUnleashSeeds.runPeer("unleash_eval.py", [url.path], input: .array(checks.map(\.0)))
        guard let list = answers.arrayValue, list.count == checks.count + 1 else { return XCTFail("unexpected answers: \(answers)") }
        for (index, (_, check)) in checks.enumerated() { check(list[index]) }
        // The SDK loaded every feature from the file.
        XCTAssertEqual(list.last?["known"], .array(manifest.flags.map(\.key).sorted().map(JSONValue.string)))
    }
}
