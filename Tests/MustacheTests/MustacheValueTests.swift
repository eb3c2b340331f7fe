import FlaggenJSON
import Mustache
import XCTest

/// Template data renders exactly as the same data given as JSON.
final class MustacheValueTests: XCTestCase {
    func testJSONConvertsToTemplateDataAndBack() throws {
        let json = try JSONParser.parse(Array(#"{"a":[1,2.5,"x",null,true,{"b":{}}],"c":{"d":[]},"e":"é"}"#.utf8))
        XCTAssertEqual(JSONValue(MustacheValue(json)), json)
    }

    func testObjectsOfAListReadTheirOwnValues() throws {
        let items: [MustacheValue] = ["a", "b", "c"].enumerated().map { index, name in
            .object(["name": .string(name), "isLast": .bool(index == 2)])
        }
        let data = MustacheValue.object(["items": .array(items), "separator": .string(", ")])
        let template = try MustacheTemplate(source: "{{#items}}{{name}}{{^isLast}}{{separator}}{{/isLast}}{{/items}}")
        XCTAssertEqual(try template.render(values: data, partials: [String: String]()), "a, b, c")
    }

    /// A name missing from an item is looked up in the values around it.
    func testANameMissingFromAnItemIsFoundOutside() throws {
        let items: [MustacheValue] = [.object(["v": .string("0")]), .object(["w": .string("-")]), .object(["a": .null, "v": .string("2")])]
        let data = MustacheValue.object(["items": .array(items), "v": .string("outer")])
        let template = try MustacheTemplate(source: "{{#items}}{{v}};{{/items}}")
        XCTAssertEqual(try template.render(values: data, partials: [String: String]()), "0;outer;2;")
    }

    func testSettingAndRemovingMembers() {
        var object: MustacheObject = ["a": .int(1)]
        object["a"] = .int(2)
        object["b"] = .string("new")
        XCTAssertEqual(object.count, 2)
        object["a"] = nil
        XCTAssertEqual(JSONValue(.object(object)), .object(["b": .string("new")]))
    }

    func testCanonicallyEquivalentKeysAreOneKey() throws {
        let data = MustacheValue.object(["caf\u{E9}": .string("yes")])
        XCTAssertEqual(try MustacheTemplate(source: "{{cafe\u{301}}}").render(values: data, partials: [String: String]()), "yes")
    }
}
