/// The one-line form of an expression and of each of its parts, written once.
///
/// An expression laid out over lines asks, at each level, whether that level's one-line form
/// fits. The one-line form of a part is exactly the text its parent's one-line form holds in its
/// place, so the whole expression is written once and each part is a slice of it, found by
/// the order parts are begun in: a parent, then each of its parts with theirs.
///
/// The form is kept as UTF-8 bytes, in storage reserved up front: an append to a byte array
/// is a capacity check and a copy, where one to a `String` cost several hundred instructions
/// (a JSON default of a few dozen pieces spent most of its time appending).
struct InlineForms {
    /// The whole expression's one-line form, as UTF-8 bytes. Writers append to it, with
    /// ``append(_:)-(String)``, between ``begin()`` and ``end(_:)``.
    private(set) var bytes: [UInt8] = []

    /// Where a part's form is in ``bytes``, and the index of the first part that is not inside
    /// it (its next sibling, or its parent's next sibling).
    private struct Part {
        var start: Int
        var end: Int
        var next: Int
    }

    private var parts: [Part] = []
    /// Whether every character of the form is one UTF-8 byte (ASCII without a carriage
    /// return), so a part's width is its length in bytes. Set when the outermost part ends.
    private var widthIsByteCount = false
    /// Whether the form has a line feed anywhere. Set when the outermost part ends.
    private var hasLineFeed = false

    /// Empty forms, with room for the usual expression (a config of a dozen arguments).
    init() {
        bytes.reserveCapacity(256)
        parts.reserveCapacity(16)
    }

    /// The whole expression's one-line form.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends the UTF-8 bytes of `text` to the form.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Starts a part at the end of the form; returns its index, which ``end(_:)`` takes once
    /// its form (and its own parts') has been appended.
    mutating func begin() -> Int {
        let offset = bytes.count
        parts.append(Part(start: offset, end: offset, next: parts.count + 1))
        return parts.count - 1
    }

    /// Ends the part `index` at the end of the form.
    mutating func end(_ index: Int) {
        parts[index].end = bytes.count
        parts[index].next = parts.count
        if index == 0 {
            // One pass for both, without early exits, so the loop can run several bytes a step.
            var wide: UInt8 = 0
            var lineFeeds: UInt8 = 0
            for byte in bytes {
                wide |= byte >= 0x80 || byte == 0x0D ? 1 : 0
                lineFeeds |= byte == 0x0A ? 1 : 0
            }
            widthIsByteCount = wide == 0
            hasLineFeed = lineFeeds != 0
        }
    }

    /// The outermost part: the whole expression.
    static let whole = 0

    /// The first of the parts directly inside `index`.
    func firstPart(in index: Int) -> Int { index + 1 }

    /// The part after `index` and everything inside it.
    func part(after index: Int) -> Int { parts[index].next }

    /// The UTF-8 bytes of part `index`'s form. A part begins and ends between whole appended
    /// texts, so they are valid UTF-8 on their own.
    private func formBytes(_ index: Int) -> ArraySlice<UInt8> {
        bytes[parts[index].start..<parts[index].end]
    }

    /// The one-line form of part `index`.
    func form(_ index: Int) -> String {
        String(decoding: formBytes(index), as: UTF8.self)
    }

    /// Appends the one-line form of part `index` to `text`.
    func appendForm(_ index: Int, to text: inout [UInt8]) {
        text.append(contentsOf: formBytes(index))
    }

    /// ``SourceText/width(_:)`` of part `index`'s form.
    func width(_ index: Int) -> Int {
        if widthIsByteCount { return parts[index].end - parts[index].start }
        return SourceText.width(form(index))
    }

    /// Whether part `index`'s form holds a line feed.
    func hasLineFeed(_ index: Int) -> Bool {
        hasLineFeed && formBytes(index).contains(0x0A)
    }
}
