import XCTest

@testable import FlaggenCore

final class YAMLParserTests: XCTestCase {
    private func parse(_ text: String) -> YAMLDocument {
        YAMLParser().parse(Array(text.utf8))
    }

    private func root(_ text: String) throws -> [YAMLEntry] {
        let document = parse(text)
        XCTAssertEqual(document.problems, [])
        guard case .mapping(let entries, _)? = document.root else {
            XCTFail("not a mapping")
            return []
        }
        return entries
    }

    func testPositionsAreOneBased() throws {
        let entries = try root("a: 1\nb:\n  c: [x, y]\n")
        XCTAssertEqual(entries[0].key.location, SourceLocation(line: 1, column: 1))
        XCTAssertEqual(entries[0].value.location, SourceLocation(line: 1, column: 4))
        guard case .mapping(let inner, _) = entries[1].value, case .sequence(let items, let location) = inner[0].value else {
            return XCTFail("shape")
        }
        XCTAssertEqual(inner[0].key.location, SourceLocation(line: 3, column: 3))
        XCTAssertEqual(location, SourceLocation(line: 3, column: 6))
        XCTAssertEqual(items[1].location, SourceLocation(line: 3, column: 10))
    }

    func testColumnsCountCharactersNotBytes() throws {
        let entries = try root("ключ: 1\nb: 'é😀'\nc: x\n")
        XCTAssertEqual(entries[0].value.location, SourceLocation(line: 1, column: 7))
        guard case .scalar(let scalar) = entries[1].value else { return XCTFail("shape") }
        XCTAssertEqual(scalar.text, "é😀")
    }

    func testQuotingStyles() throws {
        let entries = try root("""
            plain: 10
            single: 'it''s'
            double: "tab\\tquote\\" \\u00e9"
            tagged: !!str 12
            """)
        let scalars = entries.compactMap { entry -> YAMLScalar? in
            if case .scalar(let scalar) = entry.value { return scalar }
            return nil
        }
        XCTAssertEqual(scalars.map(\.style), [.plain, .singleQuoted, .doubleQuoted, .plain])
        XCTAssertEqual(scalars.map(\.text), ["10", "it's", "tab\tquote\" é", "12"])
        XCTAssertTrue(scalars[0].isPlain)
        XCTAssertFalse(scalars[3].isPlain, "an explicit tag makes the scalar a string")
    }

    func testMultiLineStrings() throws {
        let entries = try root("""
            literal: |
              line one
                indented
              line three
            folded: >
              folded
              together

              paragraph
            stripped: |-
              no newline
            """)
        let texts = entries.compactMap { entry -> String? in
            if case .scalar(let scalar) = entry.value { return scalar.text }
            return nil
        }
        XCTAssertEqual(texts, ["line one\n  indented\nline three\n", "folded together\nparagraph\n", "no newline"])
    }

    func testAnchorsAndAliasesAreResolved() throws {
        let entries = try root("""
            base: &owner {team: payments}
            copy: *owner
            list: [&x 1, *x]
            """)
        // The alias holds the anchored node's contents, at the alias's own place.
        guard case .mapping(let base, let baseAt) = entries[0].value, case .mapping(let copy, let copyAt) = entries[1].value else {
            return XCTFail("shape")
        }
        XCTAssertEqual(base, copy)
        XCTAssertEqual(baseAt, SourceLocation(line: 1, column: 7))
        XCTAssertEqual(copyAt, SourceLocation(line: 2, column: 7))
        guard case .sequence(let items, _) = entries[2].value else { return XCTFail("shape") }
        guard case .scalar(let first) = items[0], case .scalar(let second) = items[1] else { return XCTFail("shape") }
        XCTAssertEqual(first.text, "1")
        XCTAssertEqual(second.text, "1")
        XCTAssertEqual(second.location, SourceLocation(line: 3, column: 14))
    }

    func testUnknownAliasIsAnError() {
        let document = parse("a: *nowhere\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.first?.location, SourceLocation(line: 1, column: 4))
        XCTAssertTrue(document.problems.first?.message.contains("'*nowhere'") ?? false)
    }

    func testAnAliasInsideTheNodeItNamesSaysSo() {
        // Reported: "names no anchor defined before it", though the anchor is right before it.
        let document = parse("flags: &a {x: *a}\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: 1, column: 15)])
        XCTAssertEqual(document.problems.first?.message, "the alias '*a' is inside the node '&a' it names, which would then contain itself; write the value out")
    }

    func testADuplicateKeyWrittenAsAnAliasIsReportedAtTheAlias() {
        // Reported: at the anchor (line 1), before the key it duplicates.
        let document = parse("x: &k owner\nb:\n  owner: core\n  *k : other\n")
        XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: 4, column: 3)])
        XCTAssertEqual(document.problems.first?.message, "duplicate key 'owner' (first defined at line 3); remove one of them")
    }

    func testAPlainKeyLongerThanYAMLAllowsSaysHowToWriteIt() {
        // Reported: libyaml's "mapping values are not allowed" came with a hint about indentation.
        let key = String(repeating: "k", count: 1_025)
        let long = parse("flags:\n  \(key): 1\n")
        XCTAssertNil(long.root)
        XCTAssertTrue(long.problems.first?.message.hasSuffix("; a key written without '?' may be at most 1024 characters (YAML's limit); write a longer one as '? KEY' with ': VALUE' on the next line") ?? false, "\(long.problems)")
        let explicit = parse("flags:\n  ? \(key)\n  : 1\n")
        XCTAssertEqual(explicit.problems.map(\.message), [])
        // After text of many bytes per character, and not for other errors on a long line.
        let afterAccents = parse("a: \(String(repeating: "é", count: 600))\nflags:\n  \(key): 1\n")
        XCTAssertTrue(afterAccents.problems.first?.message.contains("may be at most 1024 characters") ?? false, "\(afterAccents.problems)")
        let strayText = parse("d: \"\(key)\" trailing\n")
        XCTAssertTrue(strayText.problems.first?.message.hasSuffix("; check indentation, colons and quotes") ?? false, "\(strayText.problems)")
    }

    /// Found by a hunt: libyaml reads NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR as line breaks
    /// (YAML 1.1), so every later line number was off from the editor's, a quoted value
    /// holding one turned it into a space without a word, and `remove` crashed. YAML 1.2 and
    /// editors do not break lines there: they are refused where they stand.
    func testUnicodeLineBreaksOfYAML11AreRefusedWhereTheyAre() {
        for (scalar, name) in [("\u{85}", "U+0085 (NEXT LINE)"), ("\u{2028}", "U+2028 (LINE SEPARATOR)"), ("\u{2029}", "U+2029 (PARAGRAPH SEPARATOR)")] {
            let document = parse("a: 1\nb: \"x\(scalar)y\"\n# note \(scalar)\nc: 2\n")
            XCTAssertNil(document.root)
            XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: 2, column: 6)], name)
            XCTAssertEqual(document.problems.first?.message, "\(name) is a line break to flaggen's YAML reader (YAML 1.1) but not to YAML 1.2 or your editor, so it would shift every line number after it or turn into a space; write it as the escape \\u\(name.dropFirst(2).prefix(4)) inside a double-quoted string, or remove it")
        }
        XCTAssertEqual(try root("a: \"x\\u2028y\"\n").count, 1, "the escape is fine")
    }

    /// A file whose lines end in CR alone (classic Mac) is read with the right lines.
    func testLinesEndingInCarriageReturnAloneAreLines() throws {
        let entries = try root("a: 1\rb:\r  c: x\r")
        XCTAssertEqual(entries[1].key.location, SourceLocation(line: 2, column: 1))
    }

    func testBillionLaughsFailsFast() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        // Date, not ContinuousClock: the tests build for macOS 12 too.
        let start = Date()
        let document = parse(text)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertNil(document.root)
        XCTAssertTrue(document.problems.first?.message.contains("billion laughs") ?? false, "\(document.problems)")
        // A structural bound, not a timing test: the parse stops at the limit rather than expanding.
        XCTAssertLessThan(elapsed, 5)
    }

    func testDuplicateKeysAreReportedWithBothLines() {
        let document = parse("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n")
        XCTAssertNotNil(document.root)
        XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: 4, column: 3), SourceLocation(line: 5, column: 1)])
        XCTAssertEqual(document.problems.first?.message, "duplicate key 'c' (first defined at line 3); remove one of them")
    }

    /// Keys are compared as Swift strings: canonically equivalent keys are duplicates even with
    /// different bytes, in small mappings (scanned) and large ones (indexed) alike.
    func testCanonicallyEquivalentKeysAreDuplicates() {
        let pairs = [("K", "\\u212A"), ("\\u00e9x", "e\\u0301x"), ("\\u212A2", "K2")]
        for filler in [0, 20] {
            for (first, second) in pairs {
                let padding = (0..<filler).map { "k\($0): 1\n" }.joined()
                let document = parse(padding + "\"\(first)\": 1\n\"\(second)\": 2\n")
                XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: filler + 2, column: 1)], "\(first) \(second), \(filler) keys before")
                XCTAssertTrue(document.problems.first?.message.contains("first defined at line \(filler + 1)") ?? false, "\(document.problems)")
            }
        }
    }

    func testDuplicateKeysInALargeMappingPointAtTheFirst() {
        var text = (0..<40).map { "key\($0): \($0)\n" }.joined()
        text += "key7: again\nkey39: again\nnew: 1\n"
        let document = parse(text)
        XCTAssertEqual(document.problems.map(\.location), [SourceLocation(line: 41, column: 1), SourceLocation(line: 42, column: 1)])
        XCTAssertEqual(document.problems.first?.message, "duplicate key 'key7' (first defined at line 8); remove one of them")
        guard case .mapping(let entries, _)? = document.root else { return XCTFail("not a mapping") }
        XCTAssertEqual(entries.count, 41, "duplicates' values are dropped")
        XCTAssertEqual(entries.last?.key.text, "new")
    }

    func testSyntaxErrorHasLibyamlPosition() {
        let document = parse("a: 1\nb: [1, 2\nc: 3\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.count, 1)
        XCTAssertTrue(document.problems[0].message.hasPrefix("YAML syntax error: "), document.problems[0].message)
        XCTAssertEqual(document.problems[0].location.line, 3)
    }

    func testTabIndentationIsASyntaxError() {
        let document = parse("a:\n\tb: 1\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.first?.location.line, 2)
    }

    func testInvalidUTF8IsReportedWithPosition() {
        var bytes = Array("a: 1\nb: caf".utf8)
        bytes.append(0xE9)  // Latin-1 é
        bytes += Array("\n".utf8)
        let document = YAMLParser().parse(bytes)
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.first?.location, SourceLocation(line: 2, column: 7))
        XCTAssertTrue(document.problems.first?.message.contains("not valid UTF-8") ?? false)
        // Lines as libyaml counts them (found by a bug hunt: with CR line ends, line 1, column 52).
        for lineEnd in ["\r", "\r\n"] {
            let bytes = Array("a: 1\(lineEnd)b: caf".utf8) + [0xE9] + Array(lineEnd.utf8)
            XCTAssertEqual(YAMLParser().parse(bytes).problems.first?.location, SourceLocation(line: 2, column: 7), lineEnd.debugDescription)
        }
        // LINE SEPARATOR is no line break to an editor (and refused once the file is UTF-8).
        let separated = Array("a: 1\u{2028}b: caf".utf8) + [0xE9]
        XCTAssertEqual(YAMLParser().parse(separated).problems.first?.location, SourceLocation(line: 1, column: 12))
    }

    func testUTF16IsRefused() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("a: 1".utf8).flatMap { [$0, 0] }
        let document = YAMLParser().parse(bytes)
        XCTAssertNil(document.root)
        XCTAssertTrue(document.problems.first?.message.contains("UTF-8") ?? false)
    }

    func testSeveralDocumentsAreRefused() {
        let document = parse("a: 1\n---\nb: 2\n")
        XCTAssertNil(document.root)
        XCTAssertEqual(document.problems.first?.location.line, 2)
    }

    func testComplexKeysAreRefused() {
        let document = parse("? [a, b]\n: 1\n")
        XCTAssertNil(document.root)
        XCTAssertTrue(document.problems.first?.message.contains("mapping key must be a plain string") ?? false)
    }

    func testLimits() {
        let large = "a: 1\n" + String(repeating: " ", count: InputLimits.maxFileBytes - 4)
        XCTAssertEqual(parse(large).problems.first?.message, "the file is larger than the limit of 16777216 bytes; split the manifest or remove unused flags")

        func nested(_ depth: Int) -> String { "a: " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "\n" }
        // The mapping is one level, so 63 lists inside it reach the limit of 64.
        XCTAssertTrue(parse(nested(64)).problems.first?.message.contains("nest more than 64 levels") ?? false)
        XCTAssertNotNil(parse(nested(63)).root)

        XCTAssertTrue(parse("a: \(String(repeating: "x", count: 65_537))\n").problems.first?.message.contains("more than the limit of 65536") ?? false)
        XCTAssertNotNil(parse("a: \(String(repeating: "x", count: 65_536))\n").root)
    }

    func testDeepNestingWithDefaultLimitDoesNotOverflow() {
        let text = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        let document = parse(text)
        XCTAssertNil(document.root)
        XCTAssertTrue(document.problems.first?.message.contains("levels deep") ?? false)
    }

    func testEmptyFile() {
        XCTAssertTrue(parse("").problems.first?.message.contains("empty") ?? false)
    }

    func testPlainScalarResolution() {
        XCTAssertEqual(PlainScalar.resolve("~"), .null)
        XCTAssertEqual(PlainScalar.resolve("True"), .bool(true))
        XCTAssertEqual(PlainScalar.resolve("yes"), .string)
        XCTAssertEqual(PlainScalar.resolve("-12"), .int(-12))
        XCTAssertEqual(PlainScalar.resolve("0x1F"), .int(31))
        XCTAssertEqual(PlainScalar.resolve("0o17"), .int(15))
        XCTAssertEqual(PlainScalar.resolve("99999999999999999999"), .int(nil))
        XCTAssertEqual(PlainScalar.resolve("1.5e3"), .double(1500))
        XCTAssertEqual(PlainScalar.resolve(".5"), .double(0.5))
        XCTAssertEqual(PlainScalar.resolve("-.inf"), .double(-.infinity))
        XCTAssertEqual(PlainScalar.resolve("2.4.0"), .string)
        XCTAssertEqual(PlainScalar.resolve("2029-03-01"), .string)
        XCTAssertEqual(PlainScalar.resolve("1e"), .string)
    }
}
