import FlaggenJSON
import Foundation
import XCTest

@testable import FlaggenCore

/// Manifests that crashed flaggen, exhausted its memory or kept it busy for minutes, found
/// while fuzzing (docs/fuzzing.md): each must now end quickly in a manifest or clear
/// diagnostics. The small ones are seeds in Fuzz/corpus/manifest/ too.
final class FuzzRegressionTests: XCTestCase {
    /// Validates on a thread with a 512 KiB stack (the size of a secondary thread on macOS),
    /// within `seconds`; a generous bound that the old quadratic code missed by far.
    private func timedValidate(_ yaml: String, within seconds: Double = 20,
                               file: StaticString = #filePath, line: UInt = #line) -> ValidationResult {
        nonisolated(unsafe) var result: ValidationResult?
        let bytes = Array(yaml.utf8)
        let started = Date()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result = ManifestValidator().validate(bytes, file: "flags.yaml")
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        XCTAssertLessThan(Date().timeIntervalSince(started), seconds, file: file, line: line)
        return result ?? ValidationResult(manifest: nil, diagnostics: [])
    }

    private func errorMessages(_ result: ValidationResult) -> [String] {
        result.diagnostics.filter { $0.severity == .error }.map(\.formatted)
    }

    /// A chain of configs, each holding the next: `C0 -> C1 -> ... -> C(count)`.
    private func configChain(_ count: Int, last: String = "int") -> String {
        var yaml = "version: 1\nflags: {}\nconfigs:\n"
        for index in 0..<count { yaml += "  C\(index): {properties: {a: {type: C\(index + 1)}}}\n" }
        yaml += "  C\(count): {properties: {a: {type: \(last)}}}\n"
        return yaml
    }

    /// The cycle check recursed once per config in a chain, copying the path at every step:
    /// 100,000 configs overflowed the main thread's stack. This runs 5,000 on a 512 KiB stack;
    /// the one error is the JSON Schemas', which would repeat the chain in every file.
    func testLongConfigChainDoesNotOverflowTheStack() throws {
        let found = errorMessages(timedValidate(configChain(5_000)))
        XCTAssertEqual(found.count, 1, found.joined(separator: "\n"))
        XCTAssertTrue(found.first?.hasPrefix("flags.yaml:24:3: error: the JSON Schemas would hold more than 100000 config definitions in all from config 'C20' on") == true, found.first ?? "")
    }

    func testLongConfigCycleIsReportedAbbreviated() {
        let result = timedValidate(configChain(29, last: "C0"))
        XCTAssertEqual(errorMessages(result), [
            "flags.yaml:4:3: error: configs refer to each other in a cycle (C0 -> C1 -> C2 -> C3 -> C4 -> ... 21 more ... "
                + "-> C26 -> C27 -> C28 -> C29 -> C0); break it by removing one reference",
        ])
    }

    /// "Did you mean" compared two 30,000-letter names with a 30,001 x 30,001 table: 7 GB and
    /// half a minute for a 60 KB manifest (the fuzzer ran out of memory).
    func testLongUnknownNamesGetAHintQuickly() {
        let name = "A" + String(repeating: "b", count: 30_000)
        let result = timedValidate("""
            version: 1
            flags:
              f: {type: json, schema: \(name)x, default: {}, owner: a, expires: 2029-01-01}
            configs:
              ? \(name)y
              : {properties: {}}
            """)
        let found = errorMessages(result)
        XCTAssertEqual(found.count, 2)
        XCTAssertTrue(found.first?.hasSuffix("is not defined under 'configs'; did you mean '\(name)y'?") == true)
        XCTAssertTrue(found.last?.contains("is 30002 characters long; names of generated types become file names") == true, found.last ?? "")
    }

    /// Each unknown config name was compared with every config (sorted anew each time): 20,000
    /// unknown names among 50,000 configs took over five minutes. Hints now stop after
    /// `ValidationContext.maxHintComparisons` comparisons.
    func testHintsStopAfterTheComparisonBudget() {
        let count = 600
        var yaml = "version: 1\nflags:\n"
        for index in 0..<count {
            yaml += "  f\(index): {type: json, schema: Conf\(index)x, default: {}, owner: a, expires: 2029-01-01}\n"
        }
        yaml += "configs:\n"
        for index in 0..<count { yaml += "  Conf\(index): {properties: {}}\n" }
        let found = errorMessages(timedValidate(yaml))
        XCTAssertEqual(found.count, count)
        let hinted = found.filter { $0.contains("did you mean") }.count
        XCTAssertEqual(hinted, ValidationContext.maxHintComparisons / count)
        XCTAssertTrue(found[0].hasSuffix("names the config 'Conf0x', which is not defined under 'configs'; did you mean 'Conf0'?"))
        XCTAssertTrue(found[count - 1].hasSuffix("names the config 'Conf\(count - 1)x', which is not defined under 'configs'"))
    }

    /// Retired keys, `required` entries and the keys of a config value were each looked up by
    /// scanning a list: 100,000 retired keys took 52 s.
    func testLongListsAreLookedUpByName() throws {
        let count = 20_000
        var yaml = "version: 1\nretired: [" + (0..<count).map { "r\($0)" }.joined(separator: ", ") + "]\nflags:\n"
        yaml += "  r7: {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
        yaml += "  big: {type: json, schema: Big, owner: a, expires: 2029-01-01, default: {"
        yaml += (0..<count).map { "p\($0): \($0)" }.joined(separator: ", ") + "}}\n"
        yaml += "configs:\n  Big:\n    required: [" + (0..<count).map { "p\($0)" }.joined(separator: ", ") + "]\n    properties:\n"
        for index in 0..<count { yaml += "      p\(index): {type: int}\n" }
        let found = errorMessages(timedValidate(yaml))
        XCTAssertEqual(found, [
            "flags.yaml:4:3: error: flag key 'r7' is retired (listed in 'retired' at line 2); retired keys are never "
                + "reused, because installed apps may still read them; pick a new key",
            "flags.yaml:5:74: error: flag 'big' has a default of more than 4000 values, more than the generated Kotlin can build in "
                + "one JVM method (64 KB of bytecode); keep the default small and let the server send the full value",
            "flags.yaml:7:3: error: config 'Big' has properties that take 40627 parameter slots in the constructor of its generated "
                + "Kotlin data class, more than the 255 a JVM method takes (an int or double property takes 2, any other 1); move some "
                + "properties into a nested config",
        ])
    }

    /// An error for an unknown key listed every property of the config: 10,000 such keys in a
    /// config of 10,000 properties made about 2 GB of messages.
    func testUnknownKeyListsAtMostTwentyProperties() {
        var yaml = "version: 1\nflags:\n  f: {type: json, schema: Big, owner: a, expires: 2029-01-01, default: {zzzzzz: 1}}\n"
        yaml += "configs:\n  Big:\n    properties:\n"
        for index in 0..<1_000 { yaml += "      property_\(index): {type: int}\n" }
        // Besides: 1,000 int properties take more JVM constructor slots than a method has.
        let found = errorMessages(timedValidate(yaml)).filter { !$0.contains("parameter slots") }
        XCTAssertEqual(found.count, 1)
        let names = (0..<20).map { "property_\($0)" }.joined(separator: ", ")
        XCTAssertTrue(found.first?.hasSuffix("its properties are \(names) and 980 more") == true, found.first ?? "")
    }

    /// One long string pasted by many aliases adds few nodes but much text: 5,000 aliases of a
    /// 60,000-byte description (a 490 KB manifest) made a 300 MB JSON Schema and 2 GB of memory.
    func testAliasesMayNotExpandPastTheFileSizeLimit() {
        let text = String(repeating: "x", count: 60_000)
        var yaml = "version: 1\nflags:\n  f0: {type: bool, default: false, owner: a, expires: 2029-01-01, description: &d \(text)}\n"
        for index in 1...300 {
            yaml += "  f\(index): {type: bool, default: false, owner: a, expires: 2029-01-01, description: *d}\n"
        }
        let found = errorMessages(timedValidate(yaml))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found.first?.hasSuffix("error: aliases expand to more than 16777216 bytes of text, the limit of the whole file; write the values out or use fewer aliases") == true,
            found.first ?? "")
    }

    /// Each config's schema repeats every config it refers to: a chain of 1,000 configs (a 40 KB
    /// manifest) made 116 MB of JSON Schemas, and longer chains grew with the square. Validation
    /// refuses a chain whose schemas pass 100,000 definitions; a shorter one generates.
    func testSchemasOfALongConfigChainAreRefused() throws {
        let found = errorMessages(timedValidate(configChain(450)))
        XCTAssertEqual(found.count, 1, found.joined(separator: "\n"))
        XCTAssertTrue(found.first?.hasPrefix("flags.yaml:393:3: error: the JSON Schemas would hold more than 100000 config definitions") == true, found.first ?? "")
        let header = GeneratedHeader(manifestName: "flags.yaml")
        let shorter = try XCTUnwrap(timedValidate(configChain(100)).manifest)
        XCTAssertEqual(try Generator(kinds: [.schemas]).files(for: shorter, header: header).count, 102)
    }
}
