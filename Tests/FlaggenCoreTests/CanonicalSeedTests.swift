import FlagKit
@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

// MARK: - Helpers shared by the seed tests

/// A manifest file and the header its outputs carry.
struct CanonicalSeedTestInput {
    var manifest: Manifest
    var header: GeneratedHeader
}

/// Reads and validates a manifest file for the seed tests.
func canonicalSeedTestInput(at url: URL) throws -> CanonicalSeedTestInput {
    let bytes = Array(try Data(contentsOf: url))
    let result = ManifestValidator().validate(bytes, file: url.lastPathComponent)
    guard let manifest = result.manifest else {
        throw CanonicalSeedTestError("\(url.path) is not valid:\n" + result.diagnostics.map(\.formatted).joined(separator: "\n"))
    }
    return CanonicalSeedTestInput(manifest: manifest, header: GeneratedHeader(manifestName: url.lastPathComponent))
}

/// Validates manifest text as `flags.yaml` for the seed tests.
func canonicalSeedTestInput(yaml: String) throws -> CanonicalSeedTestInput {
    let result = validate(yaml)
    guard let manifest = result.manifest else {
        throw CanonicalSeedTestError("the manifest is not valid:\n" + result.diagnostics.map(\.formatted).joined(separator: "\n"))
    }
    return CanonicalSeedTestInput(manifest: manifest, header: GeneratedHeader(manifestName: "flags.yaml"))
}

/// The root manifest and the hostile fixture.
let canonicalSeedTestManifests: [(name: String, url: URL)] = [
    ("root", packageRoot.appendingPathComponent("flags.yaml")),
    ("hostile", packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml")),
]

/// The text of the only file an emitter produced.
func canonicalSeedOnlyFile(_ files: [GeneratedFile], named name: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    XCTAssertEqual(files.map(\.path), [name], file: file, line: line)
    return String(decoding: files.first?.contents ?? [], as: UTF8.self)
}

struct CanonicalSeedTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - A reference evaluator, written from the seed's own words

/// Evaluates a flag the way `flags.seed.json` tells a server to, reading only the seed.
struct CanonicalSeedEvaluator {
    var seed: JSONValue

    /// The bucket as the seed defines it, computed with FlagKit's SHA-256 and the count and
    /// input form the seed states.
    func bucket(flagKey: String, stableID: String) -> Int {
        let count = seed["evaluation"]?["bucket"]?["count"]?.intValue ?? 0
        let digest = SHA256.hash((flagKey + ":" + stableID).utf8)
        let prefix = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int(prefix % UInt32(count))
    }

    /// The value a flag serves to one app: the first matching rule's value, else the default.
    func value(of key: String, stableID: String, platform: String, appVersion: String) -> JSONValue? {
        guard let flag = seed["flags"]?.arrayValue?.first(where: { $0["key"]?.stringValue == key }) else { return nil }
        for rule in flag["rules"]?.arrayValue ?? [] {
            let platforms = rule["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard platforms.contains(platform) else { continue }
            if let minimum = rule["minAppVersion"]?.stringValue, !Self.version(appVersion, atLeast: minimum) { continue }
            guard let basisPoints = rule["basisPoints"]?.intValue, bucket(flagKey: key, stableID: stableID) < basisPoints else { continue }
            return rule["value"]
        }
        return flag["default"]
    }

    /// Release versions only (what these tests use): MAJOR.MINOR.PATCH compared as numbers.
    static func version(_ version: String, atLeast minimum: String) -> Bool {
        let parts = { (text: String) in text.split(separator: ".").compactMap { Int($0) } }
        return parts(version).lexicographicallyPrecedes(parts(minimum)) == false
    }
}

// MARK: - Tests

final class CanonicalSeedTests: XCTestCase {
    private func seed(_ input: CanonicalSeedTestInput) throws -> (text: String, json: JSONValue) {
        let text = canonicalSeedOnlyFile(CanonicalSeedEmitter().files(for: input.manifest, header: input.header), named: "flags.seed.json")
        return (text, try JSONParser.parse(text))
    }

    // The whole files for the root and hostile manifests are compared with goldens by
    // GoldenTests, with every other output.

    func testHeaderIsInTheCommentKey() throws {
        let input = try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("flags.yaml"))
        let (text, json) = try seed(input)
        XCTAssertEqual(json["$comment"]?.stringValue, input.header.lines.joined(separator: " "))
        XCTAssertEqual(GeneratedFileOwner.header(start: Array(text.utf8), end: Array(text.utf8), path: "flags.seed.json")?.manifest, input.header.manifestName)
        XCTAssertTrue(text.hasSuffix("}\n"))
    }

    func testFlagCarriesEveryContractField() throws {
        let (_, json) = try seed(try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("flags.yaml")))
        let flags = json["flags"]?.arrayValue ?? []
        XCTAssertEqual(flags.compactMap { $0["key"]?.stringValue }, ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"])
        let checkout = flags[0]
        XCTAssertEqual(checkout["type"], "bool")
        XCTAssertEqual(checkout["default"], false)
        XCTAssertEqual(checkout["killSwitch"], false)
        XCTAssertEqual(checkout["owner"], "payments")
        XCTAssertEqual(checkout["expires"], "2029-03-01")
        XCTAssertEqual(checkout["kind"], "release")
        XCTAssertEqual(checkout["description"], "The redesigned checkout.")
        XCTAssertEqual(checkout["config"], .null)
        XCTAssertEqual(
            checkout["rules"],
            [["platforms": ["ios", "android"], "minAppVersion": "2.4.0", "basisPoints": 1000, "value": true]])

        let chat = flags[1]
        XCTAssertEqual(chat["killSwitch"], true)
        XCTAssertEqual(chat["expires"], .null)
        XCTAssertEqual(chat["kind"], "operational")
        XCTAssertEqual(chat["rules"], [])

        let label = flags[2]
        XCTAssertEqual(label["rules"]?[0]?["platforms"], ["ios", "android"], "no platforms in the manifest means every platform")
        XCTAssertEqual(label["rules"]?[0]?["minAppVersion"], .null)
        XCTAssertEqual(label["rules"]?[0]?["basisPoints"], 5000)
        XCTAssertEqual(label["rules"]?[0]?["value"], "Pay now")

        let paywall = flags[3]
        XCTAssertEqual(paywall["config"], ["name": "PaywallConfig", "version": 1])
        XCTAssertEqual(paywall["default"], ["title": "Go Pro", "trialDays": 7])
        XCTAssertEqual(json["retired"], ["old_home_banner"])
    }

    func testSeedStatesTheBucketDefinitionAndItsExample() throws {
        let (_, json) = try seed(try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("flags.yaml")))
        let bucket = json["evaluation"]?["bucket"]
        XCTAssertEqual(bucket?["hash"], "SHA-256")
        XCTAssertEqual(bucket?["count"], 10000)
        XCTAssertEqual(bucket?["example"], ["flagKey": "new_checkout", "stableId": "acct-42", "bucket": 1500])
        XCTAssertEqual(json["formatVersion"], 1)
    }

    /// A server written from the seed alone evaluates exactly as FlagKit's Bucket does.
    func testAServerFollowingTheSeedEvaluatesLikeFlagKit() throws {
        let (_, json) = try seed(try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("flags.yaml")))
        let server = CanonicalSeedEvaluator(seed: json)

        XCTAssertEqual(server.bucket(flagKey: "new_checkout", stableID: "acct-42"), 1500)
        XCTAssertEqual(server.bucket(flagKey: "new_checkout", stableID: "acct-42"), Bucket.of(stableID: "acct-42", flagKey: "new_checkout"))
        // Bucket 1500 is not below 1000: acct-42 is out of the 10 percent rollout.
        XCTAssertEqual(server.value(of: "new_checkout", stableID: "acct-42", platform: "ios", appVersion: "2.4.0"), false)

        var inRollout = 0
        for index in 0..<10_000 {
            let id = "acct-\(index)"
            XCTAssertEqual(server.bucket(flagKey: "new_checkout", stableID: id), Bucket.of(stableID: id, flagKey: "new_checkout"))
            let served = server.value(of: "new_checkout", stableID: id, platform: "android", appVersion: "3.0.0")
            XCTAssertEqual(served == true, Bucket.isIn(stableID: id, flagKey: "new_checkout", basisPoints: 1000))
            if served == true { inRollout += 1 }
        }
        XCTAssertTrue((900...1100).contains(inRollout), "about 10 percent expected, got \(inRollout) of 10000")

        // Below minAppVersion nobody is in; a rule without platforms serves every platform.
        let inID = (0..<10_000).map { "acct-\($0)" }.first { Bucket.isIn(stableID: $0, flagKey: "new_checkout", basisPoints: 1000) } ?? ""
        XCTAssertEqual(server.value(of: "new_checkout", stableID: inID, platform: "ios", appVersion: "2.4.0"), true)
        XCTAssertEqual(server.value(of: "new_checkout", stableID: inID, platform: "ios", appVersion: "2.3.9"), false)
        let labelID = (0..<100).map { "acct-\($0)" }.first { Bucket.isIn(stableID: $0, flagKey: "checkout_button_label", basisPoints: 5000) } ?? ""
        XCTAssertEqual(server.value(of: "checkout_button_label", stableID: labelID, platform: "android", appVersion: "1.0.0"), "Pay now")
    }

    func testHostileValuesReadBackExactly() throws {
        let input = try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml"))
        let (_, json) = try seed(input)
        let flags = json["flags"]?.arrayValue ?? []
        XCTAssertEqual(flags.count, input.manifest.flags.count)
        for (flag, written) in zip(input.manifest.flags, flags) {
            XCTAssertEqual(written["key"]?.stringValue, flag.key)
            XCTAssertEqual(written["owner"]?.stringValue, flag.owner)
            XCTAssertEqual(written["description"]?.stringValue, flag.description)
            switch flag.defaultValue {
            case .string(let text): XCTAssertEqual(written["default"]?.stringValue.map { Array($0.unicodeScalars) }, Array(text.unicodeScalars))
            case .int(let number): XCTAssertEqual(written["default"]?.intValue, number)
            case .double(let number):
                XCTAssertEqual(written["default"]?.doubleValue?.bitPattern, number.bitPattern, "\(flag.key)")
            case .bool(let on): XCTAssertEqual(written["default"]?.boolValue, on)
            case .json(let document): XCTAssertEqual(written["default"], document)
            }
        }
    }

    func testFlagsKeepManifestOrderAndAnEmptyManifestHasNoFlags() throws {
        let input = try canonicalSeedTestInput(
            yaml: """
                version: 1
                outputs: {servers: [contract]}
                flags:
                  zeta: {type: int, default: 1, owner: a, expires: 2029-01-01, rollout: {percent: 12.5, value: 2, platforms: [android]}}
                  alpha: {type: double, default: 0.5, owner: b, expires: 2029-01-01}
                """)
        let (_, json) = try seed(input)
        XCTAssertEqual(json["flags"]?.arrayValue?.compactMap { $0["key"]?.stringValue }, ["zeta", "alpha"])
        XCTAssertEqual(json["flags"]?[0]?["rules"], [["platforms": ["android"], "minAppVersion": .null, "basisPoints": 1250, "value": 2]])
        XCTAssertEqual(json["flags"]?[1]?["default"], 0.5)

        let (_, empty) = try seed(try canonicalSeedTestInput(yaml: "version: 1\nflags: {}\n"))
        XCTAssertEqual(empty["flags"], [])
        XCTAssertEqual(empty["retired"], [])
    }
}
