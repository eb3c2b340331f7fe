import FlaggenJSON
import Foundation
import XCTest

@testable import FlaggenCore

// MARK: - Support

/// The schemas generated from one manifest.
private struct EmittedSchemas {
    var manifest: Manifest
    var header: GeneratedHeader
    var files: [GeneratedFile]

    /// The file names, in emission order.
    var names: [String] { files.map(\.path) }

    /// A file's text.
    func text(_ name: String) throws -> String {
        guard let file = files.first(where: { $0.path == name }) else { throw SchemaTestError("no file \(name) among \(names)") }
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// A file parsed back as JSON.
    func json(_ name: String) throws -> JSONValue { try JSONParser.parse(try text(name)) }
}

private struct SchemaTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private let rootManifest = packageRoot.appendingPathComponent("flags.yaml")
private let hostileManifest = packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml")
private let manifestSchema = packageRoot.appendingPathComponent("Schemas/flags-manifest.schema.json")

private func temporaryFolder(_ purpose: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private func validatedManifest(_ bytes: [UInt8], name: String) throws -> Manifest {
    let result = ManifestValidator().validate(bytes, file: name)
    guard let manifest = result.manifest else {
        throw SchemaTestError("\(name) is not valid:\n" + result.diagnostics.map(\.formatted).joined(separator: "\n"))
    }
    return manifest
}

private func emitSchemas(at url: URL) throws -> EmittedSchemas {
    let bytes = Array(try Data(contentsOf: url))
    let manifest = try validatedManifest(bytes, name: url.lastPathComponent)
    let header = GeneratedHeader(manifestName: url.lastPathComponent)
    return EmittedSchemas(manifest: manifest, header: header, files: JSONSchemaEmitter().files(for: manifest, header: header))
}

private func emitSchemas(yaml: String) throws -> EmittedSchemas {
    let bytes = Array(yaml.utf8)
    let manifest = try validatedManifest(bytes, name: "flags.yaml")
    let header = GeneratedHeader(manifestName: "flags.yaml")
    return EmittedSchemas(manifest: manifest, header: header, files: JSONSchemaEmitter().files(for: manifest, header: header))
}

/// A YAML manifest as the JSON an editor's YAML language server sees (YAML 1.2 core schema),
/// built from flaggen's own parser so the tests need no YAML library in Python.
private func manifestJSON(_ yaml: [UInt8]) throws -> JSONValue {
    let document = YAMLParser().parse(yaml)
    guard document.problems.isEmpty, let root = document.root else {
        throw SchemaTestError("the YAML does not parse: \(document.problems.map(\.message))")
    }
    return try json(of: root)
}

private func json(of node: YAMLNode) throws -> JSONValue {
    switch node {
    case .sequence(let items, _):
        return .array(try items.map(json(of:)))
    case .mapping(let entries, _):
        var object: [String: JSONValue] = [:]
        for entry in entries { object[entry.key.text] = try json(of: entry.value) }
        return .object(object)
    case .scalar(let scalar):
        guard scalar.isPlain else { return .string(scalar.text) }
        switch PlainScalar.resolve(scalar.text) {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value?): return .int(value)
        case .double(let value) where value.isFinite: return .double(value)
        case .string: return .string(scalar.text)
        case .int(nil), .double: throw SchemaTestError("\(scalar.location): '\(scalar.text)' has no JSON form")
        }
    }
}

extension JSONValue {
    /// The object with `key` set to `value` (or removed when `value` is nil).
    fileprivate func with(_ key: String, _ value: JSONValue?) -> JSONValue {
        var members = objectValue ?? [:]
        members[key] = value
        return .object(members)
    }

    /// The value at a path of object keys and array indices.
    fileprivate func at(_ path: [Any]) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            if let key = step as? String { current = current?[key] } else if let index = step as? Int { current = current?[index] }
        }
        return current
    }
}

/// One document to validate with the real validator, and what it must give.
private struct SchemaCase {
    var name: String
    /// The schema's URI: a file's `$id` (or the file name), optionally with a JSON Pointer.
    var schema: String
    var instance: JSONValue
    /// Nil when the document must be valid; otherwise a fragment of the expected error.
    var rejectedWith: String?

    static func valid(_ name: String, _ schema: String, _ instance: JSONValue) -> SchemaCase {
        SchemaCase(name: name, schema: schema, instance: instance, rejectedWith: nil)
    }

    static func invalid(_ name: String, _ schema: String, _ instance: JSONValue, _ error: String) -> SchemaCase {
        SchemaCase(name: name, schema: schema, instance: instance, rejectedWith: error)
    }
}

/// Runs Tests/Peers/validate_schemas.py (Python `jsonschema` and `referencing`) and asserts
/// that every schema passes its metaschema check with `validator` and every case comes out
/// as expected. Returns the report.
@discardableResult
private func assertWithJSONSchemaPeer(
    generated: [GeneratedFile] = [], committed: [URL] = [], validator: String, cases: [SchemaCase], file: StaticString = #filePath,
    line: UInt = #line
) throws -> JSONValue {
    let python = try peerPython()
    let folder = try temporaryFolder("schema-job")
    defer { try? FileManager.default.removeItem(at: folder) }
    var schemas = committed
    for generatedFile in generated {
        let url = folder.appendingPathComponent(generatedFile.path)
        try Data(generatedFile.contents).write(to: url)
        schemas.append(url)
    }
    var names = Set<String>()
    for schemaCase in cases {
        XCTAssertTrue(names.insert(schemaCase.name).inserted, "case \(schemaCase.name) twice", file: file, line: line)
    }
    let job: JSONValue = .object([
        "schemas": .array(schemas.map { .string($0.path) }),
        "cases": .array(cases.map { .object(["name": .string($0.name), "schema": .string($0.schema), "instance": $0.instance]) }),
    ])
    let jobURL = folder.appendingPathComponent("job.json")
    try Data(try JSONWriter(trailingNewline: true).string(for: job).utf8).write(to: jobURL)
    let output = try runProcess(python, [peerScripts.appendingPathComponent("validate_schemas.py").path, jobURL.path])
    XCTAssertEqual(output.status, 0, output.stderr, file: file, line: line)
    let report = try JSONParser.parse(output.stdout)

    XCTAssertEqual(report["schemas"]?.objectValue?.count, schemas.count, file: file, line: line)
    for (uri, result) in report["schemas"]?.objectValue ?? [:] {
        XCTAssertEqual(result["validator"], .string(validator), "\(uri) was checked with the wrong metaschema", file: file, line: line)
        XCTAssertEqual(result["metaschemaErrors"], .array([]), "\(uri) is not a valid schema", file: file, line: line)
    }
    for schemaCase in cases {
        guard let result = report["cases"]?[schemaCase.name] else {
            XCTFail("no result for case \(schemaCase.name)", file: file, line: line)
            continue
        }
        let errors = result["errors"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let expected = schemaCase.rejectedWith {
            XCTAssertEqual(result["valid"], false, "\(schemaCase.name) should be rejected by \(schemaCase.schema)", file: file, line: line)
            XCTAssertTrue(
                errors.contains { $0.contains(expected) }, "\(schemaCase.name): no error contains '\(expected)': \(errors)", file: file,
                line: line)
        } else {
            XCTAssertEqual(
                result["valid"], true, "\(schemaCase.name) should be valid against \(schemaCase.schema): \(errors)", file: file, line: line)
        }
    }
    return report
}

/// Cases every manifest gets: each json flag's default and rollout value against its config,
/// each property default against its property, and the defaults and rollout values as an
/// evaluation response.
private func valueCases(_ emitted: EmittedSchemas) -> [SchemaCase] {
    let response = JSONSchemaEmitter.evaluationResponseFileName
    var cases: [SchemaCase] = []
    var defaults: [String: JSONValue] = [:]
    var rolloutValues: [String: JSONValue] = [:]
    for flag in emitted.manifest.flags {
        defaults[flag.key] = jsonValue(flag.defaultValue)
        if let rollout = flag.rollout { rolloutValues[flag.key] = jsonValue(rollout.value) }
        guard let config = flag.configName else { continue }
        let schema = JSONSchemaEmitter.fileName(forConfig: config)
        cases.append(.valid("default of \(flag.key)", schema, jsonValue(flag.defaultValue)))
        if let rollout = flag.rollout { cases.append(.valid("rollout value of \(flag.key)", schema, jsonValue(rollout.value))) }
    }
    for config in emitted.manifest.configs {
        for property in config.properties {
            guard let value = property.defaultValue else { continue }
            let pointer = "\(JSONSchemaEmitter.fileName(forConfig: config.name))#/properties/\(property.name)"
            cases.append(.valid("default of \(config.name).\(property.name)", pointer, value))
        }
    }
    cases.append(.valid("response with the defaults", response, ["version": "defaults", "flags": .object(defaults)]))
    cases.append(.valid("response with the rollout values", response, ["version": "rollout", "flags": .object(rolloutValues)]))
    cases.append(.valid("empty response", response, ["version": "0", "flags": [:]]))
    cases.append(
        .valid(
            "unknown flag keys are accepted", response,
            ["version": "1", "flags": .object(defaults.merging(["brand_new_flag": "x", "Odd-Key": [1]]) { a, _ in a })]))
    cases.append(.invalid("response without version", response, ["flags": .object(defaults)], "'version' is a required property"))
    cases.append(.invalid("response without flags", response, ["version": "1"], "'flags' is a required property"))
    cases.append(.invalid("response version is a number", response, ["version": 7, "flags": [:]], "is not of type 'string'"))
    return cases
}

private func jsonValue(_ value: ManifestValue) -> JSONValue {
    switch value {
    case .bool(let value): .bool(value)
    case .string(let value): .string(value)
    case .int(let value): .int(value)
    case .double(let value): .double(value)
    case .json(let value): value
    }
}

// MARK: - Generated schemas

final class JSONSchemaEmitterTests: XCTestCase {
    // MARK: Files and document keywords

    func testOneSchemaPerConfigInManifestOrderThenTheEvaluationResponse() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags: {}
                configs:
                  Zeta: {properties: {}}
                  Alpha: {properties: {}}
                """)
        XCTAssertEqual(emitted.names, ["Zeta.schema.json", "Alpha.schema.json", "evaluation-response.schema.json"])
        XCTAssertEqual(
            try emitSchemas(at: rootManifest).names, ["PaywallConfig.schema.json", "Plan.schema.json", "evaluation-response.schema.json"])
    }

    func testEveryFileCarriesTheDialectItsFileNameAsIdAndTheHeader() throws {
        let emitted = try emitSchemas(at: rootManifest)
        for name in emitted.names {
            let schema = try emitted.json(name)
            XCTAssertEqual(schema["$schema"], "https://json-schema.org/draft/2020-12/schema", name)
            XCTAssertEqual(schema["$id"], .string(name), name)
            XCTAssertEqual(schema["$comment"], .string(emitted.header.lines.joined(separator: " ")), name)
            let bytes = Array(try emitted.text(name).utf8)
            XCTAssertEqual(GeneratedFileOwner.header(start: bytes, end: bytes, path: name)?.manifest, emitted.header.manifestName, name)
            XCTAssertTrue(try emitted.text(name).hasSuffix("}\n"), name)
        }
    }

    func testConfigSchemaDocument() throws {
        let schema = try emitSchemas(at: rootManifest).json("PaywallConfig.schema.json")
        XCTAssertEqual(schema["title"], "PaywallConfig")
        XCTAssertEqual(schema["description"], "What the paywall shows.")
        XCTAssertEqual(schema["type"], "object")
        XCTAssertEqual(schema["required"], ["title"])
        XCTAssertEqual(schema["additionalProperties"], false)
        XCTAssertEqual(schema["x-flaggen-schema-version"], 1)
        XCTAssertEqual(schema["properties"]?.objectValue.map { Set($0.keys) }, ["title", "trialDays", "style", "plans"])
        XCTAssertEqual(schema["$defs"]?.objectValue.map { Set($0.keys) }, ["Plan"])
    }

    // MARK: Properties

    func testPropertyTypesAndConstraints() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags: {}
                configs:
                  All:
                    version: 4
                    properties:
                      label: {type: string, maxLength: 12, description: "Shown \\"as is\\"."}
                      mode: {type: string, enum: [b, a], default: a}
                      count: {type: int, minimum: -3, maximum: 30, default: 2}
                      lower: {type: int, minimum: 0}
                      plain: {type: int}
                      ratio: {type: double, minimum: 0.5, maximum: 1e300, default: 0.75}
                      whole: {type: double, default: 3}
                      on: {type: bool, default: true}
                      tags: {type: array, items: string, default: [x, y]}
                      counts: {type: array, items: int}
                      part: {type: Part, default: {id: p}}
                      parts: {type: array, items: Part, default: []}
                    required: [plain, label]
                  Part:
                    properties:
                      id: {type: string}
                """)
        let schema = try emitted.json("All.schema.json")
        let properties = try XCTUnwrap(schema["properties"])
        let int64: (JSONValue, JSONValue) = (.int(Int.min), .int(Int.max))
        XCTAssertEqual(properties["label"], ["type": "string", "maxLength": 12, "description": "Shown \"as is\"."])
        XCTAssertEqual(properties["mode"], ["type": "string", "enum": ["b", "a"], "default": "a"])
        XCTAssertEqual(properties["count"], ["type": "integer", "minimum": -3, "maximum": 30, "default": 2])
        XCTAssertEqual(properties["lower"], ["type": "integer", "minimum": 0, "maximum": int64.1])
        XCTAssertEqual(properties["plain"], ["type": "integer", "minimum": int64.0, "maximum": int64.1])
        XCTAssertEqual(properties["ratio"], ["type": "number", "minimum": 0.5, "maximum": 1e300, "default": 0.75])
        XCTAssertEqual(properties["whole"], ["type": "number", "default": 3.0])
        XCTAssertEqual(properties["on"], ["type": "boolean", "default": true])
        XCTAssertEqual(properties["tags"], ["type": "array", "items": ["type": "string"], "default": ["x", "y"]])
        XCTAssertEqual(properties["counts"], ["type": "array", "items": ["type": "integer", "minimum": int64.0, "maximum": int64.1]])
        XCTAssertEqual(properties["part"], ["$ref": "#/$defs/Part", "default": ["id": "p"]])
        XCTAssertEqual(properties["parts"], ["type": "array", "items": ["$ref": "#/$defs/Part"], "default": []])
        XCTAssertEqual(schema["required"], ["label", "plain"], "required follows property order")
        XCTAssertEqual(schema["x-flaggen-schema-version"], 4)
        XCTAssertNil(schema["description"], "no description is invented")
        // Doubles stay doubles in the text, so a reader sees 3.0 for a double default.
        XCTAssertTrue(try emitted.text("All.schema.json").contains("\"default\": 3.0"))
    }

    func testRequiredIsOmittedWhenEmptyAndAdditionalPropertiesFollowsTheConfig() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags: {}
                configs:
                  Closed: {properties: {a: {type: string}}}
                  Open: {additionalProperties: true, properties: {a: {type: string}}}
                """)
        let closed = try emitted.json("Closed.schema.json")
        XCTAssertNil(closed["required"])
        XCTAssertEqual(closed["additionalProperties"], false)
        XCTAssertEqual(try emitted.json("Open.schema.json")["additionalProperties"], true)
    }

    // MARK: References

    func testEachSchemaHoldsExactlyTheConfigsItReaches() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags: {}
                configs:
                  A: {properties: {b: {type: B}}}
                  B: {properties: {cs: {type: array, items: C}}}
                  C: {properties: {x: {type: int}}}
                  Unused: {properties: {c: {type: C}}}
                """)
        func definitions(_ name: String) throws -> Set<String> {
            Set(try emitted.json(name)["$defs"]?.objectValue?.keys.map { $0 } ?? [])
        }
        XCTAssertEqual(try definitions("A.schema.json"), ["B", "C"])
        XCTAssertEqual(try definitions("B.schema.json"), ["C"])
        XCTAssertEqual(try definitions("C.schema.json"), [])
        XCTAssertNil(try emitted.json("C.schema.json")["$defs"], "no empty $defs")
        XCTAssertEqual(try definitions("Unused.schema.json"), ["C"])
        XCTAssertEqual(try emitted.json("A.schema.json").at(["$defs", "B", "properties", "cs", "items", "$ref"]), "#/$defs/C")
        XCTAssertEqual(try emitted.json("A.schema.json").at(["$defs", "B", "title"]), "B")
        XCTAssertEqual(try emitted.json("A.schema.json").at(["$defs", "B", "x-flaggen-schema-version"]), 1)
    }

    func testReferencesToTheRootConfigAreTheDocumentItself() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags: {}
                configs:
                  Node: {properties: {children: {type: array, items: Node}}}
                  A: {properties: {bs: {type: array, items: B}}}
                  B: {properties: {a: {type: A}}}
                """)
        let node = try emitted.json("Node.schema.json")
        XCTAssertEqual(node.at(["properties", "children", "items"]), ["$ref": "#"])
        XCTAssertNil(node["$defs"])
        let a = try emitted.json("A.schema.json")
        XCTAssertEqual(a.at(["properties", "bs", "items", "$ref"]), "#/$defs/B")
        XCTAssertEqual(a.at(["$defs", "B", "properties", "a", "$ref"]), "#")
        XCTAssertNil(a.at(["$defs", "A"]))
        let b = try emitted.json("B.schema.json")
        XCTAssertEqual(b.at(["properties", "a", "$ref"]), "#/$defs/A")
        XCTAssertEqual(b.at(["$defs", "A", "properties", "bs", "items", "$ref"]), "#")
    }

    // MARK: Evaluation response

    func testEvaluationResponseTypesEveryFlagAndAllowsUnknownKeys() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                name: AppFlags
                flags:
                  on: {type: bool, default: false, owner: t, expires: 2029-01-01, description: Turns it on.}
                  label: {type: string, default: Hi, owner: t, expires: 2029-01-01}
                  count: {type: int, default: 3, owner: t, expires: 2029-01-01}
                  ratio: {type: double, default: 0.5, owner: t, expires: 2029-01-01}
                  config: {type: json, schema: Outer, default: {inner: {n: 1}}, owner: t, expires: 2029-01-01}
                configs:
                  Outer: {properties: {inner: {type: Inner}}, required: [inner]}
                  Inner: {properties: {n: {type: int}}}
                  Lonely: {properties: {}}
                """)
        let schema = try emitted.json("evaluation-response.schema.json")
        XCTAssertEqual(schema["title"], "AppFlags evaluation response")
        XCTAssertEqual(schema["type"], "object")
        XCTAssertEqual(schema["required"], ["version", "flags"])
        XCTAssertNil(schema["additionalProperties"], "fields a newer server adds are allowed")
        XCTAssertEqual(schema.at(["properties", "version", "type"]), "string")
        let flags = try XCTUnwrap(schema.at(["properties", "flags"]))
        XCTAssertEqual(flags["type"], "object")
        XCTAssertEqual(flags["additionalProperties"], true)
        XCTAssertNil(flags["required"], "a missing flag means the default in the code")
        XCTAssertEqual(flags.at(["properties", "on"]), ["type": "boolean", "default": false, "description": "Turns it on."])
        XCTAssertEqual(flags.at(["properties", "label"]), ["type": "string", "default": "Hi"])
        XCTAssertEqual(
            flags.at(["properties", "count"]), ["type": "integer", "minimum": .int(Int.min), "maximum": .int(Int.max), "default": 3])
        XCTAssertEqual(flags.at(["properties", "ratio"]), ["type": "number", "default": 0.5])
        XCTAssertEqual(flags.at(["properties", "config"]), ["$ref": "#/$defs/Outer", "default": ["inner": ["n": 1]]])
        XCTAssertEqual(schema["$defs"]?.objectValue.map { Set($0.keys) }, ["Outer", "Inner"], "only configs the flags reach")
        XCTAssertEqual(schema.at(["$defs", "Outer", "properties", "inner", "$ref"]), "#/$defs/Inner")
        XCTAssertEqual(schema.at(["$defs", "Outer", "additionalProperties"]), false)
    }

    func testEvaluationResponseWithoutJSONFlagsHasNoDefs() throws {
        let schema = try emitSchemas(yaml: manifest()).json("evaluation-response.schema.json")
        XCTAssertNil(schema["$defs"])
        XCTAssertEqual(schema.at(["properties", "flags", "properties", "my_flag", "type"]), "boolean")
    }

    // MARK: Determinism

    func testOutputIsDeterministic() throws {
        let first = try emitSchemas(at: hostileManifest).files
        for _ in 0..<3 { XCTAssertEqual(try emitSchemas(at: hostileManifest).files, first) }
    }

    // The whole files for the root and hostile manifests are compared with goldens by
    // GoldenTests, with every other output.
}

// MARK: - The real validator (Python jsonschema)

final class JSONSchemaPeerTests: XCTestCase {
    func testRootSchemasWithJSONSchemaValidator() throws {
        let emitted = try emitSchemas(at: rootManifest)
        let paywall = "PaywallConfig.schema.json"
        let response = JSONSchemaEmitter.evaluationResponseFileName
        let good = try XCTUnwrap(emitted.manifest.flags.first { $0.key == "paywall" }).defaultValue
        guard case .json(let value) = good else { return XCTFail("paywall is not json") }
        let plans: JSONValue = [["id": "monthly", "price": 4.99], ["id": "yearly", "price": 39]]
        let cases =
            valueCases(emitted) + [
                .valid("a full paywall", paywall, ["title": "Go Pro", "trialDays": 30, "style": "dark", "plans": plans]),
                .valid("a 40-character title", paywall, value.with("title", .string(String(repeating: "x", count: 40)))),
                .valid("a 40-scalar title of emoji", paywall, value.with("title", .string(String(repeating: "😀", count: 40)))),
                .invalid("trialDays is a string", paywall, value.with("trialDays", "7"), "is not of type 'integer'"),
                .invalid("trialDays is fractional", paywall, value.with("trialDays", 7.5), "is not of type 'integer'"),
                .invalid("title missing", paywall, value.with("title", nil), "'title' is a required property"),
                .invalid("style not in enum", paywall, value.with("style", "blue"), "is not one of ['light', 'dark']"),
                .invalid("trialDays above maximum", paywall, value.with("trialDays", 31), "is greater than the maximum of 30"),
                .invalid("trialDays below minimum", paywall, value.with("trialDays", -1), "is less than the minimum of 0"),
                .invalid("title too long", paywall, value.with("title", .string(String(repeating: "x", count: 41))), "is too long"),
                .invalid(
                    "extra property", paywall, value.with("subtitle", "Now"),
                    "Additional properties are not allowed ('subtitle' was unexpected)"),
                .invalid("null for an optional property", paywall, value.with("style", JSONValue.null), "None is not of type 'string'"),
                .invalid("plan without price", paywall, value.with("plans", [["id": "m"]]), "'price' is a required property"),
                .invalid(
                    "plan with negative price", paywall, value.with("plans", [["id": "m", "price": -1]]), "is less than the minimum of 0"),
                .invalid("plans is not an array", paywall, value.with("plans", ["id": "m", "price": 1]), "is not of type 'array'"),
                .invalid(
                    "extra property in a plan", paywall, value.with("plans", [["id": "m", "price": 1, "currency": "EUR"]]),
                    "Additional properties are not allowed"),
                .invalid("a list is not a config", paywall, [value], "is not of type 'object'"),
                .invalid(
                    "a pointer into a schema resolves its $refs", "\(paywall)#/properties/plans", [["id": "m"]],
                    "'price' is a required property"),
                .valid("a plan by itself", "Plan.schema.json", ["id": "m", "price": 0]),
                .invalid("a plan's id is a number", "Plan.schema.json", ["id": 1, "price": 0], "is not of type 'string'"),
                .valid(
                    "an example evaluation response", response,
                    [
                        "version": "2029-01-05.3",
                        "flags": [
                            "new_checkout": true, "chat_media_enabled": false, "checkout_button_label": "Pay now",
                            "paywall": ["title": "Go Pro", "trialDays": 14, "plans": plans],
                        ],
                    ]),
                .invalid(
                    "a bool flag as a string", response, ["version": "1", "flags": ["new_checkout": "true"]], "is not of type 'boolean'"),
                .invalid(
                    "a string flag as a number", response, ["version": "1", "flags": ["checkout_button_label": 5]],
                    "is not of type 'string'"),
                .invalid(
                    "a json flag breaks its config", response, ["version": "1", "flags": ["paywall": ["trialDays": 99]]],
                    "'title' is a required property"),
                .invalid(
                    "a json flag above maximum", response, ["version": "1", "flags": ["paywall": value.with("trialDays", 99)]],
                    "is greater than the maximum of 30"),
            ]
        try assertWithJSONSchemaPeer(generated: emitted.files, validator: "Draft202012Validator", cases: cases)
    }

    func testHostileSchemasWithJSONSchemaValidator() throws {
        let emitted = try emitSchemas(at: hostileManifest)
        let keywords = "Keywords.schema.json"
        let response = JSONSchemaEmitter.evaluationResponseFileName
        guard case .json(let value)? = emitted.manifest.flags.first(where: { $0.key == "keywords_config" })?.defaultValue else {
            return XCTFail("keywords_config is missing")
        }
        let cases =
            valueCases(emitted) + [
                .valid(
                    "every keyword property", keywords,
                    value.with("object", "a\"b").with("fun", -1.5).with("val", "abc").with("items", [["is": 1, "return": 2]])),
                .valid("the extreme ints", keywords, value.with("class", .int(Int.min))),
                .invalid("default missing", keywords, value.with("default", nil), "'default' is a required property"),
                .invalid("class is fractional", keywords, value.with("class", 1.5), "is not of type 'integer'"),
                .invalid("object not in enum", keywords, value.with("object", "$d"), "is not one of"),
                .invalid("val too long", keywords, value.with("val", "abcd"), "is too long"),
                .invalid("fun above maximum", keywords, value.with("fun", 1e301), "is greater than the maximum"),
                .invalid("fun below minimum", keywords, value.with("fun", -2), "is less than the minimum of -1.5"),
                .invalid("nested is a string", keywords, value.with("nested", ["is": "x"]), "is not of type 'number'"),
                .invalid("nested has an extra key", keywords, value.with("nested", ["was": 1]), "Additional properties are not allowed"),
                .invalid("items return is fractional", keywords, value.with("items", [["return": 1.5]]), "is not of type 'integer'"),
                .invalid("in holds a number", keywords, value.with("in", ["a", 1]), "is not of type 'string'"),
                .invalid(
                    "an int flag above 64 bits", response, ["version": "1", "flags": ["max_int": .double(1e19)]],
                    "is greater than the maximum"),
                .invalid(
                    "a double flag as a string", response, ["version": "1", "flags": ["point_one": "0.1"]], "is not of type 'number'"),
                .valid("a whole number for a double flag", response, ["version": "1", "flags": ["point_one": 1]]),
                .invalid(
                    "an unknown key inside a json flag", response, ["version": "1", "flags": ["keywords_config": value.with("extra", 1)]],
                    "Additional properties are not allowed"),
            ]
        try assertWithJSONSchemaPeer(generated: emitted.files, validator: "Draft202012Validator", cases: cases)
    }

    func testConfigWithAdditionalPropertiesTrueAcceptsExtraKeys() throws {
        let emitted = try emitSchemas(
            yaml: """
                version: 1
                flags:
                  open: {type: json, schema: Open, default: {a: x, extra: [1, {b: null}]}, owner: t, expires: 2029-01-01}
                configs:
                  Open:
                    additionalProperties: true
                    properties:
                      a: {type: string}
                      inner: {type: Closed}
                  Closed: {properties: {c: {type: bool}}}
                """)
        let cases =
            valueCases(emitted) + [
                .valid("extra keys at the top", "Open.schema.json", ["a": "x", "anything": ["goes": true]]),
                .invalid("known keys still typed", "Open.schema.json", ["a": 1], "is not of type 'string'"),
                .invalid(
                    "a closed config inside stays closed", "Open.schema.json", ["inner": ["c": true, "d": 1]],
                    "Additional properties are not allowed"),
            ]
        try assertWithJSONSchemaPeer(generated: emitted.files, validator: "Draft202012Validator", cases: cases)
    }
}

// MARK: - The manifest's own schema (Schemas/flags-manifest.schema.json)

final class ManifestSchemaTests: XCTestCase {
    func testRootManifestNamesTheSchemaForEditors() throws {
        let text = try String(contentsOf: rootManifest, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=Schemas/flags-manifest.schema.json\n"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: manifestSchema.path))
    }

    func testEveryManifestFieldIsInTheSchema() throws {
        let schema = try JSONParser.parse(Array(try Data(contentsOf: manifestSchema)))
        func fields(_ path: [Any]) -> [String] { (schema.at(path)?.objectValue?.keys).map { $0.sorted() } ?? [] }
        XCTAssertEqual(fields(["properties"]), TopLevelField.names.sorted())
        XCTAssertEqual(fields(["properties", "outputs", "properties"]), OutputField.names.sorted())
        XCTAssertEqual(fields(["definitions", "flag", "properties"]), FlagField.names.sorted())
        XCTAssertEqual(fields(["definitions", "rollout", "properties"]), RolloutField.names.sorted())
        XCTAssertEqual(fields(["definitions", "config", "properties"]), ConfigField.names.sorted())
        XCTAssertEqual(fields(["definitions", "property", "properties"]), PropertyField.names.sorted())
        XCTAssertEqual(
            schema.at(["definitions", "flag", "properties", "type", "enum"]), .array(FlagType.allCases.map { .string($0.rawValue) }))
        XCTAssertEqual(
            schema.at(["definitions", "flag", "properties", "kind", "enum"]), .array(FlagKind.allCases.map { .string($0.rawValue) }))
        XCTAssertEqual(
            schema.at(["definitions", "rollout", "properties", "platforms", "items", "enum"]),
            .array(Platform.allCases.map { .string($0.rawValue) }))
        // Every object with fixed fields refuses others, as lint does.
        for path: [Any] in [
            [], ["properties", "outputs"], ["definitions", "flag"], ["definitions", "rollout"], ["definitions", "config"],
            ["definitions", "property"],
        ] {
            XCTAssertEqual(schema.at(path + ["additionalProperties"]), false, "\(path)")
        }
    }

    func testReservedNamesMatchTheValidator() throws {
        let schema = try JSONParser.parse(Array(try Data(contentsOf: manifestSchema)))
        func strings(_ value: JSONValue?) -> Set<String> { Set(value?.arrayValue?.compactMap(\.stringValue) ?? []) }
        XCTAssertEqual(strings(schema.at(["definitions", "typeName", "not", "anyOf", 0, "enum"])), Identifiers.reservedTypeNames)
        let keywordPattern = try XCTUnwrap(schema.at(["properties", "kotlinPackage", "not", "anyOf", 0, "pattern"])?.stringValue)
        let alternatives = keywordPattern.split(separator: "(").dropFirst().first?.split(separator: ")").first
        XCTAssertEqual(Set((alternatives ?? "").split(separator: "|").map(String.init)), Identifiers.kotlinKeywords)
        // The first names only the standard libraries may use.
        let firstNamePattern = try XCTUnwrap(schema.at(["properties", "kotlinPackage", "not", "anyOf", 1, "pattern"])?.stringValue)
        for (package, refused) in [("kotlin", true), ("java.flags", true), ("javax.flags", false), ("com.kotlin", false), ("kotlinx.a", false)] {
            XCTAssertEqual(package.range(of: firstNamePattern, options: .regularExpression) != nil, refused, package)
            XCTAssertEqual(!errors("version: 1\nkotlinPackage: \(package)\nflags: {}\n").isEmpty, refused, package)
        }
        // The keys whose generated names are reserved, in their simplest spelling.
        let reservedKeys = strings(schema.at(["definitions", "flagKey", "not", "anyOf", 0, "enum"]))
        XCTAssertEqual(
            Set(reservedKeys.map(Identifiers.lowerCamel)).subtracting(["companion", "flagKey"]),
            Identifiers.reservedSwiftMembers.subtracting(["Type", "Protocol"]))
        XCTAssertTrue(reservedKeys.contains { Identifiers.reservedKotlinMembers.contains(Identifiers.upperCamel($0)) })
        // The generated Kotlin's holder objects, `Part` followed by digits: the patterns match
        // exactly the keys and type names that Identifiers.isKotlinHolderName refuses.
        let keyPattern = try XCTUnwrap(schema.at(["definitions", "flagKey", "not", "anyOf", 1, "pattern"])?.stringValue)
        let typePattern = try XCTUnwrap(schema.at(["definitions", "typeName", "not", "anyOf", 1, "pattern"])?.stringValue)
        let keys = ["part1", "part_1", "part__2_0", "part_0_", "part", "part_", "parts_1", "part_1a", "a_part_1", "party1", "new_checkout"]
        for key in keys {
            XCTAssertEqual(
                key.range(of: keyPattern, options: .regularExpression) != nil, Identifiers.isKotlinHolderName(Identifiers.upperCamel(key)), key)
        }
        for name in ["Part1", "Part0", "Part250", "Part", "PartA", "Part1a", "APart1", "Parts1"] {
            XCTAssertEqual(name.range(of: typePattern, options: .regularExpression) != nil, Identifiers.isKotlinHolderName(name), name)
        }
        XCTAssertEqual(schema["$schema"], "http://json-schema.org/draft-07/schema#")
    }

    /// Manifests lint accepts must pass the schema; manifests it refuses are refused by the
    /// schema too, where a schema can express the rule.
    func testManifestsWithJSONSchemaValidator() throws {
        let schema = "flags-manifest.schema.json"
        var cases: [SchemaCase] = [
            .valid("root flags.yaml", schema, try manifestJSON(Array(try Data(contentsOf: rootManifest)))),
            .valid("hostile.yaml", schema, try manifestJSON(Array(try Data(contentsOf: hostileManifest)))),
        ]
        for (name, yaml) in Self.goodManifests {
            XCTAssertEqual(errors(yaml), [], "lint refuses the good manifest '\(name)'")
            cases.append(.valid(name, schema, try manifestJSON(Array(yaml.utf8))))
        }
        for (name, yaml, expected) in Self.badManifests {
            XCTAssertNotEqual(errors(yaml), [], "lint accepts the bad manifest '\(name)'")
            cases.append(.invalid(name, schema, try manifestJSON(Array(yaml.utf8)), expected))
        }
        try assertWithJSONSchemaPeer(committed: [manifestSchema], validator: "Draft7Validator", cases: cases)
    }

    static let goodManifests: [(String, String)] = [
        ("minimal", "version: 1\nflags: {}\n"),
        // Reported: the schema refused retired keys that only a live flag may not take.
        ("retired keys the generated code reserves", "version: 1\nretired: [all, part_1, companion]\nflags: {}\n"),
        ("swift left to the build plugin, kotlin beside the app", "version: 1\noutputs: {swift: false, kotlin: ../../android/Flags.kt}\nflags: {}\n"),
        (
            "every field",
            """
            version: 1
            name: AppFlags
            kotlinPackage: com.example.app_flags
            retired: [old_banner]
            outputs: {swift: ios/Flags.swift, kotlin: android/Flags.kt, schemas: ./schemas, seeds: server/seeds, servers: [contract, postgres, flagd]}
            templates: ../shared/templates
            flags:
              forever: {type: bool, default: true, owner: core, kind: permission}
              dated_permission: {type: bool, default: true, owner: core, kind: permission, expires: 2030-12-31}
              kill: {type: bool, default: true, owner: core, kind: operational, killSwitch: true}
              not_a_kill: {type: bool, default: true, owner: core, killSwitch: false, expires: 2028-02-29}
              rollout_bool:
                type: bool
                default: false
                owner: core
                expires: 2029-01-01
                rollout: {percent: 12.5, platforms: [android], minAppVersion: 3.0.0-beta.2+build.7}
              label: {type: string, default: "10", owner: core, expires: 2029-01-01, rollout: {percent: 0, value: "no"}}
              count: {type: int, default: 0x1F, owner: core, expires: 2029-01-01, rollout: {percent: 100, value: -3}}
              ratio: {type: double, default: 1, owner: core, expires: 2029-01-01, rollout: {percent: 0.25, value: 2.5}}
              paywall:
                type: json
                schema: Paywall
                default: {title: Go, extra: [1, null]}
                owner: growth
                expires: 2029-01-01
                description: Any text.
                rollout: {percent: 50, value: {title: Now}}
            configs:
              Paywall:
                version: 2
                description: The paywall.
                additionalProperties: true
                properties:
                  title: {type: string, maxLength: 40, enum: [Go, Now], description: The title.}
                  days: {type: int, minimum: -5, maximum: 30, default: 0}
                  price: {type: double, minimum: 0.5, default: 1}
                  on: {type: bool, default: false}
                  tags: {type: array, items: string, default: []}
                  plans: {type: array, items: Plan}
                  plan: {type: Plan, default: {id: a}}
                required: [title]
              Plan:
                properties:
                  id: {type: string}
            """
        ),
    ]

    static let badManifests: [(String, String, String)] = [
        ("unknown top-level field", "version: 1\nflags: {}\nflag: {}\n", "Additional properties are not allowed ('flag' was unexpected)"),
        ("version 2", "version: 2\nflags: {}\n", "1 was expected"),
        ("version as text", "version: '1'\nflags: {}\n", "1 was expected"),
        ("no flags", "version: 1\n", "'flags' is a required property"),
        ("lowercase name", "version: 1\nname: flags\nflags: {}\n", "does not match"),
        ("reserved name", "version: 1\nname: FlagKey\nflags: {}\n", "should not be valid under"),
        ("Kotlin keyword in the package", "version: 1\nkotlinPackage: com.when.flags\nflags: {}\n", "should not be valid under"),
        ("uppercase package", "version: 1\nkotlinPackage: com.Example\nflags: {}\n", "does not match"),
        ("retired twice", "version: 1\nretired: [a, a]\nflags: {}\n", "has non-unique elements"),
        ("retired key that is no key", "version: 1\nretired: [Old]\nflags: {}\n", "does not match"),
        ("absolute templates", "version: 1\ntemplates: /etc/templates\nflags: {}\n", "should not be valid under"),
        ("DEL in an output path", "version: 1\noutputs: {seeds: \"a\\x7Fb\"}\nflags: {}\n", "should not be valid under"),
        ("bidirectional mark in an output path", "version: 1\noutputs: {seeds: \"a\\u202Eb\"}\nflags: {}\n", "should not be valid under"),
        ("absolute output", "version: 1\noutputs: {kotlin: /tmp/Flags.kt}\nflags: {}\n", "should not be valid under"),
        ("absolute swift output", "version: 1\noutputs: {swift: /tmp/Flags.swift}\nflags: {}\n", "is not valid under any of the given schemas"),
        ("drive letter output", "version: 1\noutputs: {swift: 'C:\\Flags.swift'}\nflags: {}\n", "is not valid under any of the given schemas"),
        ("swift output true", "version: 1\noutputs: {swift: true}\nflags: {}\n", "is not valid under any of the given schemas"),
        ("output into git", "version: 1\noutputs: {kotlin: ../.git/hooks/x}\nflags: {}\n", "should not be valid under"),
        ("output is the folder above", "version: 1\noutputs: {schemas: ../..}\nflags: {}\n", "should not be valid under"),
        ("output is the folder", "version: 1\noutputs: {schemas: ./.}\nflags: {}\n", "should not be valid under"),
        ("output has a control character", "version: 1\noutputs: {seeds: \"a\\tb\"}\nflags: {}\n", "should not be valid under"),
        ("output with a backslash", "version: 1\noutputs: {kotlin: 'android\\Flags.kt'}\nflags: {}\n", "should not be valid under"),
        ("file output ending in a slash", "version: 1\noutputs: {kotlin: Generated/Kotlin/}\nflags: {}\n", "should not be valid under"),
        ("file output ending in ..", "version: 1\noutputs: {kotlinRuntime: Generated/..}\nflags: {}\n", "should not be valid under"),
        ("unknown output", "version: 1\noutputs: {swfit: a}\nflags: {}\n", "Additional properties are not allowed"),
        ("empty templates", "version: 1\ntemplates: ''\nflags: {}\n", "does not match"),
        ("flag key in CamelCase", manifest().replacingOccurrences(of: "my_flag:", with: "MyFlag:"), "does not match"),
        ("reserved flag key", manifest().replacingOccurrences(of: "my_flag:", with: "all_cases:"), "should not be valid under"),
        ("flag key of a Kotlin holder", manifest().replacingOccurrences(of: "my_flag:", with: "part_1:"), "should not be valid under"),
        ("config name of a Kotlin holder", "version: 1\nflags: {}\nconfigs: {Part2: {properties: {}}}\n", "should not be valid under"),
        ("name of a Kotlin holder", "version: 1\nname: Part3\nflags: {}\n", "should not be valid under"),
        ("unknown flag field", manifest(flag: "expiry: 2029-01-01"), "Additional properties are not allowed ('expiry' was unexpected)"),
        ("unknown type", manifest().replacingOccurrences(of: "type: bool", with: "type: boolean"), "is not one of"),
        ("no owner", manifest().replacingOccurrences(of: "    owner: team\n", with: ""), "'owner' is a required property"),
        ("blank owner", manifest().replacingOccurrences(of: "owner: team", with: "owner: '  '"), "does not match"),
        (
            "release flag without expiry", manifest().replacingOccurrences(of: "    expires: 2029-03-01\n", with: ""),
            "'expires' is a required property"
        ),
        ("impossible date", manifest().replacingOccurrences(of: "2029-03-01", with: "2029-02-30"), "does not match"),
        ("short date", manifest().replacingOccurrences(of: "2029-03-01", with: "2029-3-1"), "does not match"),
        (
            "bool default as text", manifest().replacingOccurrences(of: "default: false", with: "default: 'false'"),
            "is not of type 'boolean'"
        ),
        ("yes is not a bool", manifest().replacingOccurrences(of: "default: false", with: "default: yes"), "is not of type 'boolean'"),
        ("unknown kind", manifest(flag: "kind: rollout"), "is not one of"),
        ("killSwitch yes", manifest(flag: "killSwitch: yes"), "is not of type 'boolean'"),
        ("kill switch with expiry", manifest(flag: "killSwitch: true"), "should not be valid under"),
        (
            "kill switch that is not bool",
            "version: 1\nflags:\n  k: {type: string, default: x, owner: t, killSwitch: true}\n", "'bool' was expected"
        ),
        ("schema on a bool flag", manifest(flag: "schema: Paywall"), "should not be valid under"),
        (
            "json flag without schema", "version: 1\nflags:\n  j: {type: json, default: {}, owner: t, expires: 2029-01-01}\n",
            "'schema' is a required property"
        ),
        (
            "int default fractional", "version: 1\nflags:\n  i: {type: int, default: 1.5, owner: t, expires: 2029-01-01}\n",
            "is not of type 'integer'"
        ),
        (
            "string default as a number", "version: 1\nflags:\n  s: {type: string, default: 10, owner: t, expires: 2029-01-01}\n",
            "is not of type 'string'"
        ),
        ("percent above 100", manifest(flag: "rollout: {percent: 150}"), "is greater than the maximum of 100"),
        ("percent as text", manifest(flag: "rollout: {percent: '10'}"), "is not of type 'number'"),
        ("rollout without percent", manifest(flag: "rollout: {platforms: [ios]}"), "'percent' is a required property"),
        ("unknown platform", manifest(flag: "rollout: {percent: 5, platforms: [iOS]}"), "is not one of ['ios', 'android']"),
        ("empty platforms", manifest(flag: "rollout: {percent: 5, platforms: []}"), "should be non-empty"),
        ("platform twice", manifest(flag: "rollout: {percent: 5, platforms: [ios, ios]}"), "has non-unique elements"),
        ("minAppVersion as a number", manifest(flag: "rollout: {percent: 5, minAppVersion: 2.4}"), "is not of type 'string'"),
        ("minAppVersion with a v", manifest(flag: "rollout: {percent: 5, minAppVersion: v2.4.0}"), "does not match"),
        ("minAppVersion with a leading zero", manifest(flag: "rollout: {percent: 5, minAppVersion: 2.04.0}"), "does not match"),
        ("unknown rollout field", manifest(flag: "rollout: {percentage: 5}"), "Additional properties are not allowed"),
        (
            "string rollout without value",
            "version: 1\nflags:\n  s: {type: string, default: a, owner: t, expires: 2029-01-01, rollout: {percent: 5}}\n",
            "'value' is a required property"
        ),
        ("config name in snake case", "version: 1\nflags: {}\nconfigs:\n  paywall_config: {properties: {}}\n", "does not match"),
        ("reserved config name", "version: 1\nflags: {}\nconfigs:\n  String: {properties: {}}\n", "should not be valid under"),
        ("config without properties", "version: 1\nflags: {}\nconfigs:\n  A: {required: []}\n", "'properties' is a required property"),
        ("config version 0", "version: 1\nflags: {}\nconfigs:\n  A: {version: 0, properties: {}}\n", "is less than the minimum of 1"),
        (
            "additionalProperties yes", "version: 1\nflags: {}\nconfigs:\n  A: {additionalProperties: yes, properties: {}}\n",
            "is not of type 'boolean'"
        ),
        (
            "property name with a digit first", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {2fast: {type: int}}}\n",
            "does not match"
        ),
        (
            "unknown property type", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: text}}}\n",
            "is not valid under any of the given schemas"
        ),
        (
            "array without items", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: array}}}\n",
            "'items' is a required property"
        ),
        (
            "array of arrays", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: array, items: array}}}\n",
            "is not valid under any of the given schemas"
        ),
        (
            "items on a string", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: string, items: string}}}\n",
            "should not be valid under"
        ),
        (
            "enum on an int", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: int, enum: [a]}}}\n",
            "should not be valid under"
        ),
        ("empty enum", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: string, enum: []}}}\n", "should be non-empty"),
        (
            "maximum on a bool", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: bool, maximum: 1}}}\n",
            "should not be valid under"
        ),
        (
            "fractional minimum of an int", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: int, minimum: 0.5}}}\n",
            "is not of type 'integer'"
        ),
        (
            "negative maxLength", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: string, maxLength: -1}}}\n",
            "is less than the minimum of 0"
        ),
        (
            "unknown property field", "version: 1\nflags: {}\nconfigs:\n  A: {properties: {t: {type: string, maxLen: 3}}}\n",
            "Additional properties are not allowed"
        ),
    ]
}
