@testable import FlaggenCore
import Foundation
import XCTest

/// Random manifests whose flag keys, config names and property names come from a hostile pool
/// (both languages' keywords, standard-library, Foundation, FlagKit and org.json names, the
/// generated code's own locals and members, case-only differences, names that collide once
/// camel-cased) must either be refused by validation at a line that writes one of those names,
/// or generate Swift that swiftc compiles warning-free in Swift 6 mode and Kotlin that kotlinc
/// compiles warning-free.
///
/// A fixed seed and a small count here (`FLAGGEN_NAMES_SEED`, `FLAGGEN_NAMES_COUNT` change them;
/// `Scripts/test.sh --slow` runs 150). Every Swift file is type-checked on its own, all the Kotlin
/// in one kotlinc run. Skipped when swiftc's FlagKit module or kotlinc is missing, unless CI=true.
final class GeneratedNamesPropertyTests: XCTestCase {
    func testHostileNamesAreRefusedOrCompile() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["FLAGGEN_NAMES_SEED"].flatMap(UInt64.init) ?? 20_260_301
        let count = environment["FLAGGEN_NAMES_COUNT"].flatMap(Int.init) ?? 14
        let tools = try CompilerTools.find()
        var random = SplitMix(seed: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // FLAGGEN_NAMES_KEEP=1 keeps the generated files, to read a failure.
        defer { if environment["FLAGGEN_NAMES_KEEP"] != "1" { try? FileManager.default.removeItem(at: folder) } }

        var accepted = 0
        var refused = 0
        var kotlinSources: [[String]] = []
        for index in 0..<count {
            let generated = HostileManifest.make(number: index, random: &random)
            let result = ManifestValidator().validate(Array(generated.yaml.utf8), file: "flags.yaml")
            let errors = result.diagnostics.filter { $0.severity == .error }
            guard let manifest = result.manifest, errors.isEmpty else {
                refused += 1
                if environment["FLAGGEN_NAMES_VERBOSE"] == "1" { print(errors.map(\.formatted).joined(separator: "\n")) }
                for error in errors {
                    XCTAssertTrue(
                        generated.nameLines.contains(error.location.line),
                        "case \(index): an error at a line that writes no name:\n\(error.formatted)\n\(generated.yaml)")
                }
                continue
            }
            accepted += 1
            let caseFolder = folder.appendingPathComponent("case\(index)")
            try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
            let manifestURL = caseFolder.appendingPathComponent("flags.yaml")
            try Data(generated.yaml.utf8).write(to: manifestURL)
            var run = Generate(manifestPath: manifestURL.path)
            run.kinds = [.swift, .kotlin]
            kotlinSources.append([])
            for file in try run.render().files {
                let name = String(file.path.split(separator: "/").last ?? "")
                let url = caseFolder.appendingPathComponent(name)
                try Data(file.contents).write(to: url)
                if name.hasSuffix(".kt"), name != "FlagStore.kt" { kotlinSources[kotlinSources.count - 1].append(url.path) }
            }
            let swift = try run_(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, caseFolder.appendingPathComponent("Flags.swift").path])
            let output = (swift.stdout + swift.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(swift.status == 0 && output.isEmpty, "case \(index): swiftc (exit \(swift.status)):\n\(output)\n\(generated.yaml)")
            _ = manifest
        }
        print("hostile names: \(count) manifests (seed \(seed)), \(accepted) compiled, \(refused) refused")
        XCTAssertGreaterThan(accepted, count / 4, "too few manifests passed validation to test the compilers")
        XCTAssertGreaterThan(refused, 0, "no manifest was refused: the pool holds names that must be")

        // At most 16 manifests per kotlinc run: kotlinc 1.3's script gives the compiler a 256 MB
        // heap, and 69 manifests in one run failed inside the compiler (an analysis exception
        // in whichever file it had reached), while each compiles alone.
        for (batch, start) in stride(from: 0, to: kotlinSources.count, by: 16).enumerated() {
            let files = kotlinSources[start..<min(start + 16, kotlinSources.count)].flatMap { $0 }
            let jar = folder.appendingPathComponent("out\(batch).jar").path
            let kotlin = try run_(tools.kotlinc, ["-cp", tools.orgJSON, "-d", jar] + files)
            let diagnostics = (kotlin.stdout + kotlin.stderr).split(separator: "\n").filter { !$0.contains("Server VM warning") }
            XCTAssertTrue(
                kotlin.status == 0 && diagnostics.isEmpty,
                "kotlinc on manifests \(start)..< \(start + 16) (exit \(kotlin.status)):\n" + diagnostics.prefix(40).joined(separator: "\n"))
        }
    }
}

/// Every type name the generated code writes unqualified, read from the templates themselves,
/// taken as a config name (Swift and Kotlin, with the Kotlin flag store) and every library type
/// the Swift qualifies taken as the manifest's `name`: each is refused by validation, or the
/// code compiles. A name a template starts to use is tested the day it is added. (Reported: a
/// config named `HashSet`, `Throwable` or `FlagStoreError`, a flag enum named `Deprecated` and
/// `name: CaseIterable` passed lint and broke the build.)
final class TemplateNamesCompileTests: XCTestCase {
    /// The UpperCamel names in the code of the templates in `folder` (comments, string
    /// literals and Mustache tags left out; ALL_CAPS constants are members, which no config hides).
    static func typeNames(inTemplatesOf folder: String) throws -> [String] {
        let url = packageRoot.appendingPathComponent("Templates/\(folder)")
        var names: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".mustache") {
            var text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
            for pattern in [#"/\*[\s\S]*?\*/"#, #"//[^\n]*"#, #""(\\.|[^"\\\n])*""#, #"\{\{[^}]*\}\}"#] {
                text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            let regex = try NSRegularExpression(pattern: #"\b[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\b"#)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range, in: text)!]))
            }
        }
        return names.sorted()
    }

    /// The manifest with one config per name, and a json flag of each (so the code reads them).
    private func manifest(configs names: [String]) -> String {
        var lines = ["version: 1", "name: AppFlags", "kotlinPackage: com.example.names", "outputs:", "  kotlinRuntime: Generated/Kotlin/FlagStore.kt", "configs:"]
        // A text property too, so a call such as `NoSuchElementException("...")` could take a
        // config of that name (a call the config's constructor cannot take finds the library's).
        lines += names.map { "  \($0): {properties: {message: {type: string}, x: {type: int, default: 0}}}" }
        lines.append("flags:")
        lines += names.map { "  f_\($0.lowercased()): {type: json, schema: \($0), default: {}, owner: team, expires: 2099-01-01}" }
        lines.append("  deprecated: {type: string, enum: [a, b], default: a, owner: team, expires: 2099-01-01}")
        lines.append("  old: {type: bool, default: false, owner: team, expires: 2099-01-01, deprecated: use new}")
        return lines.joined(separator: "\n") + "\n"
    }

    func testEveryTypeNameTheTemplatesUseIsRefusedOrCompiles() throws {
        let tools = try CompilerTools.find()
        let folder = try XCTUnwrap(FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-template-names-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var names = try Self.typeNames(inTemplatesOf: "kotlin") + Self.typeNames(inTemplatesOf: "swift") + SwiftScope.libraryTypes.map(\.name)
        names = Array(Set(names)).sorted()
        XCTAssertGreaterThan(names.count, 60)
        // The names validation refuses, each at its config; the enum flag `deprecated` too.
        let all = manifest(configs: names)
        let refused = ManifestValidator().validate(Array(all.utf8), file: "flags.yaml").diagnostics.filter { $0.severity == .error }
        let lines = all.split(separator: "\n", omittingEmptySubsequences: false)
        let refusedNames = Set(refused.compactMap { diagnostic -> String? in
            let line = lines[diagnostic.location.line - 1].trimmingCharacters(in: .whitespaces)
            return names.first { line.hasPrefix("\($0):") || line.hasPrefix("f_\($0.lowercased()):") }
        })
        XCTAssertTrue(refused.contains { $0.message.contains("flag 'deprecated' lists 'enum' values") }, refused.map(\.formatted).joined(separator: "\n"))
        for name in ["HashSet", "Throwable", "FlagStoreError", "Deprecated", "Foundation", "FlagKit"] {
            XCTAssertTrue(refusedNames.contains(name), "\(name) was not refused")
        }

        let accepted = names.filter { !refusedNames.contains($0) }
        var text = manifest(configs: accepted)
        text = text.replacingOccurrences(of: "  deprecated: {type: string, enum: [a, b], default: a, owner: team, expires: 2099-01-01}\n", with: "")
        let url = folder.appendingPathComponent("flags.yaml")
        try Data(text.utf8).write(to: url)
        var generate = Generate(manifestPath: url.path)
        generate.kinds = [.swift, .kotlin]
        let rendered = try generate.render()
        XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }.map(\.formatted), [])
        var kotlin: [String] = []
        for file in rendered.files {
            let out = folder.appendingPathComponent(LexicalPath.lastComponent(of: file.path))
            try Data(file.contents).write(to: out)
            if file.path.hasSuffix(".kt") { kotlin.append(out.path) }
        }
        let swift = try run_(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, folder.appendingPathComponent("Flags.swift").path])
        XCTAssertEqual(swift.status, 0, "swiftc on \(accepted.count) configs:\n\(swift.stderr.prefix(4_000))")
        let coroutines = try peerTool("FLAGGEN_COROUTINES_JARS", purpose: "compiling the Kotlin flag store")
        let compiled = try run_(tools.kotlinc, ["-cp", tools.orgJSON + ":" + coroutines, "-d", folder.appendingPathComponent("out.jar").path] + kotlin)
        let errors = (compiled.stdout + compiled.stderr).split(separator: "\n").filter { $0.contains("error:") }
        XCTAssertTrue(compiled.status == 0 && errors.isEmpty, "kotlinc on \(accepted.count) configs:\n" + errors.prefix(40).joined(separator: "\n"))

        // Each library type the Swift qualifies, as the manifest's `name`: refused, or compiles.
        for name in SwiftScope.libraryTypes.map(\.name) + ["Swift"] {
            let yaml = "version: 1\nname: \(name)\nflags:\n  a: {type: string, enum: [x, y], default: x, owner: t, expires: 2099-01-01}\n  b: {type: json, schema: Plan, default: {}, owner: t, expires: 2099-01-01}\nconfigs:\n  Plan: {properties: {n: {type: int, minimum: 0, default: 1}, Int: {type: int, default: 0}, s: {type: string, enum: [p, q], default: p}}}\n"
            let validated = ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml")
            guard validated.manifest != nil else { continue }
            let caseURL = folder.appendingPathComponent("name-\(name).yaml")
            try Data(yaml.utf8).write(to: caseURL)
            var swiftOnly = Generate(manifestPath: caseURL.path)
            swiftOnly.kinds = [.swift]
            let file = try XCTUnwrap(try swiftOnly.render().files.first)
            let swiftURL = folder.appendingPathComponent("Name\(name).swift")
            try Data(file.contents).write(to: swiftURL)
            let checked = try run_(tools.swiftc, ["-typecheck", "-swift-version", "6", "-I", tools.modules, swiftURL.path])
            XCTAssertEqual(checked.status, 0, "name: \(name):\n\(checked.stderr.prefix(2_000))")
        }
    }
}

/// The Kotlin flag store names the generated types from a package whose first name a local
/// could hide: the default package `flags` (the store's parameter `flags`), `it` (a lambda's),
/// `now`, `flag`, `source`, `store`. A config named `JvmName` with case-twin properties (whose
/// getters the annotation renames) compiles too.
final class KotlinStorePackageTests: XCTestCase {
    func testTheStoreCompilesInAPackageNamedLikeALocal() throws {
        let tools = try CompilerTools.find()
        let coroutines = try peerTool("FLAGGEN_COROUTINES_JARS", purpose: "compiling the Kotlin flag store")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-store-packages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for package in ["flags", "it.example.flags", "now.app", "flag.app", "source.app", "store.app"] {
            let caseFolder = folder.appendingPathComponent(package)
            try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
            let manifest = caseFolder.appendingPathComponent("flags.yaml")
            let package = package == "flags" ? "" : "kotlinPackage: \(package)\n"
            try Data(
                """
                version: 1
                \(package)outputs: {kotlinRuntime: Generated/Kotlin/FlagStore.kt}
                flags:
                  layout: {type: string, enum: [grid, list], default: grid, owner: t, expires: 2099-01-01}
                  paywall: {type: json, schema: Paywall, default: {}, owner: t, expires: 2099-01-01}
                  twins: {type: json, schema: JvmName, default: {}, owner: t, expires: 2099-01-01}
                configs:
                  Paywall: {properties: {title: {type: string, default: Go}}}
                  JvmName: {properties: {title: {type: string, default: a}, Title: {type: string, default: b}}}

                """.utf8
            ).write(to: manifest)
            var generate = Generate(manifestPath: manifest.path)
            generate.kinds = [.kotlin]
            let rendered = try generate.render()
            XCTAssertEqual(rendered.diagnostics.filter { $0.severity == .error }.map(\.formatted), [])
            for file in rendered.files {
                let url = caseFolder.appendingPathComponent(LexicalPath.lastComponent(of: file.path))
                try Data(file.contents).write(to: url)
                sources.append(url.path)
            }
        }
        let compiled = try run_(tools.kotlinc, ["-cp", tools.orgJSON + ":" + coroutines, "-d", folder.appendingPathComponent("out.jar").path] + sources)
        let errors = (compiled.stdout + compiled.stderr).split(separator: "\n").filter {
            ($0.contains("error:") || $0.contains("warning:")) && !$0.contains("Server VM warning")
        }
        XCTAssertTrue(compiled.status == 0 && errors.isEmpty, errors.prefix(20).joined(separator: "\n"))
    }
}

// MARK: - The manifests

/// A random manifest of hostile names, and the lines that write a name.
struct HostileManifest {
    var yaml: String
    /// The lines of flag keys, config names, property names and `enum` values.
    var nameLines: Set<Int>

    /// Flag keys (lowercase, as keys are): keywords, generated members, library names once
    /// camel-cased (`flag_kind` is `flagKind`, `FlagKind` in Kotlin), keys that share a name.
    static let keys = [
        "default", "class", "self", "all", "expired", "init", "when", "object", "fun", "val", "is", "in", "string", "int",
        "key", "container", "decoder", "data", "flag", "flag_kind", "flag_date", "long", "companion", "part_1", "swift",
        "foundation", "flag_kit", "type", "new_checkout", "new__checkout", "raw_value", "all_cases", "is_on", "get_title",
        "com", "json", "it", "value", "values", "copy", "hash_code", "to_string", "equals", "metadata", "key_2", "key2",
        "checkout_theme", "plan", "config_decoding", "flags", "flags_1",
    ]

    /// Config names: library and generated types, modules, the namespace, case-only twins.
    static let configNames = [
        "Plan", "PLAN", "Config", "DecodingError", "JSONDecoder", "StrictJSON", "Key", "Swift", "Foundation", "FlagKit",
        "Flags", "String", "Int", "Style", "Codable", "Data", "Date", "Decoder", "Part1", "Companion", "Sendable",
        "CaseIterable", "Hashable", "CodingKeys", "Flag", "FlagMetadata", "FlagDay", "Suppress", "JSONObject", "Title",
        "ConfigDecoding", "CheckoutTheme", "NewCheckout",
        "Self", "Type", "Any", "Theme", "Equatable", "Set", "Boolean", "FlagJson",
    ]

    /// Property names: the generated code's locals and members, library types, keywords of
    /// either language, case-only differences, camel-case twins, config names.
    static let propertyNames = [
        "container", "decoder", "data", "Self", "self", "Int", "String", "Bool", "Double", "JSONDecoder", "DecodingError",
        "Swift", "Foundation", "FlagKit", "Flags", "title", "Title", "style", "Style", "type", "CodingKeys", "init",
        "default", "class", "when", "it", "json", "value", "Long", "Plan", "Config", "com", "copy", "is_on", "isOn", "IsOn",
        "schemaVersion", "decode", "Companion", "Key", "hashValue", "a_b", "aB", "Type", "Protocol", "StrictJSON", "name",
        "ordinal", "SCHEMA_VERSION", "FlagJson", "read", "fromJson", "Flag", "Date", "Data", "Set", "theme", "Theme",
        "Codable", "Sendable", "fun", "object", "plan", "defaultTitle", "toString", "hashCode", "equals", "component1",
    ]

    /// `enum:` values: keywords, members enums have, case-only twins, text that is no name.
    static let enumValues = [
        "light", "dark", "Light", "DARK", "default", "2x", "", "rawValue", "a-b", "a_b", "String", "self", "init", "value",
        "name", "Companion", "when", "true", "light mode", "ordinal", "values", "allCases",
    ]

    static func make(number: Int, random: inout SplitMix) -> HostileManifest {
        var lines = ["version: 1", "name: \(["Flags", "AppFlags", "Config"][random.below(3)])", "kotlinPackage: com.example.case\(number)"]
        if random.below(3) == 0 { lines.append("swiftAccess: internal") }
        var nameLines: Set<Int> = []
        let configs = pick(from: configNames, usually: qualifiedConfigNames, count: 1 + random.below(3), random: &random)
        lines.append("configs:")
        for (position, config) in configs.enumerated() {
            lines.append("  \(config):")
            nameLines.insert(lines.count)
            lines.append("    properties:")
            let properties = pick(from: propertyNames, usually: qualifiedPropertyNames, count: 1 + random.below(5), random: &random)
            // Only configs later in the list, so no cycle.
            let later = Array(configs[(position + 1)...])
            for property in properties {
                var fields: [String]
                switch random.below(later.isEmpty ? 6 : 8) {
                case 0, 1:
                    let values = pick(from: enumValues, count: 1 + random.below(4), random: &random)
                    fields = ["type: string", "enum: [\(values.map(quoted).joined(separator: ", "))]"]
                    if random.below(2) == 0 { fields.append("default: \(quoted(values[random.below(values.count)]))") }
                case 2: fields = ["type: string", "maxLength: 12"] + (random.below(2) == 0 ? ["default: \(quoted("x"))"] : [])
                case 3: fields = ["type: int", "minimum: 0"] + (random.below(2) == 0 ? ["default: 3"] : [])
                case 4: fields = ["type: double"] + (random.below(2) == 0 ? ["default: 0.5"] : [])
                case 5: fields = ["type: array", "items: \(["string", "int", "bool"][random.below(3)])", "default: []"]
                case 6: fields = ["type: \(later[random.below(later.count)])"]
                default: fields = ["type: array", "items: \(later[random.below(later.count)])", "default: []"]
                }
                lines.append("      \(property): {\(fields.joined(separator: ", "))}")
                nameLines.insert(lines.count)
                if fields.contains(where: { $0.hasPrefix("enum") }) { nameLines.insert(lines.count) }
            }
        }
        lines.append("flags:")
        for key in pick(from: keys, usually: qualifiedKeys, count: 1 + random.below(4), random: &random) {
            lines.append("  \(key):")
            nameLines.insert(lines.count)
            switch random.below(6) {
            case 0: lines += ["    type: bool", "    default: true"]
            case 5:
                // A typed enum flag: its enum is named after the key, in the namespace.
                let values = pick(from: enumValues, count: 1 + random.below(3), random: &random)
                lines += ["    type: string", "    enum: [\(values.map(quoted).joined(separator: ", "))]"]
                nameLines.insert(lines.count)
                lines += ["    default: \(quoted(values[random.below(values.count)]))"]
            case 1: lines += ["    type: string", "    default: \(quoted("a \"b\""))"]
            case 2: lines += ["    type: int", "    default: -9007199254740992"]
            case 3: lines += ["    type: double", "    default: 1.5"]
            default:
                // No property is required, so every config takes `{}`.
                let config = configs[random.below(configs.count)]
                lines += ["    type: json", "    schema: \(config)", "    default: {}"]
            }
            lines += ["    owner: team", "    expires: 2099-01-01"]
        }
        return HostileManifest(yaml: lines.joined(separator: "\n") + "\n", nameLines: nameLines)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Names the generated code must take by qualifying around them (`Swift.Int`, `self.x`,
    /// `Flags.Plan`), which the issue behind this test listed as breaking the build. Seven of
    /// eight picks come from these, so that enough manifests pass validation to reach the
    /// compilers; the eighth from the whole pool, where many names are refused.
    static let qualifiedKeys = [
        "default", "class", "when", "object", "fun", "val", "is", "in", "string", "int", "key", "container", "decoder",
        "data", "flag", "flag_kind", "flag_date", "long", "swift", "foundation", "flag_kit", "new_checkout", "is_on",
        "get_title", "com", "json", "it", "value", "values", "copy", "hash_code", "to_string", "equals", "metadata",
        "checkout_theme", "plan", "config_decoding", "flags",
    ]
    static let qualifiedConfigNames = [
        "Plan", "PLAN", "Config", "DecodingError", "JSONDecoder", "StrictJSON", "Style", "Title", "Theme", "Suppress",
        "ConfigDecoding", "CheckoutTheme", "NewCheckout", "Hashable", "CaseIterable",
    ]
    static let qualifiedPropertyNames = [
        "container", "decoder", "data", "Int", "String", "Bool", "Double", "JSONDecoder", "DecodingError", "title",
        "Title", "style", "Style", "type", "default", "class", "when", "it", "json", "value", "Long", "Plan", "Config",
        "com", "copy", "isOn", "schemaVersion", "decode", "Key", "hashValue", "aB", "StrictJSON", "name", "ordinal",
        "SCHEMA_VERSION", "FlagJson", "read", "fromJson", "Flag", "Date", "Data", "theme", "Theme", "Codable", "Sendable",
        "fun", "object", "plan", "defaultTitle", "toString", "hashCode", "equals", "component1",
    ]

    private static func pick(from pool: [String], usually common: [String], count: Int, random: inout SplitMix) -> [String] {
        var picked: [String] = []
        while picked.count < count {
            let name = random.below(8) == 0 ? pool[random.below(pool.count)] : common[random.below(common.count)]
            if !picked.contains(name) { picked.append(name) }
        }
        return picked
    }

    private static func pick(from pool: [String], count: Int, random: inout SplitMix) -> [String] {
        var picked: [String] = []
        while picked.count < count {
            let name = pool[random.below(pool.count)]
            if !picked.contains(name) { picked.append(name) }
        }
        return picked
    }
}

extension SplitMix {
    /// A number from 0 to `bound - 1` (SplitMix is in UnifiedDiffTests.swift).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

// MARK: - The compilers

/// swiftc with FlagKit's module from this build, kotlinc and org.json.
struct CompilerTools {
    var swiftc: String
    var modules: String
    var kotlinc: String
    var orgJSON: String

    static func find() throws -> CompilerTools {
        let environment = ProcessInfo.processInfo.environment
        func unavailable(_ reason: String) throws -> Never {
            if environment["CI"] == "true" { throw KotlinTestError(message: "\(reason); CI=true, so this test must run") }
            throw XCTSkip(reason)
        }
        // access(2), not FileManager: swiftc is a symlink to swift-driver, which
        // isExecutableFile does not follow on Linux.
        let onPath = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map { String($0) + "/swiftc" }.first { (path: String) in access(path, X_OK) == 0 }
        guard let swiftc = environment["FLAGGEN_SWIFTC"].flatMap({ $0.isEmpty ? nil : $0 }) ?? onPath else {
            try unavailable("swiftc is not on PATH (set FLAGGEN_SWIFTC); PATH is \(environment["PATH"] ?? "")")
        }
        let modules = packageRoot.appendingPathComponent(".build/debug/Modules").path
        guard FileManager.default.fileExists(atPath: modules + "/FlagKit.swiftmodule") else {
            try unavailable("FlagKit's module is not at \(modules) (swift build --build-tests first)")
        }
        guard let kotlinc = environment["FLAGGEN_KOTLINC"].flatMap({ $0.isEmpty ? nil : $0 }) ?? executable("kotlinc") else {
            try unavailable("kotlinc is not installed (apt-get install kotlin, or set FLAGGEN_KOTLINC)")
        }
        let orgJSON = environment["FLAGGEN_ORG_JSON_JAR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/java/com.android.json.jar"
        guard FileManager.default.fileExists(atPath: orgJSON) else { try unavailable("\(orgJSON) is missing") }
        return CompilerTools(swiftc: swiftc, modules: modules, kotlinc: kotlinc, orgJSON: orgJSON)
    }
}

/// ``run(_:_:environment:)``, named apart from the test's local `run`.
private func run_(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(program, arguments)
}
