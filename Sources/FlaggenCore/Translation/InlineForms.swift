/// The one-line form of an expression and of each of its parts, written once.
///
/// An expression laid out over lines asks, at each level, whether that level's one-line form
/// fits. The one-line form of a part is exactly the text its parent's one-line form holds in its
/// place, so the whole expression is written once and each part is a slice of it, found by
/// the order parts are begun in: a parent, then each of its parts with theirs.
struct InlineForms {
    /// The whole expression's one-line form. Writers append to it between ``begin()`` and
    /// ``end(_:)``.
    var text = ""

    /// Where a part's form is in ``text`` (UTF-8 offsets), and the index of the first part
    /// that is not inside it (its next sibling, or its parent's next sibling).
    private struct Part {
        var start: Int
        var end: Int
        var next: Int
    }

    private var parts: [Part] = []
    /// Whether every character of ``text`` is one UTF-8 byte (ASCII without a carriage
    /// return), so a part's width is its length in bytes. Set when the outermost part ends.
    private var widthIsByteCount = false
    /// Whether ``text`` has a line feed anywhere. Set when the outermost part ends.
    private var hasLineFeed = false

    /// Starts a part at the end of ``text``; returns its index, which ``end(_:)`` takes once
    /// its form (and its own parts') has been appended.
    mutating func begin() -> Int {
        let offset = text.utf8.count
        parts.append(Part(start: offset, end: offset, next: parts.count + 1))
        return parts.count - 1
    }

    /// Ends the part `index` at the end of ``text``.
    mutating func end(_ index: Int) {
        parts[index].end = text.utf8.count
        parts[index].next = parts.count
        if index == 0 {
            // One pass for both: a line feed is a one-byte character too.
            widthIsByteCount = SourceText.allBytes(of: text) { $0 < 0x80 && $0 != 0x0D && $0 != 0x0A }
            hasLineFeed = !widthIsByteCount && text.utf8.contains(0x0A)
            if hasLineFeed { widthIsByteCount = SourceText.allBytes(of: text) { $0 < 0x80 && $0 != 0x0D } }
        }
    }

    /// The outermost part: the whole expression.
    static let whole = 0

    /// The first of the parts directly inside `index`.
    func firstPart(in index: Int) -> Int { index + 1 }

    /// The part after `index` and everything inside it.
    func part(after index: Int) -> Int { parts[index].next }

    /// The one-line form of part `index`.
    func form(_ index: Int) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: parts[index].start)
        let end = utf8.index(start, offsetBy: parts[index].end - parts[index].start)
        return text[start..<end]
    }

    /// ``SourceText/width(_:)`` of part `index`'s form.
    func width(_ index: Int) -> Int {
        if widthIsByteCount { return parts[index].end - parts[index].start }
        return SourceText.width(String(form(index)))
    }

    /// Whether part `index`'s form holds a line feed.
    func hasLineFeed(_ index: Int) -> Bool {
        hasLineFeed && form(index).utf8.contains(0x0A)
    }
}
