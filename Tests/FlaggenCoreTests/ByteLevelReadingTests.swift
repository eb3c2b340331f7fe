import XCTest

@testable import FlaggenCore

/// The readings of versions, names and dates agree with their character-level definitions.
final class ByteLevelReadingTests: XCTestCase {
    func testPlainSemanticVersions() {
        XCTAssertEqual(SemanticVersion("2.4.0")?.description, "2.4.0")
        XCTAssertEqual(SemanticVersion("0.0.0")?.description, "0.0.0")
        XCTAssertEqual(SemanticVersion("123456789.10.0")?.major, 123_456_789)
        XCTAssertEqual(SemanticVersion("1.2.3-beta.2+build.7")?.description, "1.2.3-beta.2+build.7")
        for invalid in ["", "1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "1234567890.0.0", "1..3", ".1.2", "1.2.", "1.2.3-", "v1.2.3", "1.2.٣"] {
            XCTAssertNil(SemanticVersion(invalid), invalid)
        }
    }

    func testNameRulesMatchTheirUnicodeDefinitions() {
        func typeName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        func propertyName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
            return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
        var samples = ["", "Paywall", "paywall", "Pay_wall", "pay_wall", "P4y", "4ay", "_a", "Äpfel", "aÄ", "Kelvin\u{212A}", "\u{212A}", "a\u{301}", "ª", "A٣"]
        for byte in 0..<128 {
            let character = String(UnicodeScalar(UInt8(byte)))
            samples += [character, "A" + character, "a" + character]
        }
        for sample in samples {
            XCTAssertEqual(ConfigValidation.isTypeName(sample), typeName(sample), sample)
            XCTAssertEqual(ConfigValidation.isPropertyName(sample), propertyName(sample), sample)
        }
    }

    /// The ASCII reading of camel-case names gives what the character reading gives.
    func testCamelCaseNamesMatchTheirCharacterDefinition() {
        func reference(_ key: String, capitalizeFirst: Bool) -> String {
            let parts = key.split(separator: "_")
            guard let first = parts.first else { return capitalizeFirst ? "" : key }
            let capitalized = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }
            return capitalizeFirst ? capitalized.joined() : String(first) + capitalized.dropFirst().joined()
        }
        var samples = ["", "_", "__", "new_checkout", "_new__checkout_", "a1_2b", "x_y_z", "ß_straße", "é_à", "a_\u{301}b", "k_\u{212A}", "A_b", "a-b_c d"]
        for byte in 0..<128 { samples += ["a_" + String(UnicodeScalar(UInt8(byte))), String(UnicodeScalar(UInt8(byte))) + "_b"] }
        for sample in samples {
            XCTAssertEqual(Identifiers.lowerCamel(sample), reference(sample, capitalizeFirst: false), sample)
            XCTAssertEqual(Identifiers.upperCamel(sample), reference(sample, capitalizeFirst: true), sample)
        }
    }

    /// Dates are read from exactly ten ASCII bytes, `YYYY-MM-DD`, and must exist.
    func testISODatesAreTenDigitsAndDashes() {
        XCTAssertEqual(ISODate("2029-03-01"), ISODate(year: 2029, month: 3, day: 1))
        for invalid in ["", "2029-3-01", "2029-02-30", "2029-13-01", "0000-01-01", "2029/03/01", "2029-03-01 ", "２029-03-01", "2029-03-0\u{301}1", "+029-03-01"] {
            XCTAssertNil(ISODate(invalid), invalid)
        }
    }
}
