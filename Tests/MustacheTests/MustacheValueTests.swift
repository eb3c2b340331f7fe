import FlaggenJSON
import Mustache
import XCTest

/// Template data with shared shapes renders exactly as the same data given as JSON.
final class MustacheValueTests: XCTestCase {
    func testJSONConvertsToTemplateDataAndBack() throws {
        let json = try JSONParser.parse(Array(#"{"a":[1,2.5,"x",null,true,{"b":{}}],"c":{"d":[]},"e":"é"}"#.utf8))
        XCTAssertEqual(JSONValue(MustacheValue(json)), json)
    }

    func testObjectsOfOneShapeShareItAndReadTheirOwnValues() throws {
        let shape = MustacheShape(keys: ["name", "isLast"])
        let items: [MustacheValue] = ["a", "b", "c"].enumerated().map { index, name in
            .object(MustacheObject(shape: shape, values: [.string(name), .bool(index == 2)]))
        }
        let data = MustacheValue.object(["items": .array(items), "separator": .string(", ")])
        let template = try MustacheTemplate(source: "{{#items}}{{name}}{{^isLast}}{{separator}}{{/isLast}}{{/items}}")
        XCTAssertEqual(try template.render(values: data, partials: [String: String]()), "a, b, c")
    }

    /// A name is looked up in more shapes than a name remembers (two): each lookup still finds
    /// the right slot, in the right object, or nothing.
    func testANameLookedUpInManyShapesFindsTheRightValueEachTime() throws {
        let shapes = [
            MustacheShape(keys: ["x", "v"]), MustacheShape(keys: ["v", "x"]), MustacheShape(keys: ["w"]),
            MustacheShape(keys: ["a", "b", "v"]),
        ]
        var items: [MustacheValue] = []
        for round in 0..<3 {
            for (index, shape) in shapes.enumerated() {
                let values = shape.keys.map { key -> MustacheValue in key == "v" ? .string("\(round)\(index)") : .string("-") }
                items.append(.object(MustacheObject(shape: shape, values: values)))
            }
        }
        let data = MustacheValue.object(["items": .array(items), "v": .string("outer")])
        let template = try MustacheTemplate(source: "{{#items}}{{v}};{{/items}}")
        XCTAssertEqual(
            try template.render(values: data, partials: [String: String]()),
            "00;01;outer;03;10;11;outer;13;20;21;outer;23;")
    }

    func testSettingAKeyGivesTheObjectItsOwnShape() {
        let shape = MustacheShape(keys: ["a"])
        var object = MustacheObject(shape: shape, values: [.int(1)])
        object["a"] = .int(2)
        XCTAssertTrue(object.shape === shape)
        object["b"] = .string("new")
        XCTAssertFalse(object.shape === shape)
        XCTAssertEqual(object.shape.keys, ["a", "b"])
        object["a"] = nil
        XCTAssertEqual(object.shape.keys, ["b"])
        XCTAssertEqual(JSONValue(.object(object)), .object(["b": .string("new")]))
        XCTAssertEqual(shape.keys, ["a"])
    }

    func testCanonicallyEquivalentKeysAreOneKey() throws {
        let data = MustacheValue.object(MustacheObject(shape: MustacheShape(keys: ["caf\u{E9}"]), values: [.string("yes")]))
        XCTAssertEqual(try MustacheTemplate(source: "{{cafe\u{301}}}").render(values: data, partials: [String: String]()), "yes")
    }
}
