import Foundation
import XCTest

@testable import FlaggenCore

/// Validating the flags in two parts on two cores (``FlagsSplit``) must give exactly what one
/// pass gives, the manifest and every diagnostic in order, wherever the flags are cut, and run
/// the side work exactly once.
final class SplitValidationTests: XCTestCase {
    private func onePass(_ bytes: [UInt8]) -> ValidationResult {
        ManifestValidator().validate(YAMLParser().parse(bytes), file: "flags.yaml")
    }

    private func split(_ bytes: [UInt8], firstPartCount: Int) -> (ValidationResult, Int) {
        var validator = ManifestValidator()
        validator.splitFromFlags = 1
        validator.forcedFirstPartCount = firstPartCount
        let runs = SideRuns()
        let (result, side) = validator.validate(YAMLParser().parse(bytes), file: "flags.yaml", alongside: { runs.add() }, workCost: bytes.count)
        XCTAssertEqual(runs.count, 1, "the side work runs exactly once")
        return (result, side)
    }

    private final class SideRuns: @unchecked Sendable {
        private let lock = NSLock()
        private var runs = 0
        func add() -> Int { lock.lock(); defer { lock.unlock() }; runs += 1; return runs }
        var count: Int { lock.lock(); defer { lock.unlock() }; return runs }
    }

    /// Cuts the flags at every place (and past the end) and compares with one pass.
    private func checkEveryCut(_ bytes: [UInt8], name: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = onePass(bytes)
        let flagCount = YAMLParser().parse(bytes).tree.flatMap(FlagsSplit.flagCount(in:)) ?? 0
        // Every cut of a small manifest; about 10 spread over a large one, whose every cut
        // validates the whole manifest again (twice when the second part has a problem).
        let step = flagCount <= 40 ? 1 : flagCount / 10
        for cut in Set(Array(stride(from: 0, through: flagCount + 1, by: step)) + [1, flagCount - 1, flagCount, flagCount + 1]).sorted() where cut >= 0 {
            let (result, side) = split(bytes, firstPartCount: cut)
            XCTAssertEqual(side, 1, file: file, line: line)
            XCTAssertEqual(result.manifest, expected.manifest, "\(name) cut after \(cut) flags", file: file, line: line)
            XCTAssertEqual(result.diagnostics, expected.diagnostics, "\(name) cut after \(cut) flags", file: file, line: line)
        }
    }

    func testEveryManifestInTheRepositoryAtEveryCut() throws {
        var files = [packageRoot.appendingPathComponent("flags.yaml")]
        for folder in ["Fuzz/corpus/manifest", "Tests/FlaggenCoreTests/Fixtures", "Examples"] {
            let walker = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                if file.pathExtension == "yaml" { files.append(file) }
            }
        }
        XCTAssertGreaterThan(files.count, 55)
        for file in files {
            checkEveryCut(try Array(Data(contentsOf: file)), name: file.lastPathComponent)
        }
    }

    /// Problems in either part, names claimed in one part and clashing in the other, retired
    /// keys, a misspelled config (a "did you mean" hint) and bad keys, all at every cut.
    func testProblemsOnEitherSideOfTheCut() {
        let manifest = """
            version: 1
            retired: [old_flag]
            configs:
              Paywall:
                version: 1
                properties:
                  title: { type: string, default: "Hi" }
            flags:
              new_checkout: { type: bool, default: false, owner: a, expires: 2029-01-01 }
              dark_mode: { type: bool, default: true, owner: b, expires: 2029-01-01 }
              paywall: { type: json, schema: Paywal, default: {}, owner: c, expires: 2029-01-01 }
              old_flag: { type: int, default: 1, owner: d, expires: 2029-01-01 }
              Bad-Key: { type: bool, default: true, owner: e, expires: 2029-01-01 }
              new_checkout_: { type: bool, default: true, owner: f, expires: 2029-01-01 }
              dark__mode: { type: bool, default: true, owner: g, expires: 2029-01-01 }
              limit: { type: int, default: "x", owner: h, expires: 2029-01-01 }
              last_one: { type: bool, default: true, owner: i, expires: 2029-01-01 }

            """
        XCTAssertGreaterThan(onePass(Array(manifest.utf8)).diagnostics.count, 4)
        checkEveryCut(Array(manifest.utf8), name: "problems")
    }

    /// Names that clash across the cut, in a manifest that is otherwise valid: the clash is
    /// reported once the second part's names are claimed after the first part's.
    func testNamesClashingAcrossTheCut() {
        let manifest = """
            version: 1
            flags:
              new_checkout: { type: bool, default: false, owner: a, expires: 2029-01-01 }
              other: { type: bool, default: false, owner: a, expires: 2029-01-01 }
              new__checkout: { type: bool, default: false, owner: a, expires: 2029-01-01 }
              all: { type: bool, default: false, owner: a, expires: 2029-01-01 }

            """
        let expected = onePass(Array(manifest.utf8))
        XCTAssertNil(expected.manifest)
        XCTAssertEqual(expected.diagnostics.count, 2, "\(expected.diagnostics.map(\.formatted))")
        checkEveryCut(Array(manifest.utf8), name: "clashes")
    }

    func testTheSideWorkRunsOnceWhateverTheManifest() {
        for text in ["", "version: 1", "[1, 2]", "version: 1\nflags: 3\n", "version: 1\nflags:\n  a: 1\n"] {
            let (_, side) = split(Array(text.utf8), firstPartCount: 0)
            XCTAssertEqual(side, 1, text)
        }
    }

    /// The split the tool uses, balanced by the side work's cost, on a large manifest.
    func testABalancedSplitOfManyFlags() {
        var lines = ["version: 1", "flags:"]
        for index in 0..<3_000 {
            lines.append("  flag_\(index): { type: int, default: \(index), owner: team\(index % 9), expires: 2029-01-01 }")
        }
        lines.append("  flag__7: { type: bool, default: true, owner: x, expires: 2029-01-01 }")
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let expected = onePass(bytes)
        let (result, side) = ManifestValidator().validate(YAMLParser().parse(bytes), file: "flags.yaml", alongside: { 42 }, workCost: bytes.count)
        XCTAssertEqual(side, 42)
        XCTAssertEqual(expected.diagnostics.count, 1, "flag__7 clashes with flag_7")
        XCTAssertEqual(result.manifest, expected.manifest)
        XCTAssertEqual(result.diagnostics, expected.diagnostics)
        let split = FlagsSplit(sideWork: {}, sideCost: bytes.count, flagCount: 3_000)
        XCTAssertTrue((1..<3_000).contains(split.firstPartCount), "\(split.firstPartCount)")
    }
}
