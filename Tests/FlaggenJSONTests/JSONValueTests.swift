import FlaggenJSON
import XCTest

final class JSONValueTests: XCTestCase {
    func testLiterals() {
        let value: JSONValue = ["a": [1, 2.5, "s", true, nil], "b": [:]]
        XCTAssertEqual(
            value,
            .object([
                "a": .array([.int(1), .double(2.5), .string("s"), .bool(true), .null]),
                "b": .object([:]),
            ])
        )
        // Duplicate keys in a literal: the last one wins, no trap.
        let duplicate: JSONValue = ["k": 1, "k": 2]
        XCTAssertEqual(duplicate, .object(["k": 2]))
    }

    func testAccessors() {
        let value: JSONValue = ["s": "text", "i": 3, "d": 0.5, "b": false, "n": nil, "a": [10, 20], "o": ["x": 1]]
        XCTAssertEqual(value["s"]?.stringValue, "text")
        XCTAssertEqual(value["i"]?.intValue, 3)
        XCTAssertEqual(value["i"]?.doubleValue, 3.0)
        XCTAssertEqual(value["d"]?.doubleValue, 0.5)
        XCTAssertNil(value["d"]?.intValue)
        XCTAssertEqual(value["b"]?.boolValue, false)
        XCTAssertEqual(value["n"]?.isNull, true)
        XCTAssertEqual(value["a"]?.arrayValue, [10, 20])
        XCTAssertEqual(value["o"]?.objectValue, ["x": 1])
        XCTAssertEqual(value["a"]?[1], 20)
        XCTAssertEqual(value["o"]?["x"], 1)

        // Wrong kind or out of range: nil, never a trap.
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0])
        XCTAssertNil(value["a"]?[2])
        XCTAssertNil(value["a"]?[-1])
        XCTAssertNil(value["a"]?["x"])
        XCTAssertNil(value["s"]?[0])
        XCTAssertNil(value["s"]?.intValue)
        XCTAssertNil(value["s"]?.boolValue)
        XCTAssertNil(value["s"]?.arrayValue)
        XCTAssertNil(value["s"]?.objectValue)
        XCTAssertNil(value["i"]?.stringValue)
        XCTAssertNil(value.stringValue)
        XCTAssertEqual(value["s"]?.isNull, false)
    }

    func testHashableAndKinds() {
        XCTAssertNotEqual(JSONValue.int(1), JSONValue.double(1))
        XCTAssertEqual(Set<JSONValue>([1, 1, "1", 1.0]).count, 3)
        XCTAssertEqual(JSONValue.double(0.0), JSONValue.double(-0.0))
        // Canonically equivalent strings are equal Swift strings.
        XCTAssertEqual(JSONValue.string("\u{E9}"), JSONValue.string("e\u{301}"))
    }
}
