@testable import FlagKit
import Foundation
import XCTest

/// The JSON reader and writer behind the saved copy and the HTTP sources.
final class FlagJSONTests: XCTestCase {
    private func parse(_ text: String) -> FlagValue? {
        FlagJSON.parse(Data(text.utf8))
    }

    func testScalars() {
        XCTAssertEqual(parse("true"), true)
        XCTAssertEqual(parse(" false "), false)
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(parse("0"), .int(0))
        XCTAssertEqual(parse("-42"), .int(-42))
        XCTAssertEqual(parse("9223372036854775807"), .int(Int.max))
        XCTAssertEqual(parse("-9223372036854775808"), .int(Int.min))
        XCTAssertEqual(parse("9223372036854775808"), .double(9_223_372_036_854_775_808))
        XCTAssertEqual(parse("0.25"), .double(0.25))
        XCTAssertEqual(parse("1e3"), .double(1000))
        XCTAssertEqual(parse("-1.5E-2"), .double(-0.015))
        XCTAssertEqual(parse("4.0"), .double(4))
    }

    func testStrings() {
        XCTAssertEqual(parse(#""plain""#), "plain")
        XCTAssertEqual(parse(#""a\"b\\c\/d\n\t\r\b\f""#), "a\"b\\c/d\n\t\r\u{8}\u{C}")
        XCTAssertEqual(parse(#""\u00e9\u20AC""#), "é€")
        XCTAssertEqual(parse(#""\ud83d\ude80""#), "🚀")
        XCTAssertEqual(parse(#""\ud83d""#), "\u{FFFD}", "a lone surrogate is replaced, not a crash")
        XCTAssertEqual(parse("\"ünïcødé\""), "ünïcødé")
    }

    func testContainers() {
        XCTAssertEqual(parse(#"{"a": [1, 2.5, "x", null, {"b": false}], "c": {}}"#),
                       ["a": [1, 2.5, "x", .null, ["b": false]], "c": [:]])
        XCTAssertEqual(parse("[]"), [])
    }

    func testMalformedTextIsRefused() {
        let bad = [
            "", " ", "tru", "nul", "{", "[1,", #"{"a":1"#, #"{"a" 1}"#, #"{a:1}"#, "[1,]", #"{"a":1,}"#,
            "01", "-", "1.", "1e", ".5", "+1", "1 2", #""unterminated"#, "\"tab\there\"", #""\x""#,
            #""\u12""#, "NaN", "Infinity", "1e400", "[1] x",
        ]
        for text in bad {
            XCTAssertNil(parse(text), text)
        }
    }

    func testBytesThatAreNotUTF8AreRefused() {
        func parse(_ bytes: [UInt8]) -> FlagValue? { FlagJSON.parse(Data(bytes)) }
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), n = UInt8(ascii: "n")
        let bad: [[UInt8]] = [
            [0xED, 0xA0, 0x80],  // an encoded surrogate: three U+FFFD when repaired
            [0xFF], [0xC0, 0x80], [0xE2, 0x82], [0x80],
            [0xF1, 0x80, 0x80],  // cut short: repaired as one U+FFFD, three bytes like these three
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        ]
        for bytes in bad {
            XCTAssertNil(parse([quote] + bytes + [quote]), "\(bytes)")
            XCTAssertNil(parse([quote, backslash, n] + bytes + [quote]), "\(bytes) after an escape")
            XCTAssertNil(parse([UInt8(ascii: "{"), quote] + bytes + [quote] + Array(":1}".utf8)), "\(bytes) in a name")
        }
        XCTAssertNil(parse(Array(#""a""#.utf8) + [0xE2, 0x82]), "cut short after the value")
        XCTAssertEqual(parse([quote, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, quote]), "é€😀")
        XCTAssertEqual(parse([quote, backslash, n, 0xC3, 0xA9, backslash, n, quote]), "\né\n")
        XCTAssertEqual(parse(Array(#""\u00e9 \ud83d\ude00""#.utf8)), "é 😀", "escapes are not raw bytes")
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(parse(deep))
        let fine = String(repeating: "[", count: FlagLimits.maximumDepth) + String(repeating: "]", count: FlagLimits.maximumDepth)
        XCTAssertNotNil(parse(fine), "64 levels are the limit")
        XCTAssertNil(parse("[" + fine + "]"), "65 levels are refused")
        XCTAssertNil(parse(#"{"a":1,"a":1}"#), "a duplicate name")
        XCTAssertNil(parse(#"{"a":1,"\u0061":2}"#), "a duplicate name once unescaped")
        XCTAssertNotNil(parse(#"{"a":{"a":1}}"#), "the same name in two objects")
    }

    func testWritingSortsKeysAndRoundTrips() {
        let value: FlagValue = [
            "z": 1, "a": [true, .null, 0.5, -3], "m": "quote \" backslash \\ newline \n control \u{1} é",
            "big": .double(1e300), "whole": .double(4),
        ]
        let text = String(decoding: FlagJSON.serialize(value), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"a":[true,null,0.5,-3],"big":1e+300,"m":"quote \" backslash \\ newline \n control \u0001 é""#), text)
        XCTAssertEqual(FlagJSON.parse(FlagJSON.serialize(value)), value)
        XCTAssertEqual(String(decoding: FlagJSON.serialize(.double(.nan)), as: UTF8.self), "null")
    }

    func testCodableAgreesWithTheParser() throws {
        let text = #"{"b": true, "i": 7, "d": 0.5, "s": "x", "n": null, "a": [1, "y"], "o": {"k": false}}"#
        let decoded = try JSONDecoder().decode(FlagValue.self, from: Data(text.utf8))
        XCTAssertEqual(decoded, parse(text))
        let reencoded = try JSONDecoder().decode(FlagValue.self, from: JSONEncoder().encode(decoded))
        XCTAssertEqual(reencoded, decoded)
    }

    func testSnapshotCodableRoundTrip() throws {
        let snapshot = FlagSnapshot(
            userKey: "acct-42", fetchedAt: Date(timeIntervalSince1970: 1_760_000_000.5),
            values: ["new_checkout": true, "paywall": ["title": "Go Pro"]])
        let data = try JSONEncoder().encode(snapshot)
        XCTAssertEqual(try JSONDecoder().decode(FlagSnapshot.self, from: data), snapshot)
        let object = try JSONDecoder().decode(FlagValue.self, from: data)
        XCTAssertEqual(object, ["userKey": "acct-42", "fetchedAt": 1_760_000_000.5, "values": ["new_checkout": true, "paywall": ["title": "Go Pro"]]])
    }
}
