import FlaggenJSON
import Mustache
import XCTest

/// Behavior beyond the spec files: options, reuse, value formatting, indentation.
final class RenderingTests: XCTestCase {
    private func render(_ source: String, _ data: JSONValue = .null, partials: [String: String] = [:],
                        escapesHTML: Bool = true) throws -> String {
        try MustacheTemplate(source: source).render(data, partials: partials, escapesHTML: escapesHTML)
    }

    // MARK: - Escaping

    func testEscapesHTMLByDefault() throws {
        XCTAssertEqual(try render("{{x}}", json(#"{"x": "a < b && c > \"d\" 'e'"}"#)),
                       "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'")
    }

    func testEscapesCarriageReturnsSoAttributesKeepThem() throws {
        // Found by a hunt: HTML reads CR and CR LF in an attribute as LF, so the report's owner
        // filter could not tell "x\ry" from "x\ny"; a character reference survives.
        XCTAssertEqual(try render(#"<option value="{{x}}">"#, json(#"{"x": "a\rb\r\nc\nd"}"#)), "<option value=\"a&#13;b&#13;\nc\nd\">")
        XCTAssertEqual(try render("{{x}}", json(#"{"x": "a\rb"}"#), escapesHTML: false), "a\rb")
    }

    func testNoEscapeOptionWritesValuesAsTheyAre() throws {
        let data = json(#"{"x": "Map<String, Int> && \"q\"", "list": ["<a>", "<b>"]}"#)
        XCTAssertEqual(try render("{{x}} {{{x}}} {{&x}}", data, escapesHTML: false),
                       "Map<String, Int> && \"q\" Map<String, Int> && \"q\" Map<String, Int> && \"q\"")
        XCTAssertEqual(try render("{{#list}}{{.}};{{/list}}", data, escapesHTML: false), "<a>;<b>;")
    }

    func testNoEscapeOptionReachesPartials() throws {
        XCTAssertEqual(try render("{{>p}}", json(#"{"x": "<T>"}"#), partials: ["p": "{{x}}"], escapesHTML: false), "<T>")
        XCTAssertEqual(try render("{{>p}}", json(#"{"x": "<T>"}"#), partials: ["p": "{{x}}"]), "&lt;T&gt;")
    }

    // MARK: - Reuse

    func testRendersTheSameTemplateTwice() throws {
        let template = try MustacheTemplate(source: "{{#items}}{{name}}{{>sep}}{{/items}}", name: "list")
        let partials = ["sep": ", "]
        let first = json(#"{"items": [{"name": "a"}, {"name": "b"}]}"#)
        let second = json(#"{"items": [{"name": "c"}]}"#)
        XCTAssertEqual(try template.render(first, partials: partials), "a, b, ")
        XCTAssertEqual(try template.render(second, partials: partials), "c, ")
        XCTAssertEqual(try template.render(first, partials: partials), "a, b, ")
        // Partials are looked up again on each render.
        XCTAssertEqual(try template.render(second, partials: ["sep": "; "]), "c; ")
        XCTAssertEqual(template.name, "list")
    }

    func testTemplateIsSendable() async throws {
        let template = try MustacheTemplate(source: "{{n}}")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for n in 0..<8 {
                group.addTask { try template.render(.object(["n": .int(n)])) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(outputs.sorted(), (0..<8).map(String.init).sorted())
    }

    // MARK: - Values

    func testValueFormatting() throws {
        let data = json(#"""
        {"int": -85, "double": 1.21, "whole": 1.0, "big": 1e300, "yes": true, "no": false,
         "nothing": null, "list": [1, "two", [3.5, null]], "object": {"b": 1, "a": "\""},
         "text": "héllo 🙂\n"}
        """#)
        let template = "{{int}}|{{double}}|{{whole}}|{{big}}|{{yes}}|{{no}}|{{nothing}}|{{{list}}}|{{{object}}}|{{text}}"
        XCTAssertEqual(try render(template, data),
                       "-85|1.21|1.0|1e+300|true|false||[1,\"two\",[3.5,null]]|{\"a\":\"\\\"\",\"b\":1}|héllo 🙂\n")
        XCTAssertEqual(try render("{{{.}}}", .object(["tab\t": .string("\u{1}")])), "{\"tab\\t\":\"\\u0001\"}")
    }

    func testTruthiness() throws {
        let data = json(#"{"zero": 0, "empty": "", "object": {}, "list": [], "null": null, "false": false}"#)
        XCTAssertEqual(try render("{{#zero}}Z{{/zero}}{{#empty}}E{{/empty}}{{#object}}O{{/object}}", data), "ZEO")
        XCTAssertEqual(try render("{{^list}}L{{/list}}{{^null}}N{{/null}}{{^false}}F{{/false}}{{^missing}}M{{/missing}}", data),
                       "LNFM")
    }

    func testSectionPushesObjectsAndScalars() throws {
        let data = json(#"{"name": "outer", "person": {"name": "Ann"}, "count": 3, "flags": [{"key": "a"}, {"name": "inner"}]}"#)
        XCTAssertEqual(try render("{{#person}}{{name}}{{/person}} {{#count}}{{.}}{{/count}}", data), "Ann 3")
        XCTAssertEqual(try render("{{#flags}}[{{key}}:{{name}}]{{/flags}}", data), "[a:outer][:inner]")
    }

    // MARK: - Partials

    func testMissingPartialRendersEmpty() throws {
        XCTAssertEqual(try render("a{{>nope}}b"), "ab")
        XCTAssertEqual(try MustacheTemplate(source: "a{{>nope}}b").render(.null), "ab")
    }

    func testADictionaryProvidesPartials() throws {
        let provider = ["p": "<{{x}}>"]
        XCTAssertEqual(provider.partial(named: "p"), "<{{x}}>")
        XCTAssertNil(provider.partial(named: "q"))
        XCTAssertEqual(try MustacheTemplate(source: "{{> p }}").render(json(#"{"x": 1}"#), partials: provider), "<1>")
    }

    func testPartialNamesMayHavePathsAndDots() throws {
        XCTAssertEqual(try render("{{> swift/header.mustache}}", partials: ["swift/header.mustache": "// header"]), "// header")
    }

    func testCustomProviderIsAskedOncePerRender() throws {
        final class Counting: PartialProvider {
            var asked: [String] = []
            func partial(named name: String) -> String? {
                asked.append(name)
                return name == "row" ? "{{.}}," : nil
            }
        }
        let provider = Counting()
        let template = try MustacheTemplate(source: "{{#list}}{{>row}}{{>gone}}{{/list}}")
        XCTAssertEqual(try template.render(json(#"{"list": [1, 2, 3]}"#), partials: provider), "1,2,3,")
        XCTAssertEqual(provider.asked, ["row", "gone"])
    }

    func testPartialsUseDefaultDelimiters() throws {
        XCTAssertEqual(try render("{{=<% %>=}}<%>p%> <%x%>", json(#"{"x": 1}"#), partials: ["p": "{{x}}<%x%>"]), "1<%x%> 1")
    }

    // MARK: - Indentation of standalone partials

    func testIndentationRepeatsWithSectionLines() throws {
        // A section that is not standalone repeats a line; each repetition is indented.
        let partials = ["body": "case a\n{{#more}}case {{.}}\n{{/more}}"]
        XCTAssertEqual(try render("switch {\n    {{>body}}\n}\n", json(#"{"more": ["b", "c"]}"#), partials: partials),
                       "switch {\n    case a\n    case b\n    case c\n}\n")
    }

    func testIndentationSkipsEmptyLinesAndValues() throws {
        let partials = ["p": "a\n\n{{{code}}}\r\n\r\nb\n"]
        XCTAssertEqual(try render("  {{>p}}", json(#"{"code": "x\ny"}"#), partials: partials),
                       "  a\n\n  x\ny\r\n\r\n  b\n")
    }

    func testIndentationAccumulatesThroughNestedPartials() throws {
        let partials = ["outer": "{\n  {{>inner}}\n}\n", "inner": "one\ntwo\n"]
        XCTAssertEqual(try render("  {{>outer}}", partials: partials), "  {\n    one\n    two\n  }\n")
    }

    func testInlinePartialInsideIndentedPartialKeepsOuterIndentation() throws {
        let partials = ["outer": "x {{>inner}}\ny\n", "inner": "1\n2"]
        XCTAssertEqual(try render("\t{{>outer}}", partials: partials), "\tx 1\n\t2\n\ty\n")
    }

    // MARK: - Whitespace and line endings

    func testCRLFStandaloneLines() throws {
        let source = "struct A {\r\n{{#flags}}\r\n    let {{name}}: Bool\r\n{{/flags}}\r\n}\r\n"
        XCTAssertEqual(try render(source, json(#"{"flags": [{"name": "a"}, {"name": "b"}]}"#)),
                       "struct A {\r\n    let a: Bool\r\n    let b: Bool\r\n}\r\n")
    }

    func testEmptyTemplateAndPlainText() throws {
        XCTAssertEqual(try render(""), "")
        XCTAssertEqual(try render("no tags } { here\n"), "no tags } { here\n")
        XCTAssertEqual(try render("{ {{x}} }", json(#"{"x": "y"}"#)), "{ y }")
    }

    func testTagContentsMaySpanLines() throws {
        XCTAssertEqual(try render("{{#\n a \n}}x{{/a}}", json(#"{"a": true}"#)), "x")
    }
}
