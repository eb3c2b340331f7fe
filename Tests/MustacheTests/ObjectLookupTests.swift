import FlaggenJSON
import Mustache
import XCTest

/// How names are looked up in the objects of a render's data.
final class ObjectLookupTests: XCTestCase {
    func testObjectsOfAListReadTheirOwnValues() throws {
        let items: [JSONValue] = ["a", "b", "c"].enumerated().map { index, name in
            .object(["name": .string(name), "isLast": .bool(index == 2)])
        }
        let data = JSONValue.object(["items": .array(items), "separator": .string(", ")])
        let template = try MustacheTemplate(source: "{{#items}}{{name}}{{^isLast}}{{separator}}{{/isLast}}{{/items}}")
        XCTAssertEqual(try template.render(data), "a, b, c")
    }

    /// A name missing from an item is looked up in the values around it.
    func testANameMissingFromAnItemIsFoundOutside() throws {
        let items: [JSONValue] = [.object(["v": .string("0")]), .object(["w": .string("-")]), .object(["a": .null, "v": .string("2")])]
        let data = JSONValue.object(["items": .array(items), "v": .string("outer")])
        let template = try MustacheTemplate(source: "{{#items}}{{v}};{{/items}}")
        XCTAssertEqual(try template.render(data), "0;outer;2;")
    }

    func testCanonicallyEquivalentKeysAreOneKey() throws {
        let data = JSONValue.object(["caf\u{E9}": .string("yes")])
        XCTAssertEqual(try MustacheTemplate(source: "{{cafe\u{301}}}").render(data), "yes")
    }
}
