@testable import FlaggenJSON
import XCTest

final class JSONStreamWriterTests: XCTestCase {
    private let writers = [
        JSONWriter(),
        JSONWriter(format: .compact),
        JSONWriter(format: .pretty(indent: 4), trailingNewline: true),
        JSONWriter(format: .pretty(indent: 0)),
    ]

    /// Walks `value` with the stream writer, object keys in UTF-8 byte order, with each scalar
    /// written by its own method (`wholeAt` levels down and deeper, values go in whole).
    private func streamed(_ value: JSONValue, into json: inout JSONStreamWriter, level: Int = 0, wholeAt: Int) throws {
        if level >= wholeAt {
            try json.value(value)
            return
        }
        switch value {
        case .null: json.null()
        case .bool(let flag): json.bool(flag)
        case .int(let number): json.int(number)
        case .double(let number): try json.double(number)
        case .string(let text): json.string(text)
        case .array(let elements):
            json.beginArray()
            for element in elements { try streamed(element, into: &json, level: level + 1, wholeAt: wholeAt) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            for key in members.keys.sorted(by: JSONWriter.utf8Precedes) {
                json.key(key)
                try streamed(members[key]!, into: &json, level: level + 1, wholeAt: wholeAt)
            }
            json.endObject()
        }
    }

    func testSameBytesAsJSONWriterForRandomValues() throws {
        var generator = SplitMix64(seed: 0x57AE_A111)
        for _ in 0..<400 {
            let value = RandomJSON.value(using: &generator)
            for writer in writers {
                // The array-appending walk, not utf8Bytes(for:), which writes with a JSONStreamWriter.
                let expected = try writer.utf8BytesAppending(for: value)
                XCTAssertEqual(try writer.utf8Bytes(for: value), expected, "\(writer.format): \(value)")
                for wholeAt in [Int.max, 1, 2] {
                    var json = JSONStreamWriter(writer)
                    try streamed(value, into: &json, wholeAt: wholeAt)
                    XCTAssertEqual(json.finish(), expected, "\(writer.format), whole from level \(wholeAt): \(value)")
                }
            }
        }
    }

    func testDocumentWrittenByHand() {
        var json = JSONStreamWriter(JSONWriter(trailingNewline: true))
        json.beginObject()
        json.key("$schema"); json.string("https://example.com/s" as StaticString)
        json.key("Zed"); json.null()
        json.key("count"); json.int(-42)
        json.key("flags")
        json.beginArray()
        json.beginObject(); json.endObject()
        json.beginArray(); json.endArray()
        json.beginObject()
        json.key("on"); json.bool(true)
        json.key("owner"); json.string(orNull: nil)
        json.endObject()
        json.endArray()
        json.endObject()
        XCTAssertEqual(
            String(decoding: json.finish(), as: UTF8.self),
            """
            {
              "$schema": "https://example.com/s",
              "Zed": null,
              "count": -42,
              "flags": [
                {},
                [],
                {
                  "on": true,
                  "owner": null
                }
              ]
            }

            """)
    }

    func testHandingBytesOnMidwayKeepsTheDocument() throws {
        let value: JSONValue = ["a": [1, 2, ["b": "c"]], "d": [:]]
        var json = JSONStreamWriter()
        var handedOn: [UInt8] = []
        json.beginObject()
        json.key("a")
        json.beginArray()
        json.int(1)
        json.handOn { handedOn += $0 }
        XCTAssertEqual(json.pendingCount, 0)
        json.int(2)
        try json.value(["b": "c"])
        json.endArray()
        json.handOn(ifAtLeast: 1_000) { _ in XCTFail("fewer bytes than asked for") }
        json.handOn(ifAtLeast: 10) { handedOn += $0 }
        json.key("d"); json.beginObject(); json.endObject()
        json.endObject()
        XCTAssertEqual(handedOn + json.finish(), try JSONWriter().utf8Bytes(for: value))
    }

    func testDocumentsInARowHandedOnOneByOne() throws {
        let values: [JSONValue] = [["b": [1, "x"], "a": true], "text", [], 2.5, [:]]
        var json = JSONStreamWriter(JSONWriter(format: .compact))
        for value in values {
            try json.value(value)
            var piece: [UInt8] = []
            json.handOn { piece += $0 }
            XCTAssertEqual(String(decoding: piece, as: UTF8.self), try JSONWriter(format: .compact).string(for: value))
        }
        XCTAssertEqual(json.pendingCount, 0)
    }

    func testDoubleRulesAndErrors() throws {
        var json = JSONStreamWriter(JSONWriter(format: .compact))
        json.beginArray()
        try json.double(3)
        try json.double(-0.0)
        try json.double(0.1)
        XCTAssertThrowsError(try json.double(.nan))
        json.endArray()
        XCTAssertEqual(String(decoding: json.finish(), as: UTF8.self), "[3.0,-0.0,0.1]")

        // After an error the document is unfinished: the caller drops it.
        XCTAssertThrowsError(try json.value(["x": .double(.infinity)])) { error in
            XCTAssertEqual((error as? JSONWriterError)?.description, "$.x: +infinity cannot be written as JSON")
        }
    }

    func testWholeValuesRespectTheNestingLimitFromWhereTheyStand() {
        var json = JSONStreamWriter(JSONWriter(maximumDepth: 3))
        json.beginArray()
        json.beginArray()
        XCTAssertNoThrow(try json.value([1]))
        XCTAssertThrowsError(try json.value([[1]]))
    }
}
