import FlagKit
@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

/// Compiles the Kotlin generated from the root flags.yaml, the fixtures, a manifest of 461 flags
/// spread over several holder objects (`partsManifestYAML`) and one without flags with the real
/// kotlinc (once for the whole class: kotlinc is slow), runs it, and compares what it prints with
/// values computed here from the `Manifest` model. Skipped when kotlinc is missing, unless CI=true.
/// `FLAGGEN_KOTLINC` and `FLAGGEN_ORG_JSON_JAR` say where kotlinc and org.json are (defaults:
/// kotlinc on PATH, /usr/share/java/com.android.json.jar).
final class KotlinCompileTests: XCTestCase {
    func testKotlincPrintsNoWarnings() throws {
        let build = try kotlinBuild()
        XCTAssertEqual(build.compilerDiagnostics, [], "kotlinc printed diagnostics")
        print("kotlinc compiled \(build.fileCount) files in \(String(format: "%.1f", build.compileSeconds)) s")
    }

    func testDefaultsAndMetadataMatchTheManifest() throws {
        try assertSection("flag ")
    }

    func testFlagKeysAndTypes() throws {
        try assertSection("key ")
        try assertSection("typed ")
        try assertSection("schema ")
    }

    func testBucketsMatchSwiftAndTheKnownVectors() throws {
        try assertSection("bucket ")
        // The project's vectors, literally (the expected lines above come from FlagKit).
        let lines = try XCTUnwrap(try kotlinBuild().cases.first { $0.name == "root" }).actual
        for (index, bucket) in [(0, 1500), (1, 6497), (2, 8403), (3, 9475)] {
            XCTAssertTrue(lines.contains("bucket \(index) \(bucket) false true"), "bucket vector \(index) should be \(bucket)")
        }
    }

    func testConfigDecoding() throws {
        try assertSection("decode ")
    }

    func testExpiredMatchesLint() throws {
        try assertSection("expired ")
    }

    func testTodayIsTheUTCDateInAnyTimeZoneAndLocale() throws {
        // The JVM runs in Pacific/Kiritimati (UTC+14) with the Thai locale (Buddhist calendar),
        // so a local or locale-dependent date would differ from UTC.
        let build = try kotlinBuild()
        let now = Int(Date().timeIntervalSince1970)
        let candidates = [now - build.runSeconds - 5, now].map { ISODate.todayUTC(secondsSince1970: $0).description }
        for run in build.cases {
            let line = try XCTUnwrap(run.actual.first { $0.hasPrefix("today ") }, run.name)
            XCTAssertTrue(candidates.contains(String(line.dropFirst(6))), "\(run.name): \(line), expected one of \(candidates)")
        }
    }

    // MARK: Helpers

    /// Compares the lines that start with `prefix`, for every case.
    private func assertSection(_ prefix: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for run in try kotlinBuild().cases {
            let expected = run.expected.filter { $0.hasPrefix(prefix) }
            let actual = run.actual.filter { $0.hasPrefix(prefix) }
            XCTAssertFalse(
                expected.isEmpty && prefix != "bucket " && prefix != "decode " && prefix != "schema " && run.name != "empty",
                "\(run.name): nothing to compare for '\(prefix)'", file: file, line: line)
            if let difference = firstDifference(expected: Array(expected.joined(separator: "\n").utf8), actual: Array(actual.joined(separator: "\n").utf8)) {
                XCTFail("\(run.name): the Kotlin program printed other '\(prefix)' lines than expected:\n\(difference)", file: file, line: line)
            }
        }
    }

    private func kotlinBuild() throws -> KotlinBuild {
        switch kotlinBuildOutcome {
        case .built(let build):
            return build
        case .unavailable(let reason):
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                throw KotlinTestError(message: "\(reason); CI=true, so the Kotlin compile tests must run")
            }
            throw XCTSkip(reason)
        case .failed(let message):
            throw KotlinTestError(message: message)
        }
    }
}

// MARK: - The build, once per test run

/// The result of compiling and running every case.
struct KotlinBuild: Sendable {
    /// One manifest's Kotlin program: what it printed and what it should have printed.
    struct Case: Sendable {
        var name: String
        var expected: [String]
        var actual: [String]
    }

    var cases: [Case]
    /// kotlinc's warnings and errors (the JVM's own start-up notes removed).
    var compilerDiagnostics: [String]
    var fileCount: Int
    var compileSeconds: Double
    /// How long running the programs took, in whole seconds rounded up.
    var runSeconds: Int
}

enum KotlinBuildOutcome: Sendable {
    case built(KotlinBuild)
    case unavailable(String)
    case failed(String)
}

/// Built on first use, by whichever test runs first; Swift initializes globals once.
private let kotlinBuildOutcome: KotlinBuildOutcome = {
    do {
        return try buildAndRunKotlin()
    } catch {
        return .failed("\(error)")
    }
}()

private func buildAndRunKotlin() throws -> KotlinBuildOutcome {
    // Scripts/test.sh exports where it found or installed them.
    let environment = ProcessInfo.processInfo.environment
    guard let kotlinc = environment["FLAGGEN_KOTLINC"].flatMap({ $0.isEmpty ? nil : $0 }) ?? executable("kotlinc"),
        FileManager.default.isExecutableFile(atPath: kotlinc)
    else {
        return .unavailable("kotlinc is not installed (apt-get install kotlin, or set FLAGGEN_KOTLINC)")
    }
    // The `kotlin` runner sits beside kotlinc.
    let kotlin = URL(fileURLWithPath: kotlinc).deletingLastPathComponent().appendingPathComponent("kotlin").path
    guard FileManager.default.isExecutableFile(atPath: kotlin) else {
        return .unavailable("\(kotlin) is missing: the `kotlin` runner should sit beside kotlinc")
    }
    let androidJSONJar = environment["FLAGGEN_ORG_JSON_JAR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/java/com.android.json.jar"
    guard FileManager.default.fileExists(atPath: androidJSONJar) else {
        return .unavailable("\(androidJSONJar) is missing (apt-get install libandroid-json-java, or set FLAGGEN_ORG_JSON_JAR)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-kotlinc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // Generated manifests, written beside the programs: flags for several holder objects, and none.
    var manifests = kotlinCases
    for (name, yaml) in [("parts", partsManifestYAML), ("empty", "version: 1\nkotlinPackage: com.example.empty\nflags: {}\n")] {
        let url = folder.appendingPathComponent("\(name).yaml")
        try Data(yaml.utf8).write(to: url)
        manifests.append((name, url))
    }
    var programs: [KotlinProgram] = []
    var sources: [String] = []
    for (name, manifest) in manifests {
        let program = try KotlinProgram(name: name, manifestURL: manifest)
        let caseFolder = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: caseFolder, withIntermediateDirectories: true)
        // FlagStore.kt needs coroutines; KotlinStoreTests compiles and runs it.
        let files = program.rendered.files.filter { $0.key != "FlagStore.kt" }
        for (fileName, text) in files.merging(["Main.kt": program.mainSource], uniquingKeysWith: { $1 }) {
            let url = caseFolder.appendingPathComponent(fileName)
            try Data(text.utf8).write(to: url)
            sources.append(url.path)
        }
        try Data(program.input.joined(separator: "\n").utf8).write(to: caseFolder.appendingPathComponent("input.txt"))
        programs.append(program)
    }

    let jar = folder.appendingPathComponent("out.jar").path
    let start = Date()
    let compile = try run(kotlinc, ["-cp", androidJSONJar, "-d", jar] + sources.sorted())
    let compileSeconds = Date().timeIntervalSince(start)
    let diagnostics = (compile.stdout + compile.stderr).split(separator: "\n").map(String.init).filter {
        // The JVM's note about -Xverify:none on JDK 13 and later is not kotlinc's.
        !$0.isEmpty && !$0.contains("Server VM warning")
    }
    guard compile.status == 0 else {
        return .failed("kotlinc failed (exit \(compile.status)):\n" + diagnostics.joined(separator: "\n"))
    }

    var cases: [KotlinBuild.Case] = []
    let runStart = Date()
    for program in programs {
        let input = folder.appendingPathComponent(program.name).appendingPathComponent("input.txt").path
        let result = try run(
            kotlin, ["-cp", "\(jar):\(androidJSONJar)", "flaggentest.\(program.name).MainKt", input],
            environment: ["JAVA_OPTS": "-Xmx256M -Xms32M -Duser.timezone=Pacific/Kiritimati -Duser.language=th -Duser.country=TH"])
        guard result.status == 0 else {
            return .failed("the \(program.name) program failed (exit \(result.status)):\n\(result.stderr)")
        }
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        cases.append(KotlinBuild.Case(name: program.name, expected: program.expected, actual: lines))
    }
    let runSeconds = Int(Date().timeIntervalSince(runStart).rounded(.up))
    return .built(
        KotlinBuild(
            cases: cases, compilerDiagnostics: diagnostics, fileCount: sources.count, compileSeconds: compileSeconds,
            runSeconds: runSeconds))
}

/// The full path of a program on PATH (or in /usr/bin).
func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for folder in path.split(separator: ":") + ["/usr/bin"] {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Runs a program to its end: exit status, standard output and standard error.
func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment, uniquingKeysWith: { $1 })
    let folder = FileManager.default.temporaryDirectory
    let stdoutURL = folder.appendingPathComponent("flaggen-out-\(UUID().uuidString)")
    let stderrURL = folder.appendingPathComponent("flaggen-err-\(UUID().uuidString)")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    defer {
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
    }
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    let out = String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self)
    let err = String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
    return (process.terminationStatus, out, err)
}

// MARK: - The test program

/// A Kotlin `main` for one manifest, the input it reads and the lines it must print.
///
/// The program prints values in a form that compares exactly: strings as UTF-8 hex, doubles as
/// their bits, configs with every property. Its input holds one command a line, fields split by
/// U+001F, texts as UTF-8 hex (JSON documents may hold line breaks). The expected lines are computed from the manifest
/// model, independently of the translator.
private struct KotlinProgram {
    var name: String
    var rendered: RenderedKotlin
    var mainSource = ""
    var input: [String] = []
    var expected: [String] = []

    private var manifest: Manifest { rendered.manifest }
    private var configs: [String: ConfigDefinition] {
        Dictionary(manifest.configs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    init(name: String, manifestURL: URL) throws {
        self.name = name
        self.rendered = try renderKotlin(manifestAt: manifestURL)
        buildExpectedValues()
        try buildInput()
        mainSource = makeMainSource()
    }

    // MARK: Expected

    private mutating func buildExpectedValues() {
        for flag in manifest.flags {
            expected.append(
                "flag \(flag.key) default=\(dump(flag.defaultValue, configName: flag.configName)) owner=\(hex(flag.owner))"
                    + " expires=\(flag.expires?.description ?? "null") killSwitch=\(flag.killSwitch)"
                    + " kind=\(Identifiers.upperCamel(flag.kind.rawValue)) description=\(flag.description.map(hex) ?? "null")")
        }
        for flag in manifest.flags {
            expected.append("key \(Identifiers.upperCamel(flag.key)) \(flag.key) true")
        }
        expected.append("key missing true")
        expected.append("key count \(manifest.flags.count) \(manifest.flags.count)")
        for flag in manifest.flags {
            expected.append("typed \(flag.key) true")
            expected.append("typed key \(flag.key) true \(Identifiers.upperCamel(flag.key))")
        }
        for config in manifest.configs {
            expected.append("schema \(config.name) \(config.version)")
        }
    }

    private mutating func buildInput() throws {
        var commands: [(command: [String], expected: (Int) -> String)] = []
        if name == "root" {
            let vectors: [(String, String)] = [
                ("acct-42", "new_checkout"), ("acct-1", "new_checkout"), ("user-7", "chat_media_enabled"),
                ("\u{FC}n\u{EF}c\u{F8}d\u{E9}-\u{FC}", "paywall"), ("u\u{308}n\u{EF}c\u{F8}d\u{E9}-\u{FC}", "paywall"),
                ("", "new_checkout"), ("acct-42", ""), ("\u{1F680}-rocket", "dark_mode"), ("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "search_v2"),
            ]
            for (stableID, flagKey) in vectors {
                let bucket = Bucket.of(stableID: stableID, flagKey: flagKey)
                commands.append((["bucket", hex(stableID), hex(flagKey)], { "bucket \($0) \(bucket) false true" }))
            }
        }
        for day in ["2000-01-01", "2029-01-01", "2029-01-02", "2029-01-31", "2029-02-01", "2029-03-01", "2029-03-02", "9999-12-31"] {
            let today = try XCTUnwrap(ISODate(day))
            let keys = manifest.flags.filter { flag in flag.expires.map { $0 < today } ?? false }.map(\.key)
            commands.append((["expired", day], { _ in "expired \(day) \(keys.joined(separator: ","))" }))
        }
        for (config, json, valid) in decodeCases {
            let expectedValue: String
            if valid {
                let value = try JSONParser.parse(json)
                expectedValue = dump(value, as: .config(config))
            } else {
                expectedValue = "null"
            }
            commands.append((["decode", config, hex(json)], { "decode \($0) \(expectedValue)" }))
            if valid {
                commands.append((["decodeObject", config, hex(json)], { "decode \($0) \(expectedValue)" }))
            }
        }
        for (index, command) in commands.enumerated() {
            input.append(command.command.joined(separator: "\u{1F}"))
            expected.append(command.expected(index))
        }
    }

    /// JSON documents for the configs: config name, JSON text, and whether it is valid.
    /// JSON documents for the configs: config name, JSON text, and whether it is valid. The root
    /// and hostile cases live in Fixtures/config-decoding-vectors.json, which the generated
    /// Swift's tests decode too, so both languages are held to the same answers.
    private var decodeCases: [(String, String, Bool)] {
        switch name {
        case "root", "hostile":
            return sharedDecodingVectors(name)
        case "scopes":
            return [
                ("Plan", "{}", true),
                ("Plan", #"{"Long":1,"Plan":{},"it":[],"json":"j","kotlin":[{"Plan":{"x":1}}],"com":2,"FlagJson":false,"SCHEMA_VERSION":3,"copy":"*/","nothing":[{},{"a":1}]}"#, true),
                ("Suppress", "{}", true),
                ("Plan", #"{"nothing":[[]]}"#, false),
                ("Inner", #"{"Long":5}"#, true),
                ("Calendar", #"{"anything":[1]}"#, true),
                ("JSONException", "{}", true),
                ("Inner", #"{"Long":6}"#, false),
                ("Plan", #"{"copy":"x"}"#, false),
                ("Calendar", "[]", false),
            ]
        case "enums":
            // An enum property reads its exact value: another case, another Unicode form or an
            // unknown value fails the whole config.
            return [
                ("Banner", #"{"text":"t","align":"start"}"#, true),
                ("Banner", #"{"text":"t","align":"end","tone":"caf\u00e9","size":"large","Text":"T"}"#, true),
                ("Banner", #"{"text":"t","align":"end","tone":"banner","size":null}"#, true),
                ("Banner", #"{"text":"t","align":"end","tone":"cafe\u0301"}"#, false),
                ("Banner", #"{"text":"t","align":"End"}"#, false),
                ("Banner", #"{"text":"t","align":"middle"}"#, false),
                ("Banner", #"{"text":"t"}"#, false),
                ("Banner", #"{"text":"t","align":"start","size":1}"#, false),
            ]
        default:
            return []
        }
    }

    /// What the program prints for a flag value.
    private func dump(_ value: FlaggenCore.ManifestValue, configName: String?) -> String {
        switch value {
        case .bool(let bool): "b:\(bool)"
        case .string(let text): "s:" + hex(text)
        case .int(let number): "i:\(number)"
        case .double(let number): "d:" + String(number.bitPattern, radix: 16)
        case .json(let json): dump(json, as: .config(configName ?? ""))
        }
    }

    /// What the program prints for a JSON value of a property type: omitted properties as
    /// their defaults from the manifest, or null.
    private func dump(_ value: JSONValue?, as type: PropertyType) -> String {
        switch (type, value) {
        case (_, nil), (_, .null?): return "null"
        case (.string, .string(let text)?): return "s:" + hex(text)
        case (.bool, .bool(let bool)?): return "b:\(bool)"
        case (.int, .int(let number)?): return "i:\(number)"
        case (.int, .double(let number)?): return "i:\(Int(number))"
        case (.double, .double(let number)?): return "d:" + String(number.bitPattern, radix: 16)
        case (.double, .int(let number)?): return "d:" + String(Double(number).bitPattern, radix: 16)
        case (.array(let items), .array(let values)?): return "[" + values.map { dump($0, as: items) }.joined(separator: ",") + "]"
        case (.config(let name), .object(let object)?):
            guard let config = configs[name] else { return "unknown config \(name)" }
            let members = config.properties.map { property -> String in
                // A missing or null optional property takes its default.
                var member = object[property.name]
                if member == nil || member == .null { member = property.defaultValue }
                return "\(property.name)=" + dump(member, as: property.type)
            }
            return "\(name){" + members.joined(separator: ",") + "}"
        default:
            return "mismatch \(type) \(String(describing: value))"
        }
    }

    private func hex(_ text: String) -> String {
        text.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // MARK: Main.kt

    private func makeMainSource() -> String {
        let objectName = manifest.name
        var dumpCases: [String] = []
        for config in manifest.configs {
            // An enum property's entry prints as its exact string, as the manifest model has it.
            let members = config.properties.map { property -> String in
                let isNullable = !property.isRequired && property.defaultValue == nil
                let raw = property.enumValues == nil ? "" : (isNullable ? "?.value" : ".value")
                return #""\#(property.name)=" + dump(value.\#(Identifiers.kotlinEscaped(property.name))\#(raw))"#
            }
            let body = members.isEmpty ? #""\#(config.name){}""# : #""\#(config.name){" + listOf(\#(members.joined(separator: ", "))).joinToString(",") + "}""#
            dumpCases.append("    is \(config.name) -> \(body)")
        }
        // An enum flag's default prints as its exact string.
        for flag in manifest.flags where flag.enumValues != nil {
            dumpCases.append("    is \(objectName).\(Identifiers.upperCamel(flag.key)) -> \"s:\" + hex(value.value)")
        }
        let decodeCases = manifest.configs.map { #"    "\#($0.name)" -> dump(\#($0.name).fromJson(json))"# }
        let decodeObjectCases = manifest.configs.map { #"    "\#($0.name)" -> dump(\#($0.name).fromJson(JSONObject(json)))"# }
        // Each flag through its getter, the same instance as in `all`, and its FlagKey getter.
        let typed = manifest.flags.enumerated().map { index, flag -> String in
            var type: String
            switch flag.type {
            case .bool: type = "Boolean"
            case .string: type = "String"
            case .int: type = "Long"
            case .double: type = "Double"
            case .json: type = flag.configName ?? "Nothing"
            }
            let entry = Identifiers.upperCamel(flag.key)
            if flag.enumValues != nil { type = "\(objectName).\(entry)" }
            let name = Identifiers.kotlinEscaped(Identifiers.lowerCamel(flag.key))
            let key = "\"" + flag.key + "\""
            return """
                    println("typed " + typed<\(type)>(\(objectName).\(name)) + " " + (\(objectName).\(name) === \(objectName).all[\(index)]))
                    println("typed key " + FlagKey.\(entry).key + " " + (FlagKey.\(entry) === FlagKey.fromKey(\(key))) + " " + FlagKey.\(entry))
                """
        }
        // In functions of 100 flags: one `main` for hundreds of flags would pass the JVM's 64 KB
        // limit on a method.
        let typedChunks = stride(from: 0, to: typed.count, by: 100).map { Array(typed[$0..<min($0 + 100, typed.count)]) }
        let typedFunctions = typedChunks.enumerated().map { number, lines in
            "fun typed\(number)() {\n" + lines.joined(separator: "\n") + "\n}\n"
        }
        let typedCalls = typedChunks.indices.map { "    typed\($0)()" }
        // Without configs, there is nothing to decode.
        func decoder(_ name: String, _ cases: [String]) -> String {
            if cases.isEmpty {
                return "@Suppress(\"UNUSED_PARAMETER\")\nfun \(name)(config: String, json: String): String = \"unknown config $config\""
            }
            return "fun \(name)(config: String, json: String): String = when (config) {\n" + cases.joined(separator: "\n")
                + "\n    else -> \"unknown config $config\"\n}"
        }
        // Explicit imports: a star import loses to Kotlin's default imports (a config may be
        // named Suppress).
        let imported = [manifest.name, "Bucket", "Flag", "FlagDate", "FlagKey"] + manifest.configs.map(\.name)
        let imports = imported.sorted().map { "import \(manifest.kotlinPackage).\($0)" }
        let schemas = manifest.configs.map { #"    println("schema \#($0.name) " + \#($0.name).SCHEMA_VERSION)"# }
        return #"""
            package flaggentest.\#(name)

            \#(imports.joined(separator: "\n"))
            import java.io.File
            import org.json.JSONObject

            fun hex(text: String): String =
                text.toByteArray(Charsets.UTF_8).joinToString("") { (it.toInt() and 0xFF).toString(16).padStart(2, '0') }

            fun unhex(text: String): String =
                String(ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }, Charsets.UTF_8)

            fun dump(value: Any?): String = when (value) {
                null -> "null"
                is Boolean -> "b:$value"
                is String -> "s:" + hex(value)
                is Long -> "i:$value"
                is Double -> "d:" + java.lang.Long.toHexString(value.toRawBits())
                is List<*> -> value.joinToString(",", "[", "]") { dump(it) }
            \#(dumpCases.joined(separator: "\n"))
                else -> "unexpected " + value.javaClass.name
            }

            \#(decoder("decode", decodeCases))

            \#(decoder("decodeObject", decodeObjectCases))

            fun <T : Any> typed(flag: Flag<T>): String = flag.key

            \#(typedFunctions.joined(separator: "\n"))

            fun main(args: Array<String>) {
                for (flag in \#(objectName).all) {
                    println(
                        "flag " + flag.key + " default=" + dump(flag.defaultValue) + " owner=" + hex(flag.owner) +
                            " expires=" + flag.expires + " killSwitch=" + flag.killSwitch + " kind=" + flag.kind +
                            " description=" + (flag.description?.let { hex(it) } ?: "null")
                    )
                }
                for (entry in FlagKey.values()) {
                    println("key " + entry.name + " " + entry.key + " " + (FlagKey.fromKey(entry.key) == entry))
                }
                println("key missing " + (FlagKey.fromKey("no such flag") == null))
                println("key count " + \#(objectName).all.size + " " + FlagKey.values().size)
            \#(typedCalls.joined(separator: "\n"))
            \#(schemas.joined(separator: "\n"))
                println("today " + FlagDate.today())
                File(args[0]).readLines(Charsets.UTF_8).forEachIndexed { index, line ->
                    val fields = line.split('\u001F')
                    when (fields[0]) {
                        "bucket" -> {
                            val stableId = unhex(fields[1])
                            val flagKey = unhex(fields[2])
                            val bucket = Bucket.of(stableId, flagKey)
                            val inside = Bucket.isIn(stableId, flagKey, bucket + 1)
                            println("bucket $index $bucket ${Bucket.isIn(stableId, flagKey, bucket)} $inside")
                        }
                        "expired" -> {
                            val day = fields[1].split('-').map { it.toInt() }
                            val expired = \#(objectName).expired(FlagDate(day[0], day[1], day[2]))
                            println("expired " + fields[1] + " " + expired.joinToString(",") { it.key })
                        }
                        "decode" -> println("decode $index " + decode(fields[1], unhex(fields[2])))
                        "decodeObject" -> println("decode $index " + decodeObject(fields[1], unhex(fields[2])))
                    }
                }
            }

            """#
    }
}

/// The config decoding vectors both generated languages must agree on, for one manifest.
func sharedDecodingVectors(_ manifest: String) -> [(String, String, Bool)] {
    let url = packageRoot.appendingPathComponent("Tests/FlaggenCoreTests/Fixtures/config-decoding-vectors.json")
    guard let data = FileManager.default.contents(atPath: url.path), let all = try? JSONParser.parse(Array(data)),
        let cases = all[manifest]?.arrayValue
    else {
        XCTFail("cannot read the decoding vectors at \(url.path)")
        return []
    }
    return cases.compactMap { item in
        guard let config = item["config"]?.stringValue, let json = item["json"]?.stringValue, let valid = item["valid"]?.boolValue else {
            return nil
        }
        return (config, json, valid)
    }
}
