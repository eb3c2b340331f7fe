import FlaggenJSON
import XCTest

final class JSONWriterTests: XCTestCase {
    private let sample: JSONValue = [
        "name": "flaggen",
        "version": 2,
        "flags": [
            [
                "key": "new_checkout",
                "default": false,
                "rollout": 1000,
                "ratio": 0.5,
                "tags": [],
                "meta": [:],
                "variants": ["a", "b"],
            ],
            nil,
        ],
    ]

    /// Golden output equals Python's
    /// `json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)`.
    func testPrettyGolden() throws {
        let expected = """
            {
              "flags": [
                {
                  "default": false,
                  "key": "new_checkout",
                  "meta": {},
                  "ratio": 0.5,
                  "rollout": 1000,
                  "tags": [],
                  "variants": [
                    "a",
                    "b"
                  ]
                },
                null
              ],
              "name": "flaggen",
              "version": 2
            }
            """
        XCTAssertEqual(try JSONWriter().string(for: sample), expected)
        XCTAssertEqual(try JSONWriter(trailingNewline: true).string(for: sample), expected + "\n")
    }

    func testCompactGolden() throws {
        let expected = #"{"flags":[{"default":false,"key":"new_checkout","meta":{},"ratio":0.5,"rollout":1000,"tags":[],"variants":["a","b"]},null],"name":"flaggen","version":2}"#
        XCTAssertEqual(try JSONWriter(format: .compact).string(for: sample), expected)
        XCTAssertEqual(
            try JSONWriter(format: .compact, trailingNewline: true).string(for: sample),
            expected + "\n"
        )
    }

    func testScalarsAndEmptyContainers() throws {
        let writer = JSONWriter()
        XCTAssertEqual(try writer.string(for: nil), "null")
        XCTAssertEqual(try writer.string(for: true), "true")
        XCTAssertEqual(try writer.string(for: false), "false")
        XCTAssertEqual(try writer.string(for: 0), "0")
        XCTAssertEqual(try writer.string(for: .int(Int.min)), "-9223372036854775808")
        XCTAssertEqual(try writer.string(for: .int(Int.max)), "9223372036854775807")
        XCTAssertEqual(try writer.string(for: ""), #""""#)
        XCTAssertEqual(try writer.string(for: []), "[]")
        XCTAssertEqual(try writer.string(for: [:]), "{}")
        XCTAssertEqual(try writer.string(for: [[], [:]]), "[\n  [],\n  {}\n]")
        XCTAssertEqual(try JSONWriter(trailingNewline: true).string(for: [:]), "{}\n")
    }

    func testStringEscaping() throws {
        let writer = JSONWriter()
        XCTAssertEqual(try writer.string(for: "q\" b\\ s/"), #""q\" b\\ s/""#)
        XCTAssertEqual(try writer.string(for: "\n\r\t\u{8}\u{C}"), #""\n\r\t\b\f""#)
        XCTAssertEqual(try writer.string(for: "\u{0}\u{1}\u{1F}\u{1B}"), #""\u0000\u0001\u001f\u001b""#)
        // DEL and C1 controls are not below U+0020: raw.
        XCTAssertEqual(try writer.string(for: "\u{7F}\u{85}"), "\"\u{7F}\u{85}\"")
        XCTAssertEqual(try writer.string(for: "a\u{2028}b\u{2029}c"), #""a\u2028b\u2029c""#)
        // Emoji (incl. a flag and a ZWJ family), RTL mark, combining marks: raw UTF-8.
        let raw = "\u{1F600} \u{1F1E9}\u{1F1EA} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{200F}\u{5E9} e\u{301} \u{E9} \u{FFFD}"
        XCTAssertEqual(try writer.string(for: .string(raw)), "\"" + raw + "\"")
        // Characters next to the separators are not affected.
        XCTAssertEqual(try writer.string(for: "\u{2027}\u{202A}\u{20AC}"), "\"\u{2027}\u{202A}\u{20AC}\"")
        // Keys are escaped the same way.
        XCTAssertEqual(
            try JSONWriter(format: .compact).string(for: ["a\"\n\u{2028}": 1]),
            #"{"a\"\n\u2028":1}"#
        )
    }

    /// Matches Python's `json.dumps(s, ensure_ascii=False)` where the rules agree.
    func testEscapingMatchesPython() throws {
        let value: JSONValue = "q\" b\\ s/ \n\r\t\u{8}\u{C} \u{1}\u{1F}\u{7F} \u{1F600} \u{1F1E9}\u{1F1EA} \u{200F} \u{E9}"
        XCTAssertEqual(
            try JSONWriter().string(for: value),
            "\"q\\\" b\\\\ s/ \\n\\r\\t\\b\\f \\u0001\\u001f\u{7F} \u{1F600} \u{1F1E9}\u{1F1EA} \u{200F} \u{E9}\""
        )
    }

    func testKeysSortedByUTF8Bytes() throws {
        let keys = ["b", "a", "B", "\u{E9}", "z", "\u{E4}", "\u{1F600}", "\u{FFFD}", "aa", "a b", "", "Z", "_", "1"]
        let object = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.int(1)) }))
        // Code-point order: U+FFFD sorts before U+1F600 (UTF-16 order would not).
        XCTAssertEqual(
            try JSONWriter(format: .compact).string(for: object),
            "{\"\":1,\"1\":1,\"B\":1,\"Z\":1,\"_\":1,\"a\":1,\"a b\":1,\"aa\":1,\"b\":1,\"z\":1,\"\u{E4}\":1,\"\u{E9}\":1,\"\u{FFFD}\":1,\"\u{1F600}\":1}"
        )
    }

    func testDoubleFormatting() throws {
        let cases: [(Double, String)] = [
            (0.1, "0.1"),
            (1.0, "1.0"),
            (-3.0, "-3.0"),
            (100.0, "100.0"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (0.5, "0.5"),
            (-1.5, "-1.5"),
            (123456789.125, "123456789.125"),
            (1e15, "1000000000000000.0"),
            (9007199254740992.0, "9007199254740992.0"),  // 2^53
            (-9007199254740992.0, "-9007199254740992.0"),
            (9007199254740994.0, "9.007199254740994e+15"),  // above 2^53: Swift's description
            (1e16, "1e+16"),
            (1e21, "1e+21"),
            (1e22, "1e+22"),
            (Double.leastNonzeroMagnitude, "5e-324"),
            (2.2250738585072014e-308, "2.2250738585072014e-308"),
            (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (-Double.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
            (1e-5, "1e-05"),
            (1e-7, "1e-07"),
            (0.001, "0.001"),
            (1.0 / 3.0, "0.3333333333333333"),
        ]
        let writer = JSONWriter(format: .compact)
        for (number, expected) in cases {
            let text = try writer.string(for: .double(number))
            XCTAssertEqual(text, expected, "\(number)")
            // Always valid JSON that reads back as the same double.
            XCTAssertEqual(try JSONParser.parse(text), .double(number), text)
        }
    }

    func testNonFiniteThrows() {
        let document: JSONValue = ["flags": [["key": "a", "default": 1.0], ["key": "c", "default": .double(.nan)]]]
        XCTAssertThrowsError(try JSONWriter().string(for: document)) { error in
            XCTAssertEqual((error as? JSONWriterError)?.description, "NaN cannot be written as JSON")
        }
        XCTAssertThrowsError(try JSONWriter().string(for: .double(.infinity))) { error in
            XCTAssertEqual((error as? JSONWriterError)?.description, "+infinity cannot be written as JSON")
        }
        XCTAssertThrowsError(try JSONWriter(format: .compact).string(for: ["my key": [1, .double(-.infinity)]])) { error in
            XCTAssertEqual((error as? JSONWriterError)?.description, "-infinity cannot be written as JSON")
        }
    }

    func testDepthLimit() throws {
        func nested(_ depth: Int, innermost: JSONValue) -> JSONValue {
            var value = innermost
            for _ in 0..<depth { value = .array([value]) }
            return value
        }
        // 512 containers in total (511 wrappers around an empty array) is fine.
        let deepest = nested(511, innermost: [])
        let text = try JSONWriter(format: .compact).string(for: deepest)
        XCTAssertEqual(text, String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        XCTAssertEqual(try JSONParser.parse(text), deepest)

        XCTAssertThrowsError(try JSONWriter().string(for: nested(512, innermost: [:]))) { error in
            let error = error as? JSONWriterError
            XCTAssertEqual(error?.message, "nesting deeper than the limit of 512 arrays/objects")
        }
    }

    func testUTF8BytesMatchesString() throws {
        let writer = JSONWriter(trailingNewline: true)
        XCTAssertEqual(try writer.utf8Bytes(for: sample), Array(try writer.string(for: sample).utf8))
    }

    func testDeterministicAcrossDictionaryInstances() throws {
        // Same content inserted in different orders gives identical bytes.
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        let keys = (0..<200).map { "key\($0)" }
        for key in keys { first[key] = .string(key) }
        for key in keys.reversed() { second[key] = .string(key) }
        XCTAssertEqual(try JSONWriter().string(for: .object(first)), try JSONWriter().string(for: .object(second)))
    }
}
