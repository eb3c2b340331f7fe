import FlaggenJSON
import Foundation
import XCTest

final class JSONParserTests: XCTestCase {
    func testAccepts() throws {
        let cases: [(String, JSONValue)] = [
            ("null", nil),
            ("true", true),
            ("false", false),
            ("0", 0),
            ("-0", 0),
            ("42", 42),
            ("-42", -42),
            ("9223372036854775807", .int(Int.max)),
            ("-9223372036854775808", .int(Int.min)),
            ("9223372036854775808", .double(9223372036854775808.0)),
            ("-9223372036854775809", .double(-9223372036854775809.0)),
            ("123456789012345678901234567890", .double(1.2345678901234568e29)),
            ("0.0", .double(0)),
            ("-0.0", .double(-0.0)),
            ("0.1", .double(0.1)),
            ("1.0", .double(1)),
            ("1e2", .double(100)),
            ("1E+2", .double(100)),
            ("1e-2", .double(0.01)),
            ("-1.5e-3", .double(-0.0015)),
            ("5e-324", .double(.leastNonzeroMagnitude)),
            ("1e-400", .double(0)),
            ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
            ("\"\"", ""),
            ("\"abc\"", "abc"),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""\u0041\u00e9\u00E9\u20ac\u0000""#, "A\u{E9}\u{E9}\u{20AC}\u{0}"),
            (#""\ud83d\ude00\uD83D\uDE00""#, "\u{1F600}\u{1F600}"),
            (#""\udbff\udfff""#, "\u{10FFFF}"),
            ("\"\u{E9}\u{1F600}\u{200F}\u{2028}\u{7F}\"", "\u{E9}\u{1F600}\u{200F}\u{2028}\u{7F}"),
            ("[]", []),
            ("{}", [:]),
            (" \t\r\n[ 1 , \"a\" , null ]\n ", [1, "a", nil]),
            (#"{"a":{"b":[{}]},"c":[[],[[]]]}"#, ["a": ["b": [[:]]], "c": [[], [[]]]]),
            (#"{"":0,"a b":1}"#, ["": 0, "a b": 1]),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try JSONParser.parse(text), expected, text)
        }
    }

    func testNumberKinds() throws {
        XCTAssertEqual(try JSONParser.parse("3").intValue, 3)
        XCTAssertNil(try JSONParser.parse("3.0").intValue)
        XCTAssertEqual(try JSONParser.parse("3.0").doubleValue, 3)
        XCTAssertEqual(try JSONParser.parse("-0.0").doubleValue?.sign, .minus)
        // Correctly rounded: the closest double to 0.1 + a tie-breaking case.
        XCTAssertEqual(try JSONParser.parse("0.1000000000000000055511151231257827"), .double(0.1))
        XCTAssertEqual(try JSONParser.parse("9007199254740993"), .int(9007199254740993))
        XCTAssertEqual(try JSONParser.parse("9007199254740993.0"), .double(9007199254740992.0))
    }

    /// Each text must be rejected; the second element is part of the message.
    func testRejects() {
        let cases: [(String, String)] = [
            ("", "expected a JSON value, found end of input"),
            ("   ", "found end of input"),
            ("[1,]", "trailing commas are not allowed"),
            (#"{"a":1,}"#, "trailing commas are not allowed"),
            ("[1 2]", "expected ',' or ']' after an array element, found '2'"),
            (#"{"a" 1}"#, #"expected ':' after the object key "a", found '1'"#),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' after an object member, found '\"'"),
            ("{a:1}", "expected a string key in double quotes after '{', found 'a'"),
            ("{'a':1}", "single quotes are not allowed"),
            ("['a']", "strings must use double quotes"),
            ("// c\n1", "comments are not allowed"),
            ("[1 /* c */]", "expected ',' or ']'"),
            ("/* c */ 1", "comments are not allowed"),
            ("# c\n1", "comments are not allowed"),
            ("01", "leading zeros are not allowed"),
            ("-01", "leading zeros are not allowed"),
            ("00", "leading zeros are not allowed"),
            ("+1", "numbers cannot start with '+'"),
            (".5", "numbers need a digit before '.'"),
            ("1.", "expected a digit after '.'"),
            ("1.e5", "expected a digit after '.'"),
            ("1e", "expected a digit in the exponent"),
            ("1e+", "expected a digit in the exponent"),
            ("-", "expected a digit in the number, found end of input"),
            ("-a", "expected a digit in the number, found 'a'"),
            ("1e400", "the number 1e400 is too large to represent as a Double"),
            ("-1e400", "too large"),
            ("NaN", "expected a JSON value"),
            ("Infinity", "expected a JSON value"),
            ("-Infinity", "expected a digit"),
            ("tru", "invalid literal: expected 'true', found end of input"),
            ("nul", "invalid literal"),
            ("True", "found 'T'"),
            ("nulll", "expected end of input after the JSON value, found 'l'"),
            ("1 2", "expected end of input after the JSON value, found '2'"),
            ("{}{}", "expected end of input"),
            ("[1]]", "expected end of input"),
            ("[1", "expected ',' or ']' after an array element, found end of input"),
            (#"{"a":1"#, "found end of input"),
            (#"{"a""#, "expected ':'"),
            ("[", "expected a JSON value, found end of input"),
            ("\"abc", "unterminated string"),
            ("\"abc\\", "unterminated string"),
            ("\"a\nb\"", "control character U+000A must be escaped in a string"),
            ("\"a\tb\"", "control character U+0009 must be escaped"),
            ("\"\u{0}\"", "control character U+0000"),
            (#""\x41""#, "invalid escape sequence '\\x'"),
            (#""\'""#, "invalid escape sequence"),
            (#""\U0041""#, "invalid escape sequence"),
            (#""\u12""#, "expected four hex digits after '\\u', found '\"'"),
            (#""\u12g4""#, "expected four hex digits"),
            (#""\ud83d""#, "lone high surrogate \\uD83D"),
            (#""\ud83dx""#, "lone high surrogate"),
            (#""\ud83d\u0041""#, "lone high surrogate \\uD83D (it must be followed by a low surrogate \\uDC00-\\uDFFF, found \\u0041)"),
            (#""\ud83d\ud83d""#, "lone high surrogate"),
            (#""\ude00""#, "lone low surrogate \\uDE00"),
            (#""\ude00\ud83d""#, "lone low surrogate"),
            (#"{"a":1,"a":2}"#, #"duplicate object key "a""#),
            (#"{"\u00e9":1,"e\u0301":2}"#, "duplicate object key"),
            ("\u{FEFF}[]", "byte order mark"),
            ("[\u{A0}1]", "found '\u{A0}' (U+00A0)"),
            ("\u{2028}1", "found U+2028"),
            ("[1,\u{1}]", "found U+0001"),
        ]
        for (text, fragment) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text.debugDescription) { error in
                guard let error = error as? JSONParseError else {
                    return XCTFail("unexpected error type \(error)")
                }
                XCTAssertTrue(
                    error.message.contains(fragment),
                    "\(text.debugDescription): \(error.message.debugDescription) does not contain \(fragment.debugDescription)"
                )
            }
        }
    }

    func testRejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],  // truncated
            [0x22, 0xE2, 0x82],  // truncated at end of input
            [0x5B, 0xFF, 0x5D],  // outside a string
        ]
        for bytes in cases {
            XCTAssertThrowsError(try JSONParser.parse(bytes), "\(bytes)") { error in
                XCTAssertTrue(
                    (error as? JSONParseError)?.message.contains("UTF-8") ?? false,
                    "\(bytes): \(error)"
                )
            }
        }
        XCTAssertEqual(try JSONParser.parse([0x22, 0xE2, 0x82, 0xAC, 0x22]), "\u{20AC}")
        XCTAssertEqual(try JSONParser.parse([0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]), "\u{10FFFF}")
    }

    func testByteInputs() throws {
        XCTAssertEqual(try JSONParser.parse(Data(#"{"a":[1,2.5]}"#.utf8)), ["a": [1, 2.5]])
        XCTAssertEqual(try JSONParser.parse(Array("[true]".utf8)), [true])
        XCTAssertEqual(try JSONParser.parse(Array("[true]".utf8)[1...4]), true)
        XCTAssertEqual(try JSONParser.parse("\"\u{E9}\"".utf8), "\u{E9}")
    }

    func testErrorPositions() {
        func position(_ text: String) -> (line: Int, column: Int, offset: Int)? {
            do {
                _ = try JSONParser.parse(text)
                return nil
            } catch let error as JSONParseError {
                return (error.line, error.column, error.byteOffset)
            } catch {
                return nil
            }
        }
        // Trailing comma: reported at the closing brace on line 3.
        let trailing = position("{\n  \"a\": 1,\n}")
        XCTAssertEqual(trailing?.line, 3)
        XCTAssertEqual(trailing?.column, 1)
        // Missing comma: at the '4'.
        let missing = position("[1, 2,\n  3 4]")
        XCTAssertEqual(missing?.line, 2)
        XCTAssertEqual(missing?.column, 5)
        XCTAssertEqual(missing?.offset, 11)
        // Columns count Unicode scalars: é (2 bytes) and 😀 (4 bytes) are one column each.
        let unicode = position("[\"\u{E9}\u{1F600}\", x]")
        XCTAssertEqual(unicode?.line, 1)
        XCTAssertEqual(unicode?.column, 8)
        XCTAssertEqual(unicode?.offset, 11)
        // Unterminated string: reported at its opening quote.
        let unterminated = position("[\n\"abc")
        XCTAssertEqual(unterminated?.line, 2)
        XCTAssertEqual(unterminated?.column, 1)
        // Error at the very start and at the end of input.
        XCTAssertEqual(position("x")?.column, 1)
        let end = position("[1,\n")
        XCTAssertEqual(end?.line, 2)
        XCTAssertEqual(end?.column, 1)
        // Duplicate key: at the second key. CRLF: '\r' counts as a column.
        let duplicate = position("{\"a\": 1,\r\n \"a\": 2}")
        XCTAssertEqual(duplicate?.line, 2)
        XCTAssertEqual(duplicate?.column, 2)
        // Bad escape: at the backslash.
        let escape = position("  \"ab\\q\"")
        XCTAssertEqual(escape?.column, 6)
    }

    func testErrorDescription() {
        XCTAssertThrowsError(try JSONParser.parse("[1,]")) { error in
            XCTAssertEqual(
                "\(error)",
                "line 1, column 4: expected a value after ',', found ']' (trailing commas are not allowed)"
            )
        }
    }

    func testDepthLimit() throws {
        XCTAssertEqual(JSONParser.maximumDepth, 512)
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONParser.parse(ok)
        var depth = 0
        while let inner = value.arrayValue {
            depth += 1
            guard let first = inner.first else { break }
            value = first
        }
        XCTAssertEqual(depth, 512)
        let objects = String(repeating: #"{"a":"#, count: 511) + "{}" + String(repeating: "}", count: 511)
        XCTAssertNoThrow(try JSONParser.parse(objects))

        // The error points at the 513th opening bracket.
        for (text, column) in [
            (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), 513),
            (String(repeating: #"{"a":"#, count: 512) + "{}" + String(repeating: "}", count: 512), 512 * 5 + 1),
            (String(repeating: "[", count: 1_000_000), 513),
            (String(repeating: "[{\"a\":", count: 200_000), 256 * 6 + 1),
        ] {
            XCTAssertThrowsError(try JSONParser.parse(text)) { error in
                let error = error as? JSONParseError
                XCTAssertEqual(error?.message, "arrays and objects nest deeper than the limit of 512")
                XCTAssertEqual(error?.line, 1)
                XCTAssertEqual(error?.column, column)
            }
        }
    }

    func testLargeFlatDocument() throws {
        let elements = (0..<20_000).map { #"{"id":\#($0),"name":"item \#($0)","ratio":\#(Double($0) / 8)}"# }
        let text = "[" + elements.joined(separator: ",") + "]"
        let value = try JSONParser.parse(text)
        XCTAssertEqual(value.arrayValue?.count, 20_000)
        XCTAssertEqual(value[19_999]?["name"], "item 19999")
        XCTAssertEqual(value[3]?["ratio"], 0.375)

        let members = (0..<20_000).map { #""k\#($0)":\#($0)"# }
        let object = try JSONParser.parse("{" + members.joined(separator: ",") + "}")
        XCTAssertEqual(object.objectValue?.count, 20_000)
        XCTAssertEqual(object["k12345"], 12345)
    }
}
