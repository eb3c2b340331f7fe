import FlaggenJSON
import Foundation
import Mustache
import XCTest

/// Recursion and nesting limits: errors instead of stack overflows.
final class LimitTests: XCTestCase {
    func testSelfIncludingPartialStopsAtDepthLimit() throws {
        let template = try MustacheTemplate(source: "start {{>loop}}", name: "main")
        XCTAssertThrowsError(try template.render(.null, partials: ["loop": "again\n  {{>loop}}\n"])) { error in
            guard let error = error as? MustacheError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .partialRecursionTooDeep)
            XCTAssertEqual(error.templateName, "loop")
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 3)
            XCTAssertEqual(error.description, "loop:2:3: error: partials are nested more than 64 deep at '{{>loop}}'; a partial that includes itself needs a section around the tag that ends the recursion, like '{{#children}}{{>loop}}{{/children}}'")
        }
    }

    func testMutuallyRecursivePartialsStop() throws {
        let template = try MustacheTemplate(source: "{{>a}}")
        XCTAssertThrowsError(try template.render(.null, partials: ["a": "{{>b}}", "b": "{{>a}}"])) { error in
            XCTAssertEqual((error as? MustacheError)?.kind, .partialRecursionTooDeep)
        }
    }

    /// `{{>node}}` renders the partial once, then once more per level of `child`.
    private func renderChain(levels: Int) throws -> String {
        // The leaf's `child: null` stops the lookup from finding a parent's `child`.
        var data = JSONValue.object(["name": .string("leaf"), "child": .null])
        for _ in 0..<levels { data = .object(["child": data]) }
        let template = try MustacheTemplate(source: "{{>node}}")
        return try template.render(data, partials: ["node": "{{#child}}{{>node}}{{/child}}{{name}}"])
    }

    func testDepthLimitIsExactly64NestedPartials() throws {
        XCTAssertEqual(MustacheTemplate.maxPartialDepth, 64)
        XCTAssertEqual(try renderChain(levels: 63), "leaf")
        XCTAssertThrowsError(try renderChain(levels: 64)) { error in
            XCTAssertEqual((error as? MustacheError)?.kind, .partialRecursionTooDeep)
        }
    }

    /// Found by a hunt: a partial already inside a section was told to add one. Here the section
    /// is there, and the data nests too deep for it to end the recursion.
    func testRecursionInsideASectionBlamesTheData() throws {
        XCTAssertThrowsError(try renderChain(levels: 64)) { error in
            XCTAssertEqual(
                (error as? MustacheError)?.message,
                "partials are nested more than 64 deep at '{{>node}}', inside a section that has a value at every level: "
                    + "the data must end, in false, null or an empty list, within 64 levels (a name an inner object "
                    + "lacks is looked up in the outer ones, so give the innermost object the name with null)")
        }
    }

    func testSectionNestingLimitAtParseTime() throws {
        let depth = MustacheTemplate.maxNestingDepth
        let ok = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        XCTAssertNoThrow(try MustacheTemplate(source: ok))
        let tooDeep = String(repeating: "{{#a}}", count: depth + 1)
        XCTAssertThrowsError(try MustacheTemplate(source: tooDeep, name: "deep")) { error in
            XCTAssertEqual(
                "\(error)",
                "deep:1:\(depth * 6 + 1): error: sections are nested more than \(depth) deep; split the template into partials")
        }
    }

    func testSectionsInsideRecursivePartialsStopAtPartialLimit() throws {
        let sections = String(repeating: "{{#a}}", count: 8) + "{{>p}}" + String(repeating: "{{/a}}", count: 8)
        let template = try MustacheTemplate(source: "{{>p}}")
        XCTAssertThrowsError(try template.render(json(#"{"a": true}"#), partials: ["p": sections])) { error in
            XCTAssertEqual((error as? MustacheError)?.kind, .partialRecursionTooDeep)
        }
    }

    /// What the small-stack thread renders. The thread holds it `unowned`, so the test, not
    /// the thread, frees the deep values: freeing a deep tree does recurse.
    private final class DeepFixture: @unchecked Sendable {
        let depth = MustacheTemplate.maxNestingDepth
        var chain = JSONValue.object([:])
        let deepSections: MustacheTemplate
        let recursive: MustacheTemplate
        let partialSets: [[String: String]]
        var results: [String] = []

        init() throws {
            for _ in 0..<depth { chain = .object(["a": chain]) }
            deepSections = try MustacheTemplate(
                source: String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth))
            recursive = try MustacheTemplate(source: "{{>loop}}")
            let sectionsAroundPartial = String(repeating: "{{#a}}", count: 3) + "{{>loop}}"
                + String(repeating: "{{/a}}", count: 3)
            partialSets = [["loop": "{{>loop}}"], ["loop": sectionsAroundPartial]]
        }

        func run() {
            results.append((try? deepSections.render(chain)) ?? "threw")
            for partials in partialSets {
                do throws(MustacheError) {
                    results.append(try recursive.render(chain, partials: partials))
                } catch {
                    results.append("\(error.kind)")
                }
            }
        }
    }

    /// Rendering does not recurse: the deepest templates allowed render on a thread with a
    /// 64 KiB stack, even in a debug build.
    func testDeepestRendersFitInASmallStack() throws {
        let fixture = try DeepFixture()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [unowned fixture] in
            fixture.run()
            done.signal()
        }
        thread.stackSize = 64 * 1024
        thread.start()
        done.wait()
        XCTAssertEqual(fixture.results, ["x", "partialRecursionTooDeep", "partialRecursionTooDeep"])
    }

    func testDeeplyNestedDataInterpolatesWithoutOverflow() throws {
        let depth = 100_000
        var data = JSONValue.string("end")
        for _ in 0..<depth { data = .array([data]) }
        let output = try MustacheTemplate(source: "{{{.}}}").render(data)
        XCTAssertEqual(output, String(repeating: "[", count: depth) + "\"end\"" + String(repeating: "]", count: depth))

        // Free the value on a big stack: JSONValue's own deinit recurses through the levels.
        nonisolated(unsafe) var value: JSONValue? = data
        data = .null
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            value = nil
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        XCTAssertNil(value)
    }
}
