import FlagKit
import Foundation
import XCTest

/// Runs the Swift generated from Fixtures/hostile.yaml: keywords as names, and strings full of
/// quotes, escapes, interpolation markers, comment markers, control and bidirectional characters.
/// Every value must equal the manifest's exactly.
final class GeneratedHostileTests: XCTestCase {
    func testKeywordNamedFlagsCompileAndKeepTheirKeys() {
        XCTAssertEqual(Hostile.default.key, "default")
        XCTAssertEqual(Hostile.default.defaultValue, true)
        XCTAssertEqual(Hostile.class.key, "class")
        XCTAssertEqual(Hostile.is.key, "is")
        XCTAssertEqual(Hostile.in.key, "in")
        XCTAssertEqual(Hostile.object.key, "object")
        XCTAssertEqual(Hostile.fun.key, "fun")
        XCTAssertEqual(Hostile.when.key, "when")
        XCTAssertEqual(Hostile.Key.default.rawValue, "default")
        XCTAssertEqual(Hostile.Key.allCases.count, Hostile.all.count)
    }

    func testStringsReadBackExactly() {
        XCTAssertEqual(
            Hostile.quotesAndEscapes.defaultValue,
            "She said \"hi\", a back\\slash, \\(swift) ${kotlin} $dollar \"\"\" triple, */ close /* open")
        XCTAssertEqual(Hostile.quotesAndEscapes.owner, "team \"quoted\" \\ slashed")
        XCTAssertEqual(Hostile.quotesAndEscapes.description, "Ends a comment */ and opens one /* and has \"\"\" and \\(x) and ${y}.")
        XCTAssertEqual(Hostile.controlCharacters.defaultValue, "line one\nline two\ttab\r\nwindows \u{1} bell \u{7F} del")
        XCTAssertEqual(
            Hostile.controlCharacters.description, "A description on\nseveral lines, with trailing spaces   \n\tand a tab.\n")
        XCTAssertEqual(
            Hostile.unicodeText.defaultValue,
            "emoji 😀, a family 👨‍👩‍👧, right-to-left \u{200F} مرحبا \u{202E} reversed, zero width \u{200B}, BOM \u{FEFF}")
        XCTAssertEqual(Hostile.unicodeText.owner, "équipe")
        XCTAssertEqual(Hostile.emptyString.defaultValue, "")
    }

    func testNumbersRoundTripExactly() {
        XCTAssertEqual(Hostile.maxInt.defaultValue, Int.max)
        XCTAssertEqual(Hostile.minInt.defaultValue, Int.min)
        XCTAssertEqual(Hostile.groupedInt.defaultValue, -1_234_567)
        XCTAssertEqual(Hostile.tinyDouble.defaultValue, .leastNonzeroMagnitude)
        XCTAssertEqual(Hostile.hugeDouble.defaultValue, Double.greatestFiniteMagnitude)
        XCTAssertEqual(Hostile.negativeZero.defaultValue, 0)
        XCTAssertEqual(Hostile.negativeZero.defaultValue.sign, .minus)
        XCTAssertEqual(Hostile.pointOne.defaultValue, 0.1)
        XCTAssertEqual(Hostile.wholeDouble.defaultValue, 3)
    }

    func testKindsAndExpiry() {
        XCTAssertEqual(Hostile.forever.kind, .permission)
        XCTAssertNil(Hostile.forever.expires)
        XCTAssertTrue(Hostile.kill.killSwitch)
        XCTAssertEqual(Hostile.expired(on: FlagDay.utc(2030, 1, 1)).count, Hostile.all.count - 2)
    }

    func testKeywordConfig() throws {
        let value = Hostile.keywordsConfig.defaultValue
        XCTAssertEqual(value.default, "x\"y")
        XCTAssertEqual(value.class, 1)
        XCTAssertEqual(value.in, ["a", "b\\c"])
        XCTAssertEqual(value.when, true)
        XCTAssertEqual(value.object, .c)
        XCTAssertEqual(value.object.rawValue, "$c")
        XCTAssertNil(value.fun)
        XCTAssertEqual(value.nested, Hostile.Nested(is: 0.5))
        XCTAssertEqual(Hostile.Keywords.schemaVersion, 3)

        let decoded = try XCTUnwrap(Hostile.Keywords.decode(from: Data(#"{"default":"d","class":-2,"object":"a\"b","nested":{"return":7}}"#.utf8)))
        XCTAssertEqual(decoded.in, ["$x", "\\(y)"])
        XCTAssertEqual(decoded.object, .aB)
        XCTAssertEqual(decoded.nested, Hostile.Nested(is: 0.25, return: 7))
        XCTAssertNil(Hostile.Keywords.decode(from: Data(#"{"default":"d","class":1,"object":"zzz"}"#.utf8)))
        XCTAssertNil(Hostile.Keywords.decode(from: Data(#"{"default":"d","class":1,"fun":-2}"#.utf8)))
        XCTAssertNil(Hostile.Keywords.decode(from: Data(#"{"default":"d","class":1,"val":"four"}"#.utf8)))
    }
}
