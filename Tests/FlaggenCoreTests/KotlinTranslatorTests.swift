@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

// MARK: - Rendering

/// The Kotlin files generated from one manifest.
struct RenderedKotlin {
    /// The validated manifest.
    var manifest: Manifest
    /// `Flags.kt` and `FlagKit.kt`, by file name.
    var files: [String: String]

    /// The file names, in a fixed order.
    static let fileNames = ["Flags.kt", "FlagKit.kt"]
}

/// Renders the Kotlin output of a manifest file with the templates in this checkout's
/// `Templates/kotlin`. The only place the Kotlin tests render, so it can switch to `Generator`.
func renderKotlin(manifestAt url: URL) throws -> RenderedKotlin {
    let bytes = Array(try Data(contentsOf: url))
    let result = ManifestValidator().validate(bytes, file: url.lastPathComponent)
    guard let manifest = result.manifest else {
        throw KotlinTestError(message: "\(url.path) is not valid:\n" + result.diagnostics.map(\.formatted).joined(separator: "\n"))
    }
    // The real pipeline with the built-in (embedded) templates: what users get.
    var run = Generate(manifestPath: url.path)
    run.kinds = [.kotlin]
    var files: [String: String] = [:]
    for file in try run.render().files {
        files[String(file.path.split(separator: "/").last ?? "")] = String(decoding: file.contents, as: UTF8.self)
    }
    return RenderedKotlin(manifest: manifest, files: files)
}

/// Renders manifest text (validated as `flags.yaml`).
func renderKotlin(yaml: String) throws -> RenderedKotlin {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-kotlin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("flags.yaml")
    try Data(yaml.utf8).write(to: url)
    return try renderKotlin(manifestAt: url)
}

struct KotlinTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The manifests the Kotlin goldens and the compile test cover: name and path.
let kotlinCases: [(name: String, manifest: URL)] = [
    ("root", packageRoot.appendingPathComponent("flags.yaml")),
    ("hostile", packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml")),
    ("scopes", packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/kotlin-scopes.yaml")),
    ("enums", packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/kotlin-enums.yaml")),
]

/// A manifest with enough flags for several holder objects in the generated Kotlin: 250 bools
/// (the first part fills up at ``KotlinTranslator/maxFlagsPerPart`` flags), 200 json flags with
/// defaults of about 100 characters (parts closed by the size of their defaults), one json flag
/// whose default alone passes that size, and keys whose Kotlin names sit next to the generated
/// members (`Part`, `Values`, `FromKey`, `ByKey`, `Name`, `Key`, `String`, `Map`, `Lazy`, ...).
let partsManifestYAML: String = {
    var yaml = "version: 1\nname: PartFlags\nkotlinPackage: com.example.parts\nflags:\n"
    for index in 0..<250 {
        yaml += "  b\(index): {type: bool, default: \(index % 3 == 0), owner: core, expires: 2029-01-01}\n"
    }
    for index in 0..<200 {
        yaml += "  j\(index): {type: json, schema: Blob, default: {title: \"config default number \(index), long enough to fill a line\", numbers: [\(index), 2, 3]}, owner: core, expires: 2029-01-01}\n"
    }
    let numbers = (0..<500).map(String.init).joined(separator: ", ")
    yaml += "  giant: {type: json, schema: Blob, default: {title: giant, numbers: [\(numbers)]}, owner: core, expires: 2029-01-01}\n"
    for key in ["part", "values", "from_key", "by_key", "name", "key", "to_string", "string", "map", "lazy", "flatten"] {
        yaml += "  \(key): {type: string, default: \(key), owner: core, expires: 2029-01-01}\n"
    }
    yaml += "configs:\n  Blob:\n    properties:\n      title: {type: string}\n      numbers: {type: array, items: int, default: []}\n"
    return yaml
}()

// MARK: - Literals, names, comments, context

final class KotlinTranslatorTests: XCTestCase {
    func testStringLiteralEscapes() {
        let table: [(String, String)] = [
            ("plain", #""plain""#),
            ("", #""""#),
            (#"say "hi""#, #""say \"hi\"""#),
            (#"back\slash"#, #""back\\slash""#),
            (#"\(swift)"#, #""\\(swift)""#),
            ("${kotlin} $dollar $", #""\${kotlin} \$dollar \$""#),
            (#"""""#, #""\"\"\"""#),
            ("*/ and /*", #""*/ and /*""#),
            ("a\nb\rc\td\u{8}e", #""a\nb\rc\td\be""#),
            ("\u{0}\u{1}\u{1F}\u{7F}\u{85}\u{9F}", #""\u0000\u0001\u001F\u007F\u0085\u009F""#),
            ("\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}", #""\u200E\u200F\u202A\u202E\u2066\u2069""#),
            ("\u{2028}\u{2029}\u{FEFF}", #""\u2028\u2029\uFEFF""#),
            ("emoji 😀 👨‍👩‍👧 é ü", "\"emoji 😀 👨‍👩‍👧 é ü\""),
            ("مرحبا שלום", "\"مرحبا שלום\""),
        ]
        for (text, literal) in table {
            XCTAssertEqual(KotlinLiteral.string(text), literal, "literal of \(text.debugDescription)")
        }
    }

    func testLongLiterals() {
        XCTAssertEqual(KotlinLiteral.long(0), "0L")
        XCTAssertEqual(KotlinLiteral.long(7), "7L")
        XCTAssertEqual(KotlinLiteral.long(-1_234_567), "-1234567L")
        XCTAssertEqual(KotlinLiteral.long(Int.max), "9223372036854775807L")
        XCTAssertEqual(KotlinLiteral.long(Int.min), "Long.MIN_VALUE")
        XCTAssertEqual(KotlinLiteral.long(Int.min, longIsHidden: true), "(-9223372036854775807L - 1L)")
        XCTAssertEqual(KotlinLiteral.long(-5, longIsHidden: true), "-5L")
    }

    func testDoubleLiteralsAlwaysReadAsDoubleAndRoundTrip() {
        let table: [(Double, String)] = [
            (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (3, "3.0"), (0.1, "0.1"), (-1.5, "-1.5"),
            (1e-5, "1e-05"), (Double.leastNonzeroMagnitude, "5e-324"), (1e300, "1e+300"), (1e16, "1e+16"),
            (1.7976931348623157e308, "1.7976931348623157e+308"), (123456789.125, "123456789.125"),
        ]
        for (value, literal) in table {
            XCTAssertEqual(KotlinLiteral.double(value), literal)
            XCTAssertTrue(literal.contains(".") || literal.contains("e"), literal)
            XCTAssertEqual(Double(literal)?.bitPattern, value.bitPattern, literal)
        }
    }

    func testCommentLinesNeutraliseBlockCommentDelimiters() {
        let table: [(String, [String])] = [
            ("ends */ and opens /*", ["ends *&#47; and opens /&#42;"]),
            ("/*/", ["/&#42;/"]),
            ("*/*", ["*&#47;*"]),
            ("**/", ["**&#47;"]),
            ("//*", ["//&#42;"]),
            ("/**/", ["/&#42;*&#47;"]),
            // A combining mark after `*` makes one Character, but kotlinc still sees `*/`.
            ("*\u{301}/ /*\u{301}", ["*\u{301}/ /&#42;\u{301}"]),
            ("two\nlines  \n\n", ["two", "lines"]),
            ("\n\nafter blank lines\n\nand between\n", ["after blank lines", "", "and between"]),
            ("   \n", []),
            ("tab\there, bidi \u{202E} mark", ["tab  here, bidi \u{FFFD} mark"]),
        ]
        for (text, lines) in table {
            let actual = KotlinLiteral.commentLines(text)
            XCTAssertEqual(actual, lines, text.debugDescription)
            for line in actual {
                XCTAssertFalse(line.contains("/*") || line.contains("*/"), line)
            }
        }
        XCTAssertEqual(KotlinLiteral.commentText("a\nb */"), "a b *&#47;")
    }

    func testCombiningMarkAfterStarIsStillNeutralised() {
        // `*` + U+0301 is one Character, so a Character scan would miss `*/` here.
        XCTAssertEqual(KotlinLiteral.commentLines("x*\u{301}*/"), ["x*\u{301}*&#47;"])
    }

    func testKDocShape() {
        XCTAssertEqual(KotlinLiteral.kdoc(["One.", "", "Two."], indent: 4), ["/**", " * One.", " *", " * Two.", " */"])
        XCTAssertEqual(KotlinLiteral.kdoc(["One line."], indent: 4), ["/** One line. */"])
        let long = String(repeating: "x", count: 90)
        XCTAssertEqual(KotlinLiteral.kdoc([long], indent: 4), ["/**", " * " + long, " */"])
        XCTAssertEqual(KotlinLiteral.kdoc([], indent: 4), [])
    }

    func testFlagsAreLowerCamelKeysUpperCamelAndKeywordsEscaped() throws {
        let rendered = try renderKotlin(yaml: """
            version: 1
            kotlinPackage: com.example.names
            flags:
              default: {type: bool, default: true, owner: core, expires: 2029-01-01}
              when: {type: bool, default: false, owner: core, expires: 2029-01-01}
              new_checkout_v2: {type: bool, default: false, owner: core, expires: 2029-01-01}
              cfg:
                type: json
                schema: Words
                default: {when: 1, fun: [a]}
                owner: core
                expires: 2029-01-01
            configs:
              Words:
                properties:
                  when: {type: int}
                  fun: {type: array, items: string, default: []}
                  plain: {type: bool, default: true}
                required: [when]
            """)
        let flags = try XCTUnwrap(rendered.files["Flags.kt"])
        XCTAssertTrue(flags.contains("    val default: Flag<Boolean> get() = Part1.default\n"))
        XCTAssertTrue(flags.contains("    val `when`: Flag<Boolean> get() = Part1.`when`\n"))
        XCTAssertTrue(flags.contains("    val newCheckoutV2: Flag<Boolean> get() = Part1.newCheckoutV2\n"))
        XCTAssertTrue(flags.contains("        val default: Flag<Boolean> = Flag(\n"))
        XCTAssertTrue(flags.contains("        val newCheckoutV2: Flag<Boolean> = Flag(\n"))
        // FlagKey's entries are UpperCamelCase, as FlagKind's are.
        XCTAssertTrue(flags.contains("enum class FlagKey(\n"))
        XCTAssertTrue(flags.contains("    Default(\"default\"),\n    When(\"when\"),\n    NewCheckoutV2(\"new_checkout_v2\"),\n    Cfg(\"cfg\");\n"))
        XCTAssertTrue(flags.contains("            defaultValue = Words(`when` = 1L, `fun` = listOf(\"a\")),"))
        XCTAssertTrue(flags.contains("    val `when`: Long,"))
        XCTAssertTrue(flags.contains("    val `fun`: List<String> = emptyList(),"))
        XCTAssertTrue(flags.contains("    val plain: Boolean = true"))
        XCTAssertTrue(flags.contains("            `when` = FlagJson.requiredLong(json, \"when\"),"))
        XCTAssertTrue(flags.contains("            `fun` = FlagJson.optionalList(json, \"fun\") { FlagJson.string(it) } ?: emptyList(),"))
    }

    func testFlagContext() throws {
        let flag = try flagContext(key: "new_checkout", in: packageRoot.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(flag["name"], .string("newCheckout"))
        XCTAssertEqual(flag["entry"], .string("NewCheckout"))
        XCTAssertEqual(flag["keyLiteral"], .string(#""new_checkout""#))
        XCTAssertEqual(flag["valueType"], .string("Boolean"))
        XCTAssertEqual(flag["defaultLiteral"], .string("false"))
        XCTAssertEqual(flag["ownerLiteral"], .string(#""payments""#))
        XCTAssertEqual(flag["expiresLiteral"], .string("FlagDate(2029, 3, 1)"))
        XCTAssertEqual(flag["killSwitchLiteral"], .string("false"))
        XCTAssertEqual(flag["kindLiteral"], .string("FlagKind.Release"))
        XCTAssertEqual(flag["descriptionLiteral"], .string(#""The redesigned checkout.""#))
        XCTAssertEqual(flag["docComment"], .array([
            "/**", " * The redesigned checkout.", " *", " * - Key: `new_checkout`", " * - Owner: payments",
            " * - Kind: release", " * - Expires: 2029-03-01 (expired from the next day on)",
            " * - Rollout: 10% on ios, android from app version 2.4.0", " */",
        ].map(JSONValue.string)))

        let paywall = try flagContext(key: "paywall", in: packageRoot.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(paywall["valueType"], .string("PaywallConfig"))
        XCTAssertEqual(paywall["defaultLiteral"], .string(#"PaywallConfig(title = "Go Pro", trialDays = 7L)"#))

        let kill = try flagContext(key: "chat_media_enabled", in: packageRoot.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(kill["expiresLiteral"], .string("null"))
        XCTAssertEqual(kill["kindLiteral"], .string("FlagKind.Operational"))
        XCTAssertTrue(kill["docComment"]?.arrayValue?.contains(.string(" * - Kill switch: read live; never expires.")) ?? false)
    }

    func testDocCommentsCannotEndOrOpenABlockComment() throws {
        let rendered = try renderKotlin(yaml: """
            version: 1
            flags:
              tricky:
                type: string
                default: "*/ in a value stays */"
                owner: "a */ b /* c"
                expires: 2029-01-01
                description: "closes */ opens /* and nests /*/ too"
            """)
        let flags = try XCTUnwrap(rendered.files["Flags.kt"])
        let comments = flags.split(separator: "\n").filter { $0.hasPrefix("    /**") || $0.hasPrefix("     *") }
        XCTAssertTrue(comments.contains("     * closes *&#47; opens /&#42; and nests /&#42;/ too"))
        XCTAssertTrue(comments.contains("     * - Owner: a *&#47; b /&#42; c"))
        XCTAssertTrue(flags.contains(#"            defaultValue = "*/ in a value stays */","#))
        XCTAssertTrue(flags.contains(#"            description = "closes */ opens /* and nests /*/ too""#))
    }

    func testTypesHiddenByFlagKeyEntriesAreQualified() throws {
        let rendered = try renderKotlin(yaml: """
            version: 1
            kotlinPackage: com.example.hidden
            outputs: {servers: [contract]}
            flags:
              flag_kind: {type: bool, default: true, owner: core, expires: 2029-01-01}
              long: {type: int, default: -9223372036854775808, owner: core, expires: 2029-01-01}
              flag_date: {type: bool, default: true, owner: core, expires: 2029-01-01}
            """)
        let flags = try XCTUnwrap(rendered.files["Flags.kt"])
        // Flag properties are lowerCamelCase now, so they hide no type; a FlagKey entry
        // named `String` would hide the key's type inside the enum.
        XCTAssertTrue(flags.contains("            kind = FlagKind.Release,"))
        XCTAssertTrue(flags.contains("            expires = FlagDate(2029, 1, 1),"))
        XCTAssertTrue(flags.contains("            defaultValue = Long.MIN_VALUE,"))
        XCTAssertTrue(flags.contains("    val key: String\n"))
        let string = try XCTUnwrap(try renderKotlin(yaml: """
            version: 1
            flags:
              string: {type: string, default: s, owner: core, expires: 2029-01-01}
            """).files["Flags.kt"])
        XCTAssertTrue(string.contains("    val key: kotlin.String\n"))
        XCTAssertTrue(string.contains("    fun fromKey(key: kotlin.String): FlagKey? = byKey[key]\n") || string.contains("        fun fromKey(key: kotlin.String): FlagKey? = byKey[key]\n"))
    }

    func testConfigPropertiesReadStrictlyWithTheirRules() throws {
        let properties = try configProperties("PaywallConfig", in: packageRoot.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(properties.map { $0["parameter"] }, [
            "val title: String",
            "val trialDays: Long = 0L",
            "val style: Style = Style.Light",
            "val plans: List<Plan> = emptyList()",
        ].map(JSONValue.string))
        XCTAssertEqual(properties.map { $0["readExpression"] }, [
            #"FlagJson.requiredString(json, "title", maxLength = 40)"#,
            #"FlagJson.optionalLong(json, "trialDays", minimum = 0L, maximum = 30L) ?: 0L"#,
            #"FlagJson.optionalEnum(json, "style") { Style.fromValue(it) } ?: Style.Light"#,
            #"FlagJson.optionalList(json, "plans") { Plan.read(FlagJson.jsonObject(it)) } ?: emptyList()"#,
        ].map(JSONValue.string))
        XCTAssertEqual(properties[0]["docComment"], .array(["/** Required. At most 40 characters. */"]))
        XCTAssertEqual(properties[2]["docComment"], .array([#"/** One of "light", "dark". */"#]))
        XCTAssertEqual(properties[3]["docComment"], .array([]))

        let plan = try configProperties("Plan", in: packageRoot.appendingPathComponent("flags.yaml"))
        XCTAssertEqual(plan.map { $0["readExpression"] }, [
            #"FlagJson.requiredString(json, "id")"#,
            #"FlagJson.requiredDouble(json, "price", minimum = 0.0)"#,
        ].map(JSONValue.string))
    }

    func testNullablePropertiesAndNestedConfigs() throws {
        let hostile = packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/hostile.yaml")
        let nested = try configProperties("Nested", in: hostile)
        XCTAssertEqual(nested.map { $0["parameter"] }, ["val `is`: Double = 0.25", "val `return`: Long? = null"].map(JSONValue.string))
        XCTAssertEqual(nested.map { $0["readExpression"] }, [
            #"FlagJson.optionalDouble(json, "is") ?: 0.25"#,
            #"FlagJson.optionalLong(json, "return")"#,
        ].map(JSONValue.string))
        let keywords = try configProperties("Keywords", in: hostile)
        let byKey = Dictionary(uniqueKeysWithValues: keywords.map { ($0["keyLiteral"]?.stringValue ?? "", $0) })
        XCTAssertEqual(byKey[#""nested""#]?["readExpression"], .string(#"FlagJson.optionalObject(json, "nested") { Nested.read(it) }"#))
        XCTAssertEqual(
            byKey[#""class""#]?["readExpression"],
            .string(#"FlagJson.requiredLong(json, "class", minimum = Long.MIN_VALUE, maximum = 9223372036854775807L)"#))
        XCTAssertEqual(
            byKey[#""object""#]?["readExpression"],
            .string(#"FlagJson.optionalEnum(json, "object") { Object.fromValue(it) } ?: Object.C"#))
    }

    func testHeaderAndPackage() throws {
        let rendered = try renderKotlin(manifestAt: packageRoot.appendingPathComponent("flags.yaml"))
        for name in RenderedKotlin.fileNames {
            let lines = try XCTUnwrap(rendered.files[name]).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[0].hasPrefix("// Generated by flaggen "), name)
            XCTAssertTrue(lines[0].hasSuffix(" from flags.yaml. Do not edit."), name)
            XCTAssertEqual(lines[1], "// Change flags.yaml and run `flaggen generate` instead.", name)
            XCTAssertEqual(lines[2], "", name)
            XCTAssertEqual(lines[3], "package com.example.flags", name)
        }
    }

    func testOutputIsTidyAndDeterministic() throws {
        for (name, manifest) in kotlinCases {
            let first = try renderKotlin(manifestAt: manifest)
            let second = try renderKotlin(manifestAt: manifest)
            XCTAssertEqual(first.files, second.files, name)
            for (file, text) in first.files {
                let label = "\(name)/\(file)"
                XCTAssertTrue(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"), "\(label) must end with one newline")
                XCTAssertFalse(text.contains("\t"), "\(label) holds a tab")
                XCTAssertFalse(text.contains("\r"), "\(label) holds a carriage return")
                XCTAssertFalse(text.contains("\n\n\n"), "\(label) holds two blank lines in a row")
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    XCTAssertFalse(line.hasSuffix(" "), "\(label):\(index + 1) ends with a space")
                    let indentation = line.prefix { $0 == " " }.count
                    let isCommentContinuation = line.dropFirst(indentation).hasPrefix("*")
                    XCTAssertTrue(
                        indentation % 4 == 0 || (isCommentContinuation && indentation % 4 == 1),
                        "\(label):\(index + 1) is not indented by multiples of 4 spaces: \(line)")
                }
            }
        }
    }

    func testManifestWithoutFlagsOrConfigs() throws {
        let rendered = try renderKotlin(yaml: "version: 1\nflags: {}\n")
        let flags = try XCTUnwrap(rendered.files["Flags.kt"])
        XCTAssertTrue(flags.contains("    val all: List<Flag<*>> = emptyList()"))
        // An enum class without entries: the `;` ends the empty list.
        XCTAssertTrue(flags.contains("enum class FlagKey(\n    /** The flag's key in the manifest, such as `new_checkout`. */\n    val key: String\n) {\n    ;\n"))
        XCTAssertFalse(flags.contains("object Part"))
        XCTAssertFalse(flags.contains("import org.json"))
    }

    /// Flags are built in holder objects of bounded size: every flag in exactly one, in manifest
    /// order, each closed before it passes either bound. KotlinCompileTests compiles and runs the
    /// same manifest.
    func testFlagsAreSplitIntoBoundedParts() throws {
        let bytes = Array(partsManifestYAML.utf8)
        let manifest = try XCTUnwrap(ManifestValidator().validate(bytes, file: "flags.yaml").manifest)
        let context = try self.context(of: bytes, name: "flags.yaml")
        let flags = try XCTUnwrap(context["flags"]?.arrayValue).compactMap(\.objectValue)
        let parts = try XCTUnwrap(context["parts"]?.arrayValue).compactMap(\.objectValue)
        func size(_ flag: [String: JSONValue]) -> Int { flag["defaultLiteral"]?.stringValue?.utf8.count ?? 0 }

        XCTAssertEqual(parts.map { $0["name"] }, (1...parts.count).map { .string("Part\($0)") })
        XCTAssertEqual(parts.map { $0["isLast"] }, (1...parts.count).map { .bool($0 == parts.count) })
        let members = parts.map { ($0["flags"]?.arrayValue ?? []).compactMap(\.objectValue) }
        // Every flag in exactly one part, in manifest order, and each flag names its part.
        XCTAssertEqual(members.joined().map { $0["key"] }, manifest.flags.map { .string($0.key) })
        XCTAssertEqual(flags.map { $0["key"] }, manifest.flags.map { .string($0.key) })
        for (part, group) in zip(parts, members) {
            XCTAssertEqual(group.map { $0["part"] }, group.map { _ in part["name"] })
            XCTAssertEqual(group.map { $0["isFirstInPart"] }, group.indices.map { .bool($0 == 0) })
            XCTAssertEqual(group.map { $0["isLastInPart"] }, group.indices.map { .bool($0 == group.count - 1) })
        }
        // A part lists the flag objects themselves: positions in the whole list stay as they are.
        XCTAssertEqual(members.joined().map { $0["isLast"] }, flags.indices.map { .bool($0 == flags.count - 1) })
        XCTAssertEqual(Array(members.joined()), flags)
        XCTAssertEqual(flags.compactMap { $0["part"]?.stringValue }, members.enumerated().flatMap { number, group in group.map { _ in "Part\(number + 1)" } })
        // Within both bounds, unless one flag alone is bigger; and closed only when the next
        // flag would pass a bound.
        let maxFlags = KotlinTranslator.maxFlagsPerPart
        let maxBytes = KotlinTranslator.maxDefaultLiteralBytesPerPart
        for (number, group) in members.enumerated() {
            let bytes = group.map(size).reduce(0, +)
            XCTAssertTrue(group.count <= maxFlags, "Part\(number + 1) holds \(group.count) flags")
            XCTAssertTrue(bytes <= maxBytes || group.count == 1, "Part\(number + 1) holds \(bytes) bytes of defaults")
            if number + 1 < members.count, let next = members[number + 1].first {
                XCTAssertTrue(group.count == maxFlags || bytes + size(next) > maxBytes, "Part\(number + 1) was closed early")
            }
        }
        // This manifest meets each bound: 200 bools, parts of json flags closed by size, and
        // the giant default alone.
        XCTAssertEqual(members.first?.count, maxFlags)
        XCTAssertTrue(members.contains { $0.count < maxFlags && $0.count > 1 && $0.allSatisfy { $0["valueType"] == "Blob" } })
        let giant = try XCTUnwrap(members.first { $0.contains { $0["key"] == "giant" } })
        XCTAssertEqual(giant.count, 1)
        XCTAssertTrue(size(giant[0]) > maxBytes)
        XCTAssertTrue(parts.count >= 5, "\(parts.count) parts")

        // The rendered file: getters in the flags object, a holder object per part, `all`
        // joining the parts in order, and FlagKey an enum class of every key.
        let text = try XCTUnwrap(try renderKotlin(yaml: partsManifestYAML).files["Flags.kt"])
        let holders = text.components(separatedBy: "\n    private object Part").count - 1
        XCTAssertEqual(holders, parts.count)
        XCTAssertTrue(text.contains("    val b0: Flag<Boolean> get() = Part1.b0\n"))
        XCTAssertTrue(text.contains("    val giant: Flag<Blob> get() = \(giant[0]["part"]?.stringValue ?? "?").giant\n"))
        XCTAssertTrue(text.contains("\nenum class FlagKey(\n"))
        XCTAssertTrue(text.contains("    B0(\"b0\"),\n"))
        XCTAssertTrue(text.contains("    Flatten(\"flatten\");\n"))
        let joined = (1...parts.count).map { "            Part\($0).all" }.joined(separator: ",\n")
        XCTAssertTrue(text.contains("    val all: List<Flag<*>> by lazy {\n        listOf(\n\(joined)\n        ).flatten()\n    }\n"))
    }

    // MARK: Helpers

    private func context(of manifest: URL) throws -> [String: JSONValue] {
        try context(of: Array(try Data(contentsOf: manifest)), name: manifest.lastPathComponent)
    }

    private func context(of bytes: [UInt8], name: String) throws -> [String: JSONValue] {
        let model = try XCTUnwrap(ManifestValidator().validate(bytes, file: name).manifest)
        let header = GeneratedHeader(manifestName: name)
        return try XCTUnwrap(KotlinTranslator().context(for: model, header: header).objectValue)
    }

    private func flagContext(key: String, in manifest: URL) throws -> [String: JSONValue] {
        let flags = try XCTUnwrap(context(of: manifest)["flags"]?.arrayValue)
        return try XCTUnwrap(flags.compactMap(\.objectValue).first { $0["key"] == .string(key) })
    }

    private func configProperties(_ name: String, in manifest: URL) throws -> [[String: JSONValue]] {
        let configs = try XCTUnwrap(context(of: manifest)["configs"]?.arrayValue).compactMap(\.objectValue)
        let config = try XCTUnwrap(configs.first { $0["name"] == .string(name) })
        return try XCTUnwrap(config["properties"]?.arrayValue).compactMap(\.objectValue)
    }
}

// MARK: - Goldens

/// The Kotlin generated from the scopes fixture (names that hide Kotlin's own types), compared
/// byte for byte with `Goldens/kotlin/scopes/`. The root and hostile manifests' Kotlin is
/// covered with their other outputs by GoldenTests. Set FLAGGEN_RECORD_GOLDENS=1 to re-record
/// after an intended change, then review the diff.
final class KotlinGoldenTests: XCTestCase {
    func testScopesManifest() throws {
        try assertGoldens(case: "scopes")
    }

    func testEnumsManifest() throws {
        try assertGoldens(case: "enums")
    }

    private func assertGoldens(case name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let manifest = try XCTUnwrap(kotlinCases.first { $0.name == name }?.manifest)
        let rendered = try renderKotlin(manifestAt: manifest)
        let folder = packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Goldens/kotlin/\(name)")
        let record = ProcessInfo.processInfo.environment["FLAGGEN_RECORD_GOLDENS"] == "1"
        if record { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for fileName in RenderedKotlin.fileNames {
            let url = folder.appendingPathComponent(fileName)
            let actual = Array((rendered.files[fileName] ?? "").utf8)
            if record {
                try Data(actual).write(to: url)
                continue
            }
            guard let committed = FileManager.default.contents(atPath: url.path) else {
                XCTFail("\(url.path) is missing; run FLAGGEN_RECORD_GOLDENS=1 swift test --filter KotlinGoldenTests", file: file, line: line)
                continue
            }
            if let difference = firstDifference(expected: Array(committed), actual: actual) {
                XCTFail(
                    "\(url.path) differs from the generated Kotlin:\n\(difference)\nRe-record with FLAGGEN_RECORD_GOLDENS=1 if the change is intended.",
                    file: file, line: line)
            }
        }
    }
}
