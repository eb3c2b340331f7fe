import FlaggenJSON
import Mustache
import XCTest

/// Random templates built from tag fragments: parsing and rendering must either succeed or
/// throw a well-formed ``MustacheError``, never crash or hang.
final class RobustnessTests: XCTestCase {
    /// SplitMix64, so every run tries the same templates.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let fragments = [
        "{{", "}}", "{{{", "}}}", "{", "}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{#.}}", "{{/.}}",
        "{{>p}}", "{{>q}}", "  {{>p}}\n", "{{=<% %>=}}", "<%", "%>", "<%#a%>", "<%/a%>", "{{= | | =}}",
        "|", "|a|", "{{=", "=}}", "{{!", "{{! c }}", "\n", "\r\n", "\r", " ", "\t", "x", "é", "🙂",
        "{{.}}", "{{a.b}}", "{{a..b}}", "{{&a}}", "{{ a }}", "{{a b}}", "{{}}", "{{#a}}\n", "{{/a}}\n",
    ]

    private static let data = JSONValue.object([
        "a": .array([.object(["b": .int(1)]), .bool(true), .string("<s>"), .array([])]),
        "b": .bool(false),
        "c": .object(["a": .null]),
    ])

    private func randomSource(_ generator: inout Generator) -> String {
        let count = Int.random(in: 0...24, using: &generator)
        return (0..<count).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
    }

    func testRandomTemplatesNeverCrash() {
        var generator = Generator(state: 0x5EED)
        var rendered = 0
        var failed = 0
        for _ in 0..<4_000 {
            let source = randomSource(&generator)
            let partials = ["p": randomSource(&generator), "q": "{{>p}}{{>q}}"]
            do throws(MustacheError) {
                let template = try MustacheTemplate(source: source, name: "fuzz")
                let first = try template.render(Self.data, partials: partials)
                let second = try template.render(Self.data, partials: partials)
                XCTAssertEqual(first, second, "not deterministic: \(source.debugDescription)")
                rendered += 1
            } catch {
                failed += 1
                XCTAssertTrue(["fuzz", "p", "q"].contains(error.templateName), "\(error)")
                XCTAssertGreaterThanOrEqual(error.line, 1)
                XCTAssertGreaterThanOrEqual(error.column, 1)
                XCTAssertTrue(error.description.hasPrefix("\(error.templateName):\(error.line):\(error.column): error: "))
            }
        }
        // Both paths were exercised.
        XCTAssertGreaterThan(rendered, 100)
        XCTAssertGreaterThan(failed, 100)
    }
}
