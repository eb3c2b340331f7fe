/// Writes one JSON document straight to UTF-8 bytes while the caller walks it (`beginObject`,
/// `key`, a value, ..., `endObject`), with exactly the bytes ``JSONWriter`` gives for the same
/// value in the same format.
///
/// Nothing is built, hashed or sorted on the way, which makes it the writer for large generated
/// documents. In exchange the caller gives each object's keys in the order ``JSONWriter`` sorts
/// them into, their UTF-8 byte order (``JSONWriter/utf8Precedes(_:_:)``): uppercase before
/// lowercase, `$` before letters. Debug builds check the order and stop at the first key out of
/// place; release builds write what they are given.
///
/// A method that throws may leave part of a value behind: after an error the document is
/// unfinished, and the caller drops it.
///
/// ```swift
/// var json = JSONStreamWriter()
/// json.beginObject()
/// json.key("name"); json.string("dark_mode")
/// json.key("rules"); json.beginArray(); json.int(1); json.endArray()
/// json.endObject()
/// let bytes = json.finish()   // {"name": "dark_mode", "rules": [1]} across five lines
/// ```
public struct JSONStreamWriter {
    /// The bytes written so far. A caller streaming a large document may hand them on and empty
    /// the array at any point; the writer only ever appends.
    public var bytes: [UInt8] = []

    private let writer: JSONWriter
    /// Spaces per level, or `nil` for the compact format.
    private let indentWidth: Int?
    /// How many objects and arrays are open.
    private var depth = 0
    /// Whether the innermost open container has no member or element yet.
    private var containerIsEmpty = true
    /// Whether a key was just written, so the next value is its value, not an array element.
    private var awaitsValue = false
    #if DEBUG
    /// Per open container, whether it is an object, and the last key written in it.
    private var openContainers: [(isObject: Bool, lastKey: String?)] = []
    #endif

    /// Creates a writer for one document, laid out like `writer` (format, trailing newline and
    /// nesting limit for values handed over whole with ``value(_:)``).
    public init(_ writer: JSONWriter = JSONWriter()) {
        self.writer = writer
        switch writer.format {
        case .pretty(let indent): indentWidth = max(0, indent)
        case .compact: indentWidth = nil
        }
    }

    // MARK: - Containers

    /// Opens an object, as a value in the current position.
    public mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        open(isObject: true)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        close(isObject: true, bracket: UInt8(ascii: "}"))
    }

    /// Opens an array, as a value in the current position.
    public mutating func beginArray() {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        open(isObject: false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        close(isObject: false, bracket: UInt8(ascii: "]"))
    }

    /// Starts the next member of the innermost object; its value comes next.
    public mutating func key(_ key: StaticString) {
        #if DEBUG
        checkOrder(of: key.description)
        #endif
        startMember()
        key.withUTF8Buffer { JSONWriter.appendQuoted($0, to: &bytes) }
        endKey()
    }

    /// Starts the next member of the innermost object; its value comes next.
    public mutating func key(_ key: String) {
        #if DEBUG
        checkOrder(of: key)
        #endif
        startMember()
        JSONWriter.appendQuoted(key, to: &bytes)
        endKey()
    }

    // MARK: - Values

    /// Writes a string.
    public mutating func string(_ text: String) {
        beforeValue()
        JSONWriter.appendQuoted(text, to: &bytes)
    }

    /// Writes a string known at compile time.
    public mutating func string(_ text: StaticString) {
        beforeValue()
        text.withUTF8Buffer { JSONWriter.appendQuoted($0, to: &bytes) }
    }

    /// Writes a string, or `null` for `nil`.
    public mutating func string(orNull text: String?) {
        if let text { string(text) } else { null() }
    }

    /// Writes an integer.
    public mutating func int(_ number: Int) {
        beforeValue()
        JSONWriter.appendDecimal(number, to: &bytes)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ flag: Bool) {
        beforeValue()
        if flag {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes a double as ``JSONWriter`` spells it.
    /// - Throws: ``JSONWriterError`` for NaN and infinities.
    public mutating func double(_ number: Double) throws {
        let text = try JSONWriter.format(number, path: [])
        beforeValue()
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a whole value (keys sorted, as ``JSONWriter`` does), nested where it stands.
    /// - Throws: ``JSONWriterError`` for a value ``JSONWriter`` cannot write; its path starts
    ///   at `value`.
    public mutating func value(_ value: JSONValue) throws {
        beforeValue()
        try writer.append(value, depth: depth, to: &bytes)
    }

    // MARK: - Finishing

    /// The document: the bytes not yet handed on, with the trailing newline when the writer
    /// asks for one and without spare capacity. Call it once, after the outermost value.
    public mutating func finish() -> [UInt8] {
        precondition(depth == 0, "JSONStreamWriter.finish() with \(depth) containers still open")
        return writer.finish(&bytes)
    }

    // MARK: - Implementation

    private mutating func open(isObject: Bool) {
        depth += 1
        containerIsEmpty = true
        #if DEBUG
        openContainers.append((isObject, nil))
        #endif
    }

    private mutating func close(isObject: Bool, bracket: UInt8) {
        #if DEBUG
        precondition(openContainers.last?.isObject == isObject, "JSONStreamWriter: \(isObject ? "endObject" : "endArray")() closes no such container")
        precondition(!awaitsValue, "JSONStreamWriter: a key without a value")
        openContainers.removeLast()
        #endif
        depth -= 1
        if !containerIsEmpty { newline(depth: depth) }
        bytes.append(bracket)
        // The closed container is a value of its parent, which is therefore not empty.
        containerIsEmpty = false
    }

    /// What goes before any value: nothing after a key or at the top; a comma and a new line
    /// between array elements.
    @inline(__always)
    private mutating func beforeValue() {
        if awaitsValue {
            awaitsValue = false
        } else if depth > 0 {
            #if DEBUG
            precondition(openContainers.last?.isObject == false, "JSONStreamWriter: a value in an object needs a key first")
            #endif
            if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth)
        }
        containerIsEmpty = false
    }

    @inline(__always)
    private mutating func startMember() {
        if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
        containerIsEmpty = false
        newline(depth: depth)
    }

    @inline(__always)
    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if indentWidth != nil { bytes.append(0x20) }
        awaitsValue = true
    }

    @inline(__always)
    private mutating func newline(depth: Int) {
        guard let width = indentWidth else { return }
        bytes.append(0x0A)
        var count = width * depth
        while count > 0 {
            let run = min(count, JSONStreamWriter.spaces.count)
            bytes.append(contentsOf: JSONStreamWriter.spaces[0..<run])
            count -= run
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    #if DEBUG
    private mutating func checkOrder(of key: String) {
        precondition(openContainers.last?.isObject == true, "JSONStreamWriter: key \"\(key)\" outside an object")
        precondition(!awaitsValue, "JSONStreamWriter: key \"\(key)\" follows a key without a value")
        if let last = openContainers[openContainers.count - 1].lastKey {
            precondition(
                JSONWriter.utf8Precedes(last, key),
                "JSONStreamWriter: key \"\(key)\" written after \"\(last)\"; keys go in UTF-8 byte order, as JSONWriter sorts them")
        }
        openContainers[openContainers.count - 1].lastKey = key
    }
    #endif
}
