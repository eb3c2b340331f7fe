import FlaggenJSON
import XCTest

final class JSONRoundTripTests: XCTestCase {
    private let writers = [
        JSONWriter(),
        JSONWriter(format: .compact),
        JSONWriter(format: .pretty, trailingNewline: true),
    ]

    private func assertRoundTrips(_ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws {
        for writer in writers {
            let text = try writer.string(for: value)
            let parsed = try JSONParser.parse(text)
            XCTAssertEqual(parsed, value, text, file: file, line: line)
            // Writing again gives the same bytes.
            XCTAssertEqual(try writer.string(for: parsed), text, file: file, line: line)
        }
    }

    func testFixedValues() throws {
        let values: [JSONValue] = [
            nil, true, false, 0, -1, .int(Int.max), .int(Int.min),
            0.0, -0.0, 0.1, 1.0, 1e21, .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
            123456789.125, 9007199254740994.0, 1e-7, -2.5e-300,
            "", "plain", "quote\" slash\\ /", "\u{0}\u{1}\u{1F}\u{7F}\n\r\t\u{8}\u{C}",
            "\u{2028}\u{2029}\u{200F}\u{1F600}\u{1F1E9}\u{1F1EA}e\u{301}\u{FEFF}\u{FFFF}\u{10FFFF}",
            [], [:], [[]], [[:]], [nil, [1, [2, [3]]]],
            ["": "", "a": ["b": ["c": [1, 2.5, "x"]]], "\u{1F600}": [:], "\n": "\u{2028}"],
        ]
        for value in values {
            try assertRoundTrips(value)
        }
    }

    func testRandomValues() throws {
        var generator = SplitMix64(seed: 0x5EED_F1A9)
        for _ in 0..<300 {
            try assertRoundTrips(RandomJSON.value(using: &generator))
        }
    }
}
