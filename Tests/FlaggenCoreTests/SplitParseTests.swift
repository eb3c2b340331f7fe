import XCTest

@testable import FlaggenCore

/// The split parse (``SplitParse``) must build the tree the sequential parse builds, or give up.
/// Each manifest here is cut at every possible line, not only at the middle the tool uses.
final class SplitParseTests: XCTestCase {
    // MARK: - Comparing with the sequential parse

    /// Every node reachable from the root, in walk order: kind, style, tag, text bytes and
    /// position, and for a node seen before (an alias) the number of its first visit.
    private func dump(_ tree: YAMLTree) -> String {
        var seen: [YAMLTree.NodeID: Int] = [:]
        var out = ""
        func walk(_ node: YAMLTree.NodeID, _ depth: Int) {
            let record = tree.records[node.index]
            out += String(repeating: " ", count: depth)
            if let first = seen[node] {
                out += "=\(first)\n"
                return
            }
            seen[node] = seen.count
            let location = tree.location(node)
            out += "\(record.kind) \(location.line):\(location.column)"
            switch record.kind {
            case .scalar:
                let tag = record.tag < 0 ? "-" : tree.tags[Int(record.tag)]
                out += " \(record.style) \(tag) ascii=\(record.isASCII) \(Array(tree.bytes(node)))\n"
            case .sequence:
                out += " \(tree.items(node).count)\n"
                for item in tree.items(node) { walk(item, depth + 1) }
            case .mapping:
                out += " \(tree.entries(node).count)\n"
                for entry in tree.entries(node) {
                    walk(entry.key, depth + 1)
                    walk(entry.value, depth + 2)
                }
            }
        }
        walk(tree.root, 0)
        return out
    }

    private func sequential(_ bytes: [UInt8]) -> YAMLDocument {
        var parser = YAMLParser()
        parser.splitFromBytes = .max
        return parser.parse(bytes)
    }

    /// The offsets of every line that could be a cut: lines starting with a space then a byte
    /// that may start a plain key (the plan picks the ones at the block's indentation).
    private func cutCandidates(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        for index in bytes.indices where (index == 0 || bytes[index - 1] == 0x0A) && bytes[index] == 0x20 {
            starts.append(index)
        }
        return starts
    }

    /// Cuts `bytes` at every candidate line, checks each split tree against the sequential
    /// one (with the second half whole, and in as many pieces as it has keys), and returns how
    /// many cuts were split (rather than given up) with the second half whole.
    @discardableResult
    private func checkEveryCut(
        _ bytes: [UInt8], name: String, every stride: Int = 1, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let whole = sequential(bytes)
        let expected = whole.tree.map(dump)
        var splits = 0
        var plans: Set<Int> = []
        for (number, cut) in cutCandidates(bytes).enumerated() where number % stride == 0 {
            guard let plan = bytes.withUnsafeBufferPointer({ FlagsSplitPlan($0, cutFrom: cut) }),
                plans.insert(plan.split).inserted
            else { continue }
            // The second half whole, and cut into as many pieces as it has keys.
            let pieces = bytes.withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: cut, pieceBytes: 1) }
            for (variant, plan) in ([plan] + (pieces.flatMap { $0 == plan ? nil : [$0] } ?? [])).enumerated() {
                guard let tree = SplitParse.parse(bytes, plan: plan, limits: .default) else { continue }
                if variant == 0 { splits += 1 }
                XCTAssertEqual(whole.problems, [], "\(name): split although the file has problems", file: file, line: line)
                XCTAssertEqual(
                    dump(tree), expected, "\(name) cut at byte \(plan.split) into \(plan.pieces.count) pieces", file: file, line: line)
            }
        }
        // The parser itself, forced to split at the middle, answers as the sequential parse.
        var forced = YAMLParser()
        forced.splitFromBytes = 0
        let document = forced.parse(bytes)
        XCTAssertEqual(document.problems, whole.problems, name, file: file, line: line)
        XCTAssertEqual(document.tree.map(dump), expected, name, file: file, line: line)
        return splits
    }

    private func checkEveryCut(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        checkEveryCut(Array(text.utf8), name: text, file: file, line: line)
    }

    // MARK: - Manifests

    func testEveryManifestInTheRepository() throws {
        let folders = ["Fuzz/corpus/manifest", "Tests/FlaggenCoreTests/Fixtures", "Examples"]
        var files = [packageRoot.appendingPathComponent("flags.yaml")]
        for folder in folders {
            let url = packageRoot.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                if file.pathExtension == "yaml" { files.append(file) }
            }
        }
        XCTAssertGreaterThan(files.count, 55)
        var splits = 0
        for file in files {
            let bytes = try Array(Data(contentsOf: file))
            splits += checkEveryCut(bytes, name: file.lastPathComponent)
        }
        XCTAssertGreaterThan(splits, 100, "the repository's manifests should mostly split")
    }

    /// A manifest shaped like Benchmarks/make_manifest.py's, with `configs:` after `flags:`.
    private func generatedManifest(flags: Int) -> String {
        var lines = ["# generated", "version: 1", "name: Bench", "outputs:", "  swift: Flags.swift", "flags:"]
        for index in 0..<flags {
            lines.append("  flag_\(index):")
            switch index % 4 {
            case 0:
                lines += ["    type: bool", "    default: true", "    owner: team\(index % 7)", "    killSwitch: true"]
            case 1:
                lines += [
                    "    type: string", "    default: \"hello \\u00e9 \(index)\"", "    kind: experiment",
                    "    rollout:", "      percent: \(index % 100)", "      platforms: [ios, android]",
                ]
            case 2:
                lines += ["    type: int", "    default: \(index)", "    description: >", "      Folded text", "      on two lines."]
            default:
                lines += [
                    "    type: json", "    schema: Config\(index % 3)", "    default: {title: 'x y', count: 2}",
                    "    # a comment", "    expires: 2030-01-01",
                ]
            }
        }
        lines += ["configs:", "  Config0:", "    properties:", "      title: {type: string}"]
        return lines.joined(separator: "\n") + "\n"
    }

    func testGeneratedManifestSplitsAtTheMiddleAndAtManyLines() {
        let bytes = Array(generatedManifest(flags: 1_000).utf8)
        let plan = bytes.withUnsafeBufferPointer { FlagsSplitPlan($0) }
        XCTAssertNotNil(plan)
        XCTAssertNotNil(plan.flatMap { SplitParse.parse(bytes, plan: $0, limits: .default) })
        let small = generatedManifest(flags: 40)
        XCTAssertGreaterThan(checkEveryCut(small), 35)
        XCTAssertGreaterThan(checkEveryCut(bytes, name: "generated 1000", every: 97), 30)
    }

    // MARK: - Nasty cases

    func testKeepChompedBlockScalarWithTrailingBlankLinesBeforeTheCut() {
        let text = """
            version: 1
            flags:
              a:
                description: |+
                  kept

            \("")
              b:
                text: |-
                  stripped
                  \("")

              c:
                text: |+
                  kept too
                      \("")
                \("")
              d: 1
            configs: {}

            """
        XCTAssertGreaterThanOrEqual(checkEveryCut(text), 3)
    }

    func testCommentLinesAtAnyColumnInsideTheBlock() {
        let text = """
            flags:
              a: 1
            # at column 0
              b: 2
                # deeper
             # shallower
              c:
                x: 1
            #c
              d: 4
            configs: {}
            """
        XCTAssertGreaterThanOrEqual(checkEveryCut(text), 3)
    }

    func testFlowCollectionsAndQuotedScalarsSpanningLines() {
        let text = """
            flags:
              a: [1,
                2, 3]
              b: "two
                lines"
              c: 'single
                quoted'
              d: {x: 1,
                y: 2}
              e: plain
                continued
              f: 6
            """
        XCTAssertGreaterThanOrEqual(checkEveryCut(text), 5)
    }

    func testTokensAcrossTheCutGiveUp() {
        // libyaml reads these leniently; a cut inside them must not be trusted.
        for text in [
            "flags:\n  a: \"x\n  b: y\"\nconfigs: \"z\"\n",
            "flags:\n  a: [1,\n  b, 2]\nconfigs: 1\n",
            "flags:\n  a: {\n  b: 2}\n",
            "flags:\n  { a: 1,\n  b: 2 }\n",
            "flags:\n  { a: 1,\n  b: 2\n}\n",
        ] {
            XCTAssertEqual(checkEveryCut(text), 0, text)
        }
    }

    func testAnchorsInTheFirstHalfWithAliasesInTheSecondGiveUp() {
        let text = "defaults: &d {type: bool}\nflags:\n  a: &x 1\n  b: *x\n  c: *d\n  d: *x\nconfigs:\n  e: *x\n"
        XCTAssertEqual(checkEveryCut(text), 0)  // every second half holds an alias
    }

    func testAnchorsInTheSecondHalfGiveUp() {
        let text = "flags:\n  a: 1\n  b: &x 2\n  c: *x\nconfigs:\n  e: *x\n"
        XCTAssertEqual(checkEveryCut(text), 0)
    }

    func testAnAnchorOnTheFlagsMappingGivesUp() {
        // An alias of it would count only the first half's flags against the limits.
        XCTAssertEqual(checkEveryCut("flags:\n  &x\n  a: 1\n  b: 2\n  c: 3\nconfigs: *x\n"), 0)
        XCTAssertEqual(checkEveryCut("flags:\n  &x\n  a: 1\n  b: 2\n  c: 3\n"), 0)
    }

    func testAliasesAfterTheBlockOfAnchorsBeforeItSplit() {
        let text = "top: &t [1, 2]\nflags:\n  a: 1\n  b: 2\n  c: 3\nconfigs:\n  e: *t\n  f: *t\n"
        XCTAssertEqual(checkEveryCut(text), 2)
    }

    func testDuplicateKeyAcrossTheHalvesGivesUpAndIsReportedOnce() {
        let text = "flags:\n  a: 1\n  b: 2\n  a: 3\n  c: 4\n"
        XCTAssertEqual(checkEveryCut(text), 0)
        var parser = YAMLParser()
        parser.splitFromBytes = 0
        XCTAssertEqual(parser.parse(Array(text.utf8)).problems.count, 1)
        // Keys that are equal as strings, but not as bytes (é precomposed and decomposed).
        XCTAssertEqual(checkEveryCut("flags:\n  caf\u{E9}: 1\n  b: 2\n  cafe\u{301}: 3\n  c: 4\n"), 0)
    }

    func testDocumentMarkersAfterTheBlock() {
        // A second document: part A holds it too, and gives up.
        XCTAssertEqual(checkEveryCut("flags:\n  a: 1\n  b: 2\n---\nx: 1\n"), 0)
        // The end of the one document is read by part A as in the whole file.
        XCTAssertEqual(checkEveryCut("flags:\n  a: 1\n  b: 2\n...\n"), 1)
        XCTAssertEqual(checkEveryCut("---\nflags:\n  a: 1\n  b: 2\n...\n"), 1)
        XCTAssertEqual(checkEveryCut("---\nflags:\n  a: 1\n  b: 2\nc: 3\n"), 1)
    }

    func testCarriageReturnsAreNeverCut() {
        for text in ["flags:\r\n  a: 1\r\n  b: 2\r\n", "flags:\n  a: 1\r  b: 2\n", "flags:\n  a: 1\n  b: 2\u{85}\n  c: 3\n"] {
            XCTAssertNil(Array(text.utf8).withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: 0) })
            XCTAssertEqual(checkEveryCut(text), 0)
        }
    }

    func testQuotedKeyAtTheCutLineIsSkipped() {
        let text = "flags:\n  a: 1\n  \"b\": 2\n  'c': 3\n  d: 4\n"
        let bytes = Array(text.utf8)
        let quoted = text.utf8.count - "  \"b\": 2\n  'c': 3\n  d: 4\n".utf8.count
        let plan = bytes.withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: quoted) }
        XCTAssertEqual(plan?.split, text.utf8.count - "  d: 4\n".utf8.count)
        XCTAssertEqual(checkEveryCut(text), 1)
    }

    func testNestingDepthAtTheLimitInTheSecondHalf() {
        func manifest(depth: Int) -> String {
            // The root and flags are two levels; each `k:` line opens one more.
            var lines = ["flags:", "  a: 1", "  b:"]
            for level in 0..<(depth - 3) {
                lines.append(String(repeating: " ", count: 4 + 2 * level) + "k:")
            }
            lines.append(String(repeating: " ", count: 4 + 2 * (depth - 3)) + "leaf: 1")
            return lines.joined(separator: "\n") + "\n"
        }
        let atLimit = manifest(depth: InputLimits.default.maxDepth)
        XCTAssertEqual(sequential(Array(atLimit.utf8)).problems, [])
        XCTAssertEqual(checkEveryCut(atLimit), 1)
        let over = manifest(depth: InputLimits.default.maxDepth + 1)
        XCTAssertEqual(sequential(Array(over.utf8)).problems.count, 1)
        XCTAssertEqual(checkEveryCut(over), 0)
    }

    func testTagDirectivesAndTagsInTheSecondHalf() {
        XCTAssertEqual(checkEveryCut("flags:\n  a: 1\n  b: !!str 2\n  c: !local 3\n"), 2)
        let directive = "%TAG ! tag:example.com,2000:\n---\nflags:\n  a: 1\n  b: !x 2\n"
        XCTAssertNil(Array(directive.utf8).withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: 0) })
        XCTAssertEqual(checkEveryCut(directive), 0)
    }

    func testSyntaxErrorsAnywhereGiveUpWithTheSameMessages() {
        for text in [
            "flags:\n  a: 1\n  b: [\n",
            "flags:\n  a: [\n  b: 2\n",
            "flags:\n  a: 1\n  b: 2\n c: 3\n",
            "flags:\n  a: 1\n  b: *nope\n",
            "version: 1\nversion: 2\nflags:\n  a: 1\n  b: 2\n",
            "flags:\n  a: 1\n  b: 2\nflags:\n  c: 1\n",
        ] {
            XCTAssertNotEqual(sequential(Array(text.utf8)).problems, [], text)
            XCTAssertEqual(checkEveryCut(text), 0, text)
        }
    }

    func testListAtTheKeysIndentation() {
        XCTAssertEqual(checkEveryCut("flags:\n  a: 1\n  b:\n  - x\n  - y: 1\n    z: 2\n  c: 1\n"), 2)
    }

    func testUnicodeColumnsAndNonASCIIKeys() {
        let text = "n\u{E9}: 1\nflags:\n  a: \"\u{1F600} x\"\n  b: \u{E9}\u{E9}\n  c: {\u{E9}: [\u{E9}]}\n  d\u{E9}: 2\n  \u{E9}: 1\n"
        XCTAssertEqual(checkEveryCut(text), 3)
    }

    // MARK: - The plan

    private func plan(_ text: String, cutFrom: Int? = nil) -> FlagsSplitPlan? {
        Array(text.utf8).withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: cutFrom) }
    }

    func testPlanCutsWhereTheSecondHalfIsSevenEighthsOfTheFile() {
        let text = "v: 1\nflags:   # the flags\n  a: 1\n  b: 2\n  c: 3\n  d: 4\nconfigs: {}\n"
        let blockStart = "v: 1\nflags:   # the flags\n".utf8.count
        let blockEnd = text.utf8.count - "configs: {}\n".utf8.count
        // Seven eighths of the file is more than the block: the cut is its second key.
        XCTAssertEqual(
            plan(text),
            FlagsSplitPlan(split: blockStart + 7, blockEnd: blockEnd, indent: 2, linesBeforeSplit: 3, linesInSecondHalf: 3))
        XCTAssertEqual(
            plan(text, cutFrom: blockStart + 15),
            FlagsSplitPlan(split: blockStart + 21, blockEnd: blockEnd, indent: 2, linesBeforeSplit: 5, linesInSecondHalf: 1))
        let long = "v: 1\nflags:\n" + (0..<100).map { "  k\($0): 1\n" }.joined()
        let cut = plan(long)
        // The second half is seven eighths of the file, give or take a line, in one piece (a
        // piece is at least 32 KiB).
        XCTAssertLessThanOrEqual(abs((long.utf8.count - (cut?.split ?? 0)) - long.utf8.count / 8 * 7), 10)
        XCTAssertEqual(cut?.pieces.count, 1)
    }

    func testPlanCutsTheSecondHalfIntoPiecesAtKeyLines() throws {
        let long = "v: 1\nflags:\n" + (0..<100).map { "  k\($0): 1\n    # note\n" }.joined() + "configs: {}\n"
        let bytes = Array(long.utf8)
        let plan = try XCTUnwrap(bytes.withUnsafeBufferPointer { FlagsSplitPlan($0, cutFrom: 100, pieceBytes: 300) })
        let pieces = plan.pieces
        XCTAssertGreaterThan(pieces.count, 5)
        XCTAssertEqual(pieces.first?.bytes.lowerBound, plan.split)
        XCTAssertEqual(pieces.last?.bytes.upperBound, plan.blockEnd)
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            XCTAssertEqual(piece.bytes.upperBound, next.bytes.lowerBound)
            XCTAssertGreaterThanOrEqual(piece.bytes.count, 300)
        }
        for piece in pieces {
            // Each piece starts at a key line, with the lines before it counted.
            XCTAssertEqual(Array(bytes[piece.bytes.lowerBound..<piece.bytes.lowerBound + 3]), Array("  k".utf8))
            XCTAssertEqual(bytes[..<piece.bytes.lowerBound].filter { $0 == 0x0A }.count, piece.linesBefore)
        }
        XCTAssertGreaterThanOrEqual(pieces.last!.bytes.count, 150, "no piece shorter than half a piece at the end")
        XCTAssertNotNil(SplitParse.parse(bytes, plan: plan, limits: .default))
    }

    func testPlanEndsTheBlockAtEndOfFileWithoutALineFeed() {
        let text = "flags:\n    a: 1\n    b: 2"
        XCTAssertEqual(
            plan(text, cutFrom: 0),
            FlagsSplitPlan(split: 16, blockEnd: text.utf8.count, indent: 4, linesBeforeSplit: 2, linesInSecondHalf: 0))
    }

    func testPlanRefusesOtherShapes() {
        for text in [
            "flags: {\n  a: 1\n  b: 2\n}\n", "flags: &a\n  a: 1\n  b: 2\n", "flags: |\n  a: 1\n  b: 2\n",
            "flags:# x\n  a: 1\n  b: 2\n", " flags:\n  a: 1\n  b: 2\n", "flag:\n  a: 1\n  b: 2\n",
            "flags:\n  a: 1\n\tb: 2\n",  // a tab at column 0 ends the block oddly
            "flags:\n  a: 1\n  \tb: 2\n",  // a tab in the indentation
            "flags:\n  a: 1\n b: 2\n",  // less indented
            "flags:\n  a: 1\n",  // no second key
            "flags:\n  a: 1\n  \"b\": 2\n",  // no plain key
            "flags:\nb: 1\n",  // empty block
            "flags:\n  a: 1\n  b: 2\n\u{FEFF}c: 1\n",  // a byte-order mark
            "flags:\n  a: 1\n  b: 2\n\u{E9}: 1\n",  // non-ASCII at column 0
        ] {
            XCTAssertNil(plan(text, cutFrom: 0), text)
        }
        XCTAssertNotNil(plan("flags:  \n  a: 1\n  b: 2\n", cutFrom: 0))
        // A byte-order mark before `flags:` is not looked past.
        XCTAssertNil(plan("\u{FEFF}flags:\n  a: 1\n  b: 2\n", cutFrom: 0))
        XCTAssertNotNil(plan("\u{FEFF}v: 1\nflags:\n  a: 1\n  b: 2\n", cutFrom: 0))
    }

    func testSmallFilesAreNotSplitByDefault() {
        XCTAssertEqual(YAMLParser().splitFromBytes, 256 * 1024)
    }
}
