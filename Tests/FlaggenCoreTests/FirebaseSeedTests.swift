@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

/// Checks a Remote Config template against the REST API's documented shape
/// (https://firebase.google.com/docs/reference/remote-config/rest/v1/RemoteConfig) and the
/// condition grammar docs/server-seeds.md says flaggen emits. No offline validator exists, so
/// this is the test's own reading of the documentation; it returns every problem it finds.
enum FirebaseTemplateCheck {
    static func problems(in template: JSONValue) -> [String] {
        var problems: [String] = []
        guard let top = template.objectValue else { return ["the template is not an object"] }
        problems += unknownKeys(top, allowed: ["conditions", "parameters", "parameterGroups", "version", "etag"], at: "template")

        var conditionNames: [String] = []
        for (index, condition) in (top["conditions"]?.arrayValue ?? []).enumerated() {
            guard let fields = condition.objectValue else {
                problems.append("condition \(index) is not an object")
                continue
            }
            problems += unknownKeys(fields, allowed: ["name", "expression", "tagColor"], at: "condition \(index)")
            guard let name = fields["name"]?.stringValue, !name.isEmpty, matches(name, #"^[-_0-9a-zA-Z '!%.]{1,256}$"#) else {
                problems.append("condition \(index) has no valid name")
                continue
            }
            if conditionNames.contains(name) { problems.append("condition name \(name) is not unique") }
            conditionNames.append(name)
            guard let expression = fields["expression"]?.stringValue else {
                problems.append("condition \(name) has no expression")
                continue
            }
            problems += expressionProblems(expression).map { "condition \(name): \($0)" }
        }

        guard let parameters = top["parameters"]?.objectValue else { return problems + ["parameters is not an object"] }
        for (key, parameter) in parameters.sorted(by: { $0.key < $1.key }) {
            if !matches(key, #"^[A-Za-z_][A-Za-z0-9_]{0,255}$"#) { problems.append("parameter key \(key) is not valid") }
            guard let fields = parameter.objectValue else {
                problems.append("parameter \(key) is not an object")
                continue
            }
            problems += unknownKeys(fields, allowed: ["defaultValue", "conditionalValues", "description", "valueType"], at: "parameter \(key)")
            let valueType = fields["valueType"]?.stringValue ?? ""
            if !["STRING", "BOOLEAN", "NUMBER", "JSON"].contains(valueType) { problems.append("parameter \(key) has valueType '\(valueType)'") }
            if let description = fields["description"]?.stringValue, description.utf16.count > 100 {
                problems.append("parameter \(key) has a description longer than 100 characters")
            }
            var values: [(String, JSONValue?)] = [("defaultValue", fields["defaultValue"])]
            for (name, value) in fields["conditionalValues"]?.objectValue ?? [:] {
                if !conditionNames.contains(name) { problems.append("parameter \(key) names the unknown condition \(name)") }
                values.append(("conditionalValues.\(name)", value))
            }
            for (place, value) in values {
                guard let object = value?.objectValue, object.keys.sorted() == ["value"], let text = object["value"]?.stringValue else {
                    problems.append("parameter \(key) \(place) is not {\"value\": string}")
                    continue
                }
                problems += valueProblems(text, type: valueType).map { "parameter \(key) \(place): \($0)" }
            }
        }
        if let version = top["version"] {
            if version.objectValue?.keys.sorted() != ["description"] || (version["description"]?.stringValue?.utf16.count ?? 2000) > 1024 {
                problems.append("version must be {\"description\": at most 1024 characters}")
            }
        }
        return problems
    }

    /// The grammar flaggen emits (docs/server-seeds.md): clauses joined by " && ".
    static func expressionProblems(_ expression: String) -> [String] {
        let clauses = [
            #"^device\.os == '(ios|android)'$"#,
            #"^app\.version\.>=\(\['[0-9]+(\.[0-9]+)*'\]\)$"#,
            #"^app\.customSignal\['rollout_bucket'\] (<|>=) -?[0-9]+$"#,
            #"^percent <= 100$"#,
        ]
        return expression.components(separatedBy: " && ").compactMap { clause in
            clauses.contains { matches(clause, $0) } ? nil : "'\(clause)' is not a clause of the documented grammar"
        }
    }

    static func valueProblems(_ text: String, type: String) -> [String] {
        switch type {
        case "BOOLEAN": return ["true", "false"].contains(text) ? [] : ["'\(text)' is not true or false"]
        case "NUMBER": return matches(text, #"^-?([0-9]*\.)?[0-9]+$"#) ? [] : ["'\(text)' is not a plain decimal number"]
        case "JSON": return (try? JSONParser.parse(text)) == nil ? ["the value is not JSON"] : []
        default: return []
        }
    }

    static func unknownKeys(_ object: [String: JSONValue], allowed: Set<String>, at place: String) -> [String] {
        object.keys.filter { !allowed.contains($0) }.sorted().map { "\(place) has the unknown key \($0)" }
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}

final class FirebaseSeedTests: XCTestCase {
    private func template(_ input: CanonicalSeedTestInput) throws -> JSONValue {
        let text = canonicalSeedOnlyFile(
            FirebaseSeedEmitter().files(for: input.manifest, header: input.header), named: "remoteconfig.template.json")
        return try JSONParser.parse(text)
    }

    private func template(yaml: String) throws -> JSONValue {
        try template(try canonicalSeedTestInput(yaml: yaml))
    }

    // MARK: - Whole templates

    // The whole files for the root and hostile manifests are compared with goldens by
    // GoldenTests, with every other output.

    func testTemplatesHaveTheDocumentedRESTShape() throws {
        for (name, url) in canonicalSeedTestManifests {
            let built = try template(try canonicalSeedTestInput(at: url))
            XCTAssertEqual(FirebaseTemplateCheck.problems(in: built), [], name)
        }
    }

    func testTheShapeCheckFindsBrokenTemplates() throws {
        let broken: JSONValue = [
            "conditions": [["name": "a", "expression": "device.os == 'web' && app.version >= '1.0'"], ["name": "a", "expression": "percent <= 100"]],
            "parameters": [
                "1bad": ["defaultValue": ["value": "yes"], "valueType": "BOOLEAN"],
                "n": ["defaultValue": ["value": "1e5"], "valueType": "NUMBER", "conditionalValues": ["missing": ["value": "1"]]],
                "j": ["defaultValue": ["value": "{"], "valueType": "JSON", "extra": true],
                "s": ["defaultValue": ["value": 3], "valueType": "TEXT"],
            ],
            "$comment": "not allowed",
        ]
        let problems = FirebaseTemplateCheck.problems(in: broken)
        for fragment in [
            "unknown key $comment", "condition name a is not unique", "'device.os == 'web''", "'app.version >= '1.0''", "parameter key 1bad",
            "'yes' is not true or false", "'1e5' is not a plain decimal", "unknown condition missing", "the value is not JSON",
            "parameter j has the unknown key extra", "valueType 'TEXT'", "parameter s defaultValue is not",
        ] {
            XCTAssertTrue(problems.contains { $0.contains(fragment) }, "no problem mentions \(fragment): \(problems)")
        }
    }

    func testRootTemplate() throws {
        let input = try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("flags.yaml"))
        let built = try template(input)
        XCTAssertEqual(
            built["conditions"],
            [
                [
                    "name": "flaggen_rollout_new_checkout",
                    "expression": "app.version.>=(['2.4.0']) && app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 1000",
                ],
                [
                    "name": "flaggen_rollout_checkout_button_label",
                    "expression": "app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 5000",
                ],
                [
                    "name": "flaggen_rollout_home_layout",
                    "expression": "app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 2000",
                ],
            ])
        let parameters = built["parameters"]
        XCTAssertEqual(
            parameters?["new_checkout"],
            [
                "defaultValue": ["value": "false"],
                "conditionalValues": ["flaggen_rollout_new_checkout": ["value": "true"]],
                "description": "Owner: payments; expires 2029-03-01. The redesigned checkout.",
                "valueType": "BOOLEAN",
            ])
        XCTAssertEqual(parameters?["checkout_button_label"]?["valueType"], "STRING")
        XCTAssertEqual(parameters?["checkout_button_label"]?["defaultValue"], ["value": "Buy now"])
        XCTAssertEqual(parameters?["checkout_button_label"]?["conditionalValues"], ["flaggen_rollout_checkout_button_label": ["value": "Pay now"]])
        XCTAssertEqual(parameters?["paywall"]?["valueType"], "JSON")
        XCTAssertEqual(parameters?["paywall"]?["defaultValue"], ["value": #"{"title":"Go Pro","trialDays":7}"#])
        XCTAssertEqual(parameters?["paywall"]?["conditionalValues"], nil)
        // An enum flag is a plain string flag for the server.
        XCTAssertEqual(parameters?["home_layout"]?["valueType"], "STRING")
        XCTAssertEqual(parameters?["home_layout"]?["conditionalValues"], ["flaggen_rollout_home_layout": ["value": "carousel"]])

        let chat = parameters?["chat_media_enabled"]?["description"]?.stringValue ?? ""
        XCTAssertTrue(chat.hasPrefix("Owner: chat; never expires; kill switch. Lets people send photos"), chat)
        XCTAssertTrue(chat.hasSuffix("…"), chat)
        XCTAssertEqual(chat.utf16.count, 100)

        let version = built["version"]?["description"]?.stringValue ?? ""
        XCTAssertEqual(version, input.header.lines.joined(separator: " "))
        XCTAssertTrue(version.hasPrefix(GeneratedHeader.marker))
        XCTAssertEqual(built.objectValue?.keys.sorted(), ["conditions", "parameters", "version"])
    }

    func testHostileValuesAreExactStrings() throws {
        let input = try canonicalSeedTestInput(at: packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml"))
        let parameters = try template(input)["parameters"]
        for flag in input.manifest.flags {
            let text = parameters?[flag.key]?["defaultValue"]?["value"]?.stringValue
            switch flag.defaultValue {
            case .string(let value): XCTAssertEqual(text.map { Array($0.unicodeScalars) }, Array(value.unicodeScalars), flag.key)
            case .int(let value): XCTAssertEqual(text.flatMap { Int($0) }, value, flag.key)
            case .double(let value): XCTAssertEqual(text.flatMap { Double($0) }?.bitPattern, value.bitPattern, flag.key)
            case .bool(let value): XCTAssertEqual(text, value ? "true" : "false", flag.key)
            case .json(let value): XCTAssertEqual(text.flatMap { try? JSONParser.parse($0) }, value, flag.key)
            }
        }
        XCTAssertEqual(parameters?["max_int"]?["defaultValue"]?["value"], "9223372036854775807")
        XCTAssertEqual(parameters?["negative_zero"]?["defaultValue"]?["value"], "-0")
        XCTAssertEqual(parameters?["whole_double"]?["defaultValue"]?["value"], "3")
        XCTAssertEqual(parameters?["huge_double"]?["valueType"], "NUMBER")
        XCTAssertEqual(
            parameters?["control_characters"]?["description"],
            "Owner: core; expires 2029-01-01. A description on several lines, with trailing spaces and a tab.")
        XCTAssertEqual(parameters?["forever"]?["description"], "Owner: core; never expires.")
    }

    // MARK: - Numbers and descriptions

    func testNumbersArePlainDecimalsThatReadBackExactly() {
        XCTAssertEqual(FirebaseSeedNumber.text(3.0), "3")
        XCTAssertEqual(FirebaseSeedNumber.text(-0.0), "-0")
        XCTAssertEqual(FirebaseSeedNumber.text(0.1), "0.1")
        XCTAssertEqual(FirebaseSeedNumber.text(1e-05), "0.00001")
        XCTAssertEqual(FirebaseSeedNumber.text(-1.5e-7), "-0.00000015")
        XCTAssertEqual(FirebaseSeedNumber.text(1e21), "1000000000000000000000")
        XCTAssertEqual(FirebaseSeedNumber.text(123.456), "123.456")
        XCTAssertEqual(FirebaseSeedNumber.text(.leastNonzeroMagnitude), "0." + String(repeating: "0", count: 323) + "5")
        XCTAssertEqual(FirebaseSeedNumber.text(Int.min), "-9223372036854775808")
        var generator = SystemRandomNumberGenerator()
        let samples = [.leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 9_007_199_254_740_994, 0.30000000000000004]
            + (0..<3000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        for value in samples {
            let text = FirebaseSeedNumber.text(value)
            XCTAssertTrue(FirebaseTemplateCheck.matches(text, #"^-?([0-9]*\.)?[0-9]+$"#), text)
            XCTAssertEqual(Double(text)?.bitPattern, value.bitPattern, "\(value) -> \(text)")
        }
    }

    func testDescriptionsAreOneLineAndCutAtCharacters() {
        XCTAssertEqual(FirebaseSeedDescription.oneLine("  a\n\tb\r\n c\u{1} d  "), "a b c d")
        let long = "Owner: x; expires 2029-01-01. " + String(repeating: "ab", count: 30) + "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"
        let cut = FirebaseSeedDescription.truncated(long)
        XCTAssertLessThanOrEqual(cut.utf16.count, 100)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertTrue(long.hasPrefix(String(cut.dropLast())), "only whole characters are kept")
        XCTAssertEqual(FirebaseSeedDescription.truncated("short"), "short")
    }

    // MARK: - Conditions

    func testConditionClauses() throws {
        let built = try template(
            yaml: """
                version: 1
                outputs: {servers: [firebase]}
                flags:
                  ios_only: {type: int, default: 1, owner: a, expires: 2029-01-01, rollout: {percent: 0.01, value: 2, platforms: [ios], minAppVersion: 3.1.4+build.7}}
                  everyone: {type: bool, default: false, owner: a, expires: 2029-01-01, rollout: {percent: 100}}
                  android_all: {type: double, default: 0.5, owner: a, expires: 2029-01-01, rollout: {percent: 100, value: 1.25, platforms: [android]}}
                  nobody: {type: string, default: a, owner: a, expires: 2029-01-01, rollout: {percent: 0, value: b}}
                """)
        XCTAssertEqual(FirebaseTemplateCheck.problems(in: built), [])
        XCTAssertEqual(
            built["conditions"]?.arrayValue?.compactMap { $0["expression"]?.stringValue },
            [
                "device.os == 'ios' && app.version.>=(['3.1.4']) && app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 1",
                "percent <= 100",
                "device.os == 'android'",
                "app.customSignal['rollout_bucket'] >= 0 && app.customSignal['rollout_bucket'] < 0",
            ])
        XCTAssertEqual(built["parameters"]?["android_all"]?["conditionalValues"], ["flaggen_rollout_android_all": ["value": "1.25"]])
        XCTAssertEqual(built["parameters"]?["ios_only"]?["valueType"], "NUMBER")
    }

    func testSignalNamesMatchTheDocumentedContract() {
        XCTAssertEqual(FirebaseSeedEmitter.bucketSignal, "rollout_bucket")
        XCTAssertEqual(FirebaseSeedEmitter.bucketSignalFlagKey, "all")
    }
}
