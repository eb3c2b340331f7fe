// libFuzzer target: Mustache templates -> parse -> render, with partials.
//
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`; SwiftPM does not build it.
//
// The input is split at NUL bytes into chunks: chunk 0 is the template, the others are
// partials. `{{> name}}` resolves to a chunk picked from the name's bytes, so any name reaches
// some chunk — including the one that includes it, to reach the partial recursion limit —
// except names starting with `missing`, which render as nothing. With a single chunk every
// partial is the template itself. The first byte's low bit turns HTML escaping off, the way
// flaggen renders source code.
//
// Every input must end in rendered text or a `MustacheError`, never a trap, a sanitizer
// report, a leak or a hang; an error points inside its template.
import FlaggenJSON
import Mustache

/// A fixed context with every JSON kind, lists to iterate (`many` is long enough for nested
/// sections over it to reach the render step limit), HTML to escape, and a chain of `child`
/// objects so that recursive partials inside `{{#child}}` sections end.
private let context: JSONValue = {
    var chain = JSONValue.object(["name": .string("leaf"), "child": .null])
    for level in 0..<80 { chain = .object(["name": .string("level \(level)"), "child": chain]) }
    return .object([
        "name": .string("Chris & <Co> \"quoted\" 'single'"),
        "empty": .string(""),
        "zero": .int(0),
        "count": .int(42),
        "negative": .int(-7),
        "ratio": .double(1.21),
        "whole": .double(1.0),
        "yes": .bool(true),
        "no": .bool(false),
        "nothing": .null,
        "multiline": .string("line one\nline two\r\nline three\n"),
        "unicode": .string("café 🚩 \u{0}\u{7f} ﷽"),
        "list": .array([.int(1), .string("two"), .double(3.5), .bool(true), .null]),
        "none": .array([]),
        "items": .array([
            .object(["name": .string("a"), "value": .int(1), "tags": .array([.string("x"), .string("y")])]),
            .object(["name": .string("b"), "value": .int(2), "tags": .array([])]),
            .object(["name": .string("c"), "value": .null, "nested": .object(["deep": .string("d")])]),
        ]),
        "object": .object(["a": .object(["b": .object(["c": .string("abc")])]), "n": .int(5)]),
        "many": .array((0..<20).map { .object(["index": .int($0)]) }),
        "child": chain,
    ])
}()

/// Partials taken from the other chunks of the input.
private struct ChunkPartials: PartialProvider {
    let chunks: [String]

    func partial(named name: String) -> String? {
        if name.hasPrefix("missing") { return nil }
        let partials = chunks.count > 1 ? Array(chunks.dropFirst()) : chunks
        var hash = 0
        for byte in name.utf8 { hash = (hash &* 31 &+ Int(byte)) & 0xffff }
        return partials[hash % partials.count]
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func mustacheFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let chunks = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .prefix(16)
        .map { String(decoding: $0, as: UTF8.self) }
    let escapesHTML = (bytes.first ?? 0) & 1 == 0

    do throws(MustacheError) {
        let template = try MustacheTemplate(source: chunks[0], name: "fuzz.mustache")
        _ = try template.render(
            context, partials: ChunkPartials(chunks: chunks), escapesHTML: escapesHTML)
    } catch {
        _ = error.description
        if error.line < 1 || error.column < 1 { fatalError("error outside the template: \(error)") }
    }
    return 0
}
