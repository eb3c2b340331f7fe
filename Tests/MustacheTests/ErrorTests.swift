import FlaggenJSON
import Mustache
import XCTest

/// Parse and render errors: kind, template name, 1-based position and message.
final class ErrorTests: XCTestCase {
    /// The error that parsing `source` throws, failing the test if it parses.
    private func parseError(_ source: String, name: String = "t.mustache",
                            file: StaticString = #filePath, line: UInt = #line) -> MustacheError? {
        do {
            _ = try MustacheTemplate(source: source, name: name)
            XCTFail("expected a parse error for \(source.debugDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(
        _ source: String, _ kind: MustacheError.Kind, line: Int, column: Int, message: String,
        file: StaticString = #filePath, testLine: UInt = #line
    ) {
        guard let error = parseError(source, file: file, line: testLine) else { return }
        XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: testLine)
        XCTAssertEqual(error.templateName, "t.mustache", file: file, line: testLine)
        XCTAssertEqual("\(error.line):\(error.column)", "\(line):\(column)", "\(error)", file: file, line: testLine)
        XCTAssertEqual(error.message, message, file: file, line: testLine)
    }

    func testDescriptionIsCompilerStyle() {
        let error = parseError("Hello {{name")
        XCTAssertEqual(error?.description,
                       "t.mustache:1:7: error: unclosed tag '{{name': add '}}' to close it")
    }

    func testDefaultTemplateName() {
        XCTAssertEqual(parseError("{{#a}}", name: "<template>")?.description,
                       "<template>:1:1: error: section '{{#a}}' is never closed; add '{{/a}}' where it ends")
    }

    func testUnclosedTags() {
        assertError("Hello {{name", .unclosedTag, line: 1, column: 7,
                    message: "unclosed tag '{{name': add '}}' to close it")
        assertError("a\nb {{{name}}", .unclosedTag, line: 2, column: 3,
                    message: "unclosed tag '{{{name}}': add '}}}' to close it")
        assertError("{{! never closed\n", .unclosedTag, line: 1, column: 1,
                    message: "unclosed tag '{{! never closed': add '}}' to close it")
        assertError("x {{a\n{{b}}", .unclosedTag, line: 1, column: 3,
                    message: "unclosed tag: '{{a\n{{b' runs into another '{{'; add '}}' to close it")
        assertError("{{=<% %>=}}\n<%name", .unclosedTag, line: 2, column: 1,
                    message: "unclosed tag '<%name': add '%>' to close it")
        assertError("{{=<% %>}}", .unclosedTag, line: 1, column: 1,
                    message: "unclosed tag '{{=<% %>}}': add '=}}' to close it")
    }

    func testUnclosedSectionPointsAtItsOpeningTag() {
        assertError("a\n  {{#items}}\n  x\n", .unclosedSection, line: 2, column: 3,
                    message: "section '{{#items}}' is never closed; add '{{/items}}' where it ends")
        assertError("{{#a}}{{^b}}{{/b}}\n{{^c}}", .unclosedSection, line: 2, column: 1,
                    message: "section '{{^c}}' is never closed; add '{{/c}}' where it ends")
    }

    func testClosingTagWithoutSection() {
        assertError("ok\n\n   {{/items}}", .unexpectedClosingTag, line: 3, column: 4,
                    message: "closing tag '{{/items}}' has no open section; remove it or add '{{#items}}' before it")
    }

    func testMismatchedClosingTag() {
        assertError("{{#a}}\n  {{#b}}\n{{/a}}", .mismatchedClosingTag, line: 3, column: 1,
                    message: "closing tag '{{/a}}' does not match the open section '{{#b}}' from line 2, column 3; close it first with '{{/b}}'")
    }

    func testMessagesQuoteCustomDelimiters() {
        assertError("{{=<% %>=}}\n<%#a%>\n<%/b%>", .mismatchedClosingTag, line: 3, column: 1,
                    message: "closing tag '<%/b%>' does not match the open section '<%#a%>' from line 2, column 1; close it first with '<%/a%>'")
    }

    func testInvalidDelimiters() {
        assertError("x\n{{= <% =}}", .invalidDelimiters, line: 2, column: 1,
                    message: "invalid set-delimiter tag '{{=<%=}}': write two delimiters separated by a space, like '{{=<% %>=}}'")
        assertError("{{=a b c=}}", .invalidDelimiters, line: 1, column: 1,
                    message: "invalid set-delimiter tag '{{=a b c=}}': write two delimiters separated by a space, like '{{=<% %>=}}'")
        assertError("{{=<= =>=}}", .invalidDelimiters, line: 1, column: 1,
                    message: "invalid set-delimiter tag: delimiters must not contain '=', like '{{=<% %>=}}'")
        assertError("{{==}}", .invalidDelimiters, line: 1, column: 1,
                    message: "invalid set-delimiter tag '{{==}}': write two delimiters separated by a space, like '{{=<% %>=}}'")
    }

    func testInvalidNames() {
        assertError("{{ }}", .invalidTagName, line: 1, column: 1,
                    message: "empty tag '{{}}': write a name between the delimiters, like '{{name}}'")
        assertError("{{#}}{{/}}", .invalidTagName, line: 1, column: 1,
                    message: "empty tag '{{#}}': write a name between the delimiters, like '{{#name}}'")
        assertError("{{> }}", .invalidTagName, line: 1, column: 1,
                    message: "empty tag '{{>}}': write a name between the delimiters, like '{{>name}}'")
        assertError("  {{first name}}", .invalidTagName, line: 1, column: 3,
                    message: "tag name 'first name' contains whitespace: a name is a single word or a dotted path like 'a.b'")
        assertError("{{a..b}}", .invalidTagName, line: 1, column: 1,
                    message: "invalid name 'a..b': use '.' for the current item, or names joined by single dots, like 'a.b'")
        assertError("{{#.a}}{{/.a}}", .invalidTagName, line: 1, column: 1,
                    message: "invalid name '.a': use '.' for the current item, or names joined by single dots, like 'a.b'")
    }

    func testColumnsCountCharactersNotBytes() {
        assertError("héllo wörld {{x", .unclosedTag, line: 1, column: 13,
                    message: "unclosed tag '{{x': add '}}' to close it")
        assertError("🙂🙂 {{x", .unclosedTag, line: 1, column: 4,
                    message: "unclosed tag '{{x': add '}}' to close it")
    }

    func testLinesCountAcrossCRLFAndMultilineTags() {
        assertError("a\r\nb\r\n{{x", .unclosedTag, line: 3, column: 1,
                    message: "unclosed tag '{{x': add '}}' to close it")
        assertError("{{!\n\n}}{{/x}}", .unexpectedClosingTag, line: 3, column: 3,
                    message: "closing tag '{{/x}}' has no open section; remove it or add '{{#x}}' before it")
        // Standalone lines removed before parsing do not shift positions.
        assertError("{{#a}}\n{{! note }}\n  {{/b}}\n", .mismatchedClosingTag, line: 3, column: 3,
                    message: "closing tag '{{/b}}' does not match the open section '{{#a}}' from line 1, column 1; close it first with '{{/a}}'")
    }

    func testErrorInPartialIsNamedAfterThePartial() {
        let template = try? MustacheTemplate(source: "line one\n{{>row}}", name: "main.mustache")
        XCTAssertThrowsError(try template?.render(.null, partials: ["row": "ok\n  {{#x}}"])) { error in
            XCTAssertEqual("\(error)", "row:2:3: error: section '{{#x}}' is never closed; add '{{/x}}' where it ends")
        }
    }

    func testErrorsAreTyped() {
        // `throws(MustacheError)`: no cast needed.
        do throws(MustacheError) {
            _ = try MustacheTemplate(source: "{{/x}}")
        } catch {
            XCTAssertEqual(error.kind, .unexpectedClosingTag)
        }
        do throws(MustacheError) {
            let template = try MustacheTemplate(source: "{{>p}}")
            _ = try template.render(.null, partials: ["p": "{{#x}}"])
        } catch {
            XCTAssertEqual(error.kind, .unclosedSection)
        }
    }
}
