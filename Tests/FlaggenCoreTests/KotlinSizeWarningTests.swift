@testable import FlaggenCore
import XCTest

/// One Kotlin class holds at most 65,535 constants; `generate` warns before kotlinc refuses.
final class KotlinSizeWarningTests: XCTestCase {
    private func manifest(flags count: Int) throws -> Manifest {
        var yaml = "version: 1\nflags:\n"
        for index in 0..<count {
            yaml += "  flag_\(index): {type: bool, default: false, owner: a, expires: 2030-01-01}\n"
        }
        return try XCTUnwrap(ManifestValidator().validate(Array(yaml.utf8), file: "flags.yaml").manifest)
    }

    func testWarnsAboveTheCeilingAtTheFirstFlag() throws {
        XCTAssertNil(Generate.kotlinSizeWarning(for: try manifest(flags: Generate.kotlinFlagCeiling), file: "flags.yaml"))
        let warning = try XCTUnwrap(Generate.kotlinSizeWarning(for: try manifest(flags: Generate.kotlinFlagCeiling + 1), file: "flags.yaml"))
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.formatted.hasPrefix("flags.yaml:3:3: warning: the manifest has 15001 flags"), warning.formatted)
        XCTAssertTrue(warning.formatted.contains("--only"), warning.formatted)
    }
}
