import FlaggenJSON
import Foundation
import Mustache
import XCTest

/// Inputs the Mustache fuzzer (Fuzz/MustacheFuzzer, docs/fuzzing.md) showed to be trouble, each
/// kept as a seed in Fuzz/corpus/mustache/ too. Every one must end in a clear error, quickly.
final class MustacheFuzzRegressionTests: XCTestCase {
    /// Three items, so that every section over `items` nested in another repeats three times.
    private let items = json(#"{"items": [{"name": "a"}, {"name": "b"}, {"name": "c"}], "name": "x"}"#)

    private func nested(_ open: String, _ close: String, depth: Int, body: String) -> String {
        String(repeating: open, count: depth) + body + String(repeating: close, count: depth)
    }

    /// Renders, expects a `kind` error within 10 seconds (about a second in a release build),
    /// and returns it. Runaway renders stop at the innermost list section being repeated at
    /// the time, so tests check that it is one of the section tags, not which one.
    @discardableResult
    private func assertFails(
        _ kind: MustacheError.Kind, file: StaticString = #filePath, line: UInt = #line,
        _ render: () throws -> String
    ) -> MustacheError? {
        let started = Date()
        var caught: MustacheError?
        XCTAssertThrowsError(try render(), file: file, line: line) { error in
            caught = error as? MustacheError
            XCTAssertEqual(caught?.kind, kind, "\(error)", file: file, line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, file: file, line: line)
        return caught
    }

    /// Whether an error points at the opening tag of one of `depth` nested `{{#items}}`
    /// sections that start at `line`, column 1.
    private func pointsAtASection(_ error: MustacheError?, line: Int, depth: Int) -> Bool {
        guard let error, error.line == line else { return false }
        return (0..<depth).map { 1 + $0 * "{{#items}}".count }.contains(error.column)
    }

    /// Found as a fuzzer timeout: 25 sections over the same three-item list, one inside the
    /// other, repeat the innermost 3^25 times. It ran for hours; now it stops at the step limit
    /// and points at the innermost section.
    func testSectionsOverTheSameListNestedDeeplyStopAtTheStepLimit() throws {
        let template = try MustacheTemplate(
            source: nested("{{#items}}", "{{/items}}", depth: 25, body: ""), name: "nested.mustache")
        let error = assertFails(.renderTooLong) { try template.render(items) }
        XCTAssertTrue(pointsAtASection(error, line: 1, depth: 25), "\(String(describing: error))")
        XCTAssertEqual(error?.templateName, "nested.mustache")
        XCTAssertEqual(
            error?.message,
            "rendering takes more than 1000144 steps (1000000 plus 16 per value in the data) while "
                + "repeating this section; a section over a list inside a section over the same list "
                + "repeats the whole list for every item, so drop the inner section or name a field of "
                + "the items instead")
    }

    func testRunawayRenderInsideAPartialPointsAtThePartial() throws {
        let template = try MustacheTemplate(source: "{{#items}}{{>inner}}{{/items}}")
        let partials = ["inner": "line\n" + nested("{{#items}}", "{{/items}}", depth: 20, body: "{{name}}")]
        let error = assertFails(.renderTooLong) { try template.render(items, partials: partials) }
        XCTAssertEqual(error?.templateName, "inner")
        XCTAssertTrue(pointsAtASection(error, line: 2, depth: 20), "\(String(describing: error))")
    }

    /// Partials that each include the next many times multiply the work without any list.
    func testPartialFanOutStopsAtTheStepLimit() throws {
        let template = try MustacheTemplate(source: "{{>a}}", name: "fan")
        let partials = [
            "a": String(repeating: "{{>b}}", count: 100),
            "b": String(repeating: "{{>c}}", count: 100),
            "c": String(repeating: "{{>d}}", count: 100),
            "d": "{{name}}",
        ]
        let error = assertFails(.renderTooLong) { try template.render(items, partials: partials) }
        XCTAssertEqual(error.map { "\($0.templateName):\($0.line):\($0.column)" }, "fan:1:1")
        XCTAssertEqual(
            error?.message,
            "rendering takes more than 1000144 steps (1000000 plus 16 per value in the data); partials "
                + "that include other partials many times multiply the work, so include fewer of them")
    }

    /// Found by a hunt: a template past the step limit with no partials and no lists was told to
    /// include fewer partials. Here 5,000 tags each climb 200 sections to find nothing (a flat
    /// template of a million tags fails the same way, but takes seconds to build here).
    func testTemplatePastTheStepLimitWithoutPartialsIsToldToSplit() throws {
        let source = String(repeating: "{{#o}}", count: 200) + String(repeating: "{{missing}}", count: 5_000)
            + String(repeating: "{{/o}}", count: 200)
        let template = try MustacheTemplate(source: source, name: "deep")
        let error = assertFails(.renderTooLong) { try template.render(json(#"{"o": {}}"#)) }
        XCTAssertEqual(error.map { "\($0.templateName):\($0.line):\($0.column)" }, "deep:1:1")
        XCTAssertEqual(
            error?.message,
            "rendering takes more than 1000032 steps (1000000 plus 16 per value in the data); the template "
                + "itself takes that many (a step per piece of text and per tag, and one more per enclosing "
                + "section a name is looked up in), so split it or nest fewer sections")
    }

    /// The data's values are counted a piece at a time, as the steps need them; a render that
    /// fails has still counted all of them, so the message names the whole allowance:
    /// 1 + 16 x (the object, the list, 20,000 rows and their 20,000 numbers).
    func testRunawayRenderOverLargeDataCountsAllOfTheData() throws {
        let data = JSONValue.object(["rows": .array((0..<20_000).map { .object(["n": .int($0)]) })])
        let template = try MustacheTemplate(source: "{{#rows}}{{#rows}}{{n}}{{/rows}}{{/rows}}")
        let error = assertFails(.renderTooLong) { try template.render(data) }
        XCTAssertEqual(
            error?.message,
            "rendering takes more than 1640032 steps (1000000 plus 16 per value in the data) while "
                + "repeating this section; a section over a list inside a section over the same list "
                + "repeats the whole list for every item, so drop the inner section or name a field of "
                + "the items instead")
    }

    /// Repeating a long value fills memory long before the step limit: the output limit
    /// stops it instead.
    func testHugeOutputStopsAtTheOutputLimit() throws {
        let data = JSONValue.object([
            "items": .array([.int(1), .int(2), .int(3)]), "big": .string(String(repeating: "y", count: 1_000_000)),
        ])
        let template = try MustacheTemplate(source: nested("{{#items}}", "{{/items}}", depth: 5, body: "{{{big}}}"))
        let error = assertFails(.outputTooLarge) { try template.render(data) }
        XCTAssertTrue(pointsAtASection(error, line: 1, depth: 5), "\(String(describing: error))")
        XCTAssertEqual(
            error?.message,
            "the rendered text is larger than the limit of \(MustacheTemplate.maxOutputBytes) bytes while repeating "
                + "this section; render less text per item")
    }

    /// The step limit grows with the data: a render that takes more than the base million steps
    /// but few per value of the data still works.
    func testLargeDataGetsALargerStepAllowance() throws {
        let count = 300_000
        let data = JSONValue.object(["rows": .array((0..<count).map { .object(["n": .int($0)]) })])
        let output = try MustacheTemplate(source: "{{#rows}}{{n}},{{/rows}}").render(data)
        XCTAssertEqual(output.utf8.count, (0..<count).reduce(0) { $0 + String($1).utf8.count + 1 })
        // Each row takes at least four steps: the item, `{{n}}`, the comma, the row's end.
        XCTAssertGreaterThan(count * 4, MustacheTemplate.maxRenderSteps)
    }
}
