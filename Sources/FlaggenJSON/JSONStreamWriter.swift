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
/// The bytes go into a buffer of the writer's own rather than an `Array`, because a document is
/// made of hundreds of thousands of short pieces and the array's checks on every append cost
/// more than the copying; hence the writer cannot be copied.
///
/// ```swift
/// var json = JSONStreamWriter()
/// json.beginObject()
/// json.key("name"); json.string("dark_mode")
/// json.key("rules"); json.beginArray(); json.int(1); json.endArray()
/// json.endObject()
/// let bytes = json.finish()   // {"name": "dark_mode", "rules": [1]} across five lines
/// ```
public struct JSONStreamWriter: ~Copyable {
    /// The bytes written and not yet handed on: `count` of them, in room for `capacity`.
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    private let writer: JSONWriter
    /// Spaces per level, or `nil` for the compact format.
    private let indentWidth: Int?
    /// How many objects and arrays are open.
    private var depth = 0
    /// Whether the innermost open container has no member or element yet.
    private var containerIsEmpty = true
    /// Whether a key was just written, so the next value is its value, not an array element.
    private var awaitsValue = false
    /// Static texts (literal keys and strings) already found to need no escape, by the address
    /// and length of their bytes, which never change: each is checked once, then copied as is.
    /// Direct-mapped on the address; a slot holds the last text that passed there. `nil` for a
    /// writer of one small value, which checks every text.
    private let checkedStatics: UnsafeMutablePointer<(address: UInt, count: Int)>?
    private static let checkedStaticsSlots = 64
    #if DEBUG
    /// Per open container, whether it is an object, and the last key written in it.
    private var openContainers: [(isObject: Bool, lastKey: String?)] = []
    #endif

    /// Creates a writer for one document, laid out like `writer` (format, trailing newline and
    /// nesting limit for values handed over whole with ``value(_:)``).
    public init(_ writer: JSONWriter = JSONWriter()) {
        self.init(writer, forOneSmallValue: false)
    }

    /// Creates a writer whose buffer starts small and that keeps no static texts checked when
    /// it writes one small value, else one for a long document.
    init(_ writer: JSONWriter, forOneSmallValue: Bool) {
        self.writer = writer
        capacity = forOneSmallValue ? 256 : 64 * 1024
        storage = .allocate(capacity: capacity)
        if forOneSmallValue {
            checkedStatics = nil
        } else {
            let slots = UnsafeMutablePointer<(address: UInt, count: Int)>.allocate(capacity: Self.checkedStaticsSlots)
            slots.initialize(repeating: (0, -1), count: Self.checkedStaticsSlots)
            checkedStatics = slots
        }
        switch writer.format {
        case .pretty(let indent): indentWidth = max(0, indent)
        case .compact: indentWidth = nil
        }
    }

    deinit {
        storage.deallocate()
        checkedStatics?.deallocate()
    }

    // MARK: - Containers

    /// Opens an object, as a value in the current position.
    public mutating func beginObject() {
        beforeValue()
        put(UInt8(ascii: "{"))
        open(isObject: true)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        close(isObject: true, bracket: UInt8(ascii: "}"))
    }

    /// Opens an array, as a value in the current position.
    public mutating func beginArray() {
        beforeValue()
        put(UInt8(ascii: "["))
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
        key.withUTF8Buffer { putKey($0, isStatic: key.hasPointerRepresentation) }
    }

    /// Starts the next member of the innermost object; its value comes next. (A literal key
    /// takes the `StaticString` overload, which reads its bytes in place.)
    @_disfavoredOverload
    public mutating func key(_ key: String) {
        #if DEBUG
        checkOrder(of: key)
        #endif
        var key = key
        key.withUTF8 { putKey($0) }
    }

    // MARK: - Values

    /// Writes a string.
    @_disfavoredOverload
    public mutating func string(_ text: String) {
        beforeValue()
        putQuoted(text)
    }

    /// Writes a string known at compile time.
    public mutating func string(_ text: StaticString) {
        beforeValue()
        text.withUTF8Buffer { putQuoted($0, isStatic: text.hasPointerRepresentation) }
    }

    /// Writes a string, or `null` for `nil`.
    public mutating func string(orNull text: String?) {
        if let text { string(text) } else { null() }
    }

    /// Writes an integer.
    public mutating func int(_ number: Int) {
        beforeValue()
        putDigits(of: number, width: 1)
    }

    /// Writes `number` in decimal as a string, `"42"`: the bytes of `string(String(number))`.
    public mutating func string(decimal number: Int) {
        beforeValue()
        put(UInt8(ascii: "\""))
        putDigits(of: number, width: 1)
        put(UInt8(ascii: "\""))
    }

    // MARK: - Strings in parts

    /// Opens a string value whose text comes in parts (``stringContent(_:)-(String)``, ...)
    /// until ``endString()``: the bytes of ``string(_:)-(String)`` given the parts joined, with
    /// no joined text made.
    public mutating func beginString() {
        beforeValue()
        put(UInt8(ascii: "\""))
    }

    /// Appends `text` to the open string, escaped.
    @_disfavoredOverload
    public mutating func stringContent(_ text: String) {
        var text = text
        text.withUTF8 { putUnquoted($0) }
    }

    /// Appends `text`, known at compile time, to the open string, escaped.
    public mutating func stringContent(_ text: StaticString) {
        text.withUTF8Buffer { putUnquoted($0, isStatic: text.hasPointerRepresentation) }
    }

    /// Appends the decimal digits of `number` to the open string, with leading zeros up to
    /// `width` digits (`7` at width 2 is `07`), as `String(number)` padded would.
    public mutating func stringContent(_ number: Int, zeroPaddedTo width: Int = 1) {
        putDigits(of: number, width: width)
    }

    /// Closes the string ``beginString()`` opened.
    public mutating func endString() {
        put(UInt8(ascii: "\""))
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ flag: Bool) {
        beforeValue()
        if flag { put("true") } else { put("false") }
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        put("null")
    }

    /// Writes a double as ``JSONWriter`` spells it.
    /// - Throws: ``JSONWriterError`` for NaN and infinities.
    public mutating func double(_ number: Double) throws {
        var text = try JSONWriter.format(number, path: [])
        beforeValue()
        text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }

    /// Writes a whole value (keys sorted, as ``JSONWriter`` does), nested where it stands.
    /// - Throws: ``JSONWriterError`` for a value ``JSONWriter`` cannot write; its path starts
    ///   at `value`.
    public mutating func value(_ value: JSONValue) throws {
        do throws(Unwritable) {
            try write(value)
        } catch {
            // The fast walk keeps no path; JSONWriter walks the value again to say where and why.
            var scratch: [UInt8] = []
            try writer.append(value, depth: depth, to: &scratch)
            throw JSONWriterError(path: "$", message: "the value cannot be written as JSON")
        }
    }

    /// A value ``value(_:)`` cannot write: a non-finite double, or nesting past the limit.
    private struct Unwritable: Error {}

    private mutating func write(_ value: JSONValue) throws(Unwritable) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .double(let number):
            guard (try? double(number)) != nil else { throw Unwritable() }
        case .string(let text): string(text)
        case .array(let elements):
            guard depth < writer.maximumDepth else { throw Unwritable() }
            beginArray()
            for element in elements { try write(element) }
            endArray()
        case .object(let members):
            guard depth < writer.maximumDepth else { throw Unwritable() }
            beginObject()
            for member in members.sorted(by: { JSONWriter.utf8Precedes($0.key, $1.key) }) {
                key(member.key)
                try write(member.value)
            }
            endObject()
        }
    }

    // MARK: - Handing on, finishing

    /// The number of bytes written and not yet handed on.
    public var pendingCount: Int { count }

    /// Hands the bytes written so far to `receive` when there are at least `minimumCount` of
    /// them, and forgets them: a large document streams out in pieces instead of being held.
    ///
    /// One writer may also write several documents in a row, each handed on whole once it is
    /// complete and before the next begins: nothing is written between them, so each piece is
    /// exactly the bytes ``JSONWriter`` gives for that value alone (without the trailing newline,
    /// which only ``finish()`` adds). The PostgreSQL seed writes every flag's jsonb text so.
    public mutating func handOn(ifAtLeast minimumCount: Int = 0, to receive: (UnsafeRawBufferPointer) -> Void) {
        guard count >= minimumCount, count > 0 else { return }
        receive(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    /// The bytes not yet handed on, with the trailing newline when the writer asks for one.
    /// Call it once, after the outermost value.
    public mutating func finish() -> [UInt8] {
        precondition(depth == 0, "JSONStreamWriter.finish() with \(depth) containers still open")
        if writer.trailingNewline { put(0x0A) }
        let result = [UInt8](UnsafeBufferPointer(start: storage, count: count))
        count = 0
        return result
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
        put(bracket)
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
            if !containerIsEmpty { put(UInt8(ascii: ",")) }
            newline(depth: depth)
        }
        containerIsEmpty = false
    }

    /// Starts a member: the comma, new line and indent before it, its quoted key, the colon
    /// (and the space after it in the pretty format), with room made once for them all.
    @inline(__always)
    private mutating func putKey(_ text: UnsafeBufferPointer<UInt8>, isStatic: Bool = false) {
        let spaces = (indentWidth ?? 0) * depth
        // Comma, new line, the indent and the up to seven scratch bytes past it, two quotes, colon, space.
        reserve(text.count + spaces + 16)
        var end = count
        if !containerIsEmpty {
            storage[end] = UInt8(ascii: ",")
            end += 1
        }
        containerIsEmpty = false
        if indentWidth != nil {
            end += Self.putNewline(indentedBy: spaces, at: storage + end)
        }
        storage[end] = UInt8(ascii: "\"")
        guard copyUnescaped(text, to: storage + end + 1, isStatic: isStatic) else {
            count = end
            putEscaped(text, quoted: true)
            endKey()
            return
        }
        end += 1 + text.count
        storage[end] = UInt8(ascii: "\"")
        storage[end + 1] = UInt8(ascii: ":")
        end += 2
        if indentWidth != nil {
            storage[end] = 0x20
            end += 1
        }
        count = end
        awaitsValue = true
    }

    @inline(__always)
    private mutating func endKey() {
        put(UInt8(ascii: ":"))
        if indentWidth != nil { put(0x20) }
        awaitsValue = true
    }

    @inline(__always)
    private mutating func newline(depth: Int) {
        guard let width = indentWidth else { return }
        let spaces = width * depth
        // The spaces go in whole words, so up to seven past the end: scratch room, overwritten next.
        reserve(1 + spaces + 8)
        count += Self.putNewline(indentedBy: spaces, at: storage + count)
    }

    /// Writes a line feed and `spaces` spaces at `position`, the spaces in whole words (so up to
    /// seven bytes past them are overwritten: the caller reserved them as scratch room).
    /// Returns the bytes written, not counting the scratch.
    @inline(__always)
    private static func putNewline(indentedBy spaces: Int, at position: UnsafeMutablePointer<UInt8>) -> Int {
        position.pointee = 0x0A
        let indent = UnsafeMutableRawPointer(position + 1)
        var offset = 0
        while offset < spaces {
            indent.storeBytes(of: eightSpaces, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        return 1 + spaces
    }

    /// Eight ASCII spaces, stored as one word.
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    // MARK: - The buffer

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.initialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ piece: UnsafeRawBufferPointer) {
        reserve(piece.count)
        if let base = piece.baseAddress {
            UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: piece.count)
        }
        count += piece.count
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `number` in decimal: a minus sign, then at least `width` digits (zeros in front),
    /// straight into the buffer.
    private mutating func putDigits(of number: Int, width: Int) {
        let length = DecimalDigits.count(of: number, minimumDigits: width)
        reserve(length)
        DecimalDigits.write(number, count: length, to: storage + count)
        count += length
    }

    @inline(__always)
    private mutating func putQuoted(_ text: String) {
        var text = text
        text.withUTF8 { putQuoted($0) }
    }

    /// Writes `text` quoted: copied whole when no byte needs an escape (nearly always), else
    /// escaped by ``JSONWriter``.
    @inline(__always)
    private mutating func putQuoted(_ text: UnsafeBufferPointer<UInt8>, isStatic: Bool = false) {
        reserve(text.count + 2)
        storage[count] = UInt8(ascii: "\"")
        if copyUnescaped(text, to: storage + count + 1, isStatic: isStatic) {
            storage[count + 1 + text.count] = UInt8(ascii: "\"")
            count += text.count + 2
        } else {
            putEscaped(text, quoted: true)
        }
    }

    /// Writes the contents of a string without its quotes, escaped as ``putQuoted(_:)`` would.
    @inline(__always)
    private mutating func putUnquoted(_ text: UnsafeBufferPointer<UInt8>, isStatic: Bool = false) {
        reserve(text.count)
        if copyUnescaped(text, to: storage + count, isStatic: isStatic) {
            count += text.count
        } else {
            putEscaped(text, quoted: false)
        }
    }

    /// The slow path: `text` escaped by ``JSONWriter``'s rules, with or without its quotes.
    private mutating func putEscaped(_ text: UnsafeBufferPointer<UInt8>, quoted: Bool) {
        reserve(6 * text.count + 2)
        if quoted { storage[count] = UInt8(ascii: "\""); count += 1 }
        count += JSONWriter.writeEscaped(text, to: storage + count)
        if quoted { storage[count] = UInt8(ascii: "\""); count += 1 }
    }

    /// Copies `text` to `destination` when none of its bytes needs an escape, and says whether
    /// it did; otherwise what it copied is scratch. A static text (`isStatic`: the bytes of a
    /// `StaticString` literal, which never change) that passed before is copied unchecked.
    @inline(__always)
    private func copyUnescaped(_ text: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, isStatic: Bool) -> Bool {
        guard isStatic, let checkedStatics, let base = text.baseAddress else { return Self.copyIfUnescaped(text, to: destination) }
        let address = UInt(bitPattern: base)
        let slot = Int(truncatingIfNeeded: (address >> 3) % UInt(Self.checkedStaticsSlots))
        if checkedStatics[slot] == (address, text.count) {
            Self.copy(text, to: destination)
            return true
        }
        guard Self.copyIfUnescaped(text, to: destination) else { return false }
        checkedStatics[slot] = (address, text.count)
        return true
    }

    /// Copies `text` to `destination` when none of its bytes needs an escape, and says whether
    /// it did; otherwise what it copied is scratch.
    ///
    /// It reads and checks eight bytes at a time and stores each word as it goes (the last word
    /// overlaps the one before), so it writes no byte past `text.count`.
    @inline(__always)
    private static func copyIfUnescaped(_ text: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> Bool {
        let source = UnsafeRawBufferPointer(text)
        let target = UnsafeMutableRawPointer(destination)
        let length = source.count
        guard length >= 8 else {
            if length >= 4 {
                // Four to seven bytes: the first four and the last four, overlapping, as one word.
                let head = source.loadUnaligned(as: UInt32.self)
                let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                if JSONWriter.mayNeedEscape(UInt64(head) | UInt64(tail) << 32) { return false }
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
                return true
            }
            for offset in 0..<length {
                let byte = source[offset]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return false }
                target.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            }
            return true
        }
        var offset = 0
        while true {
            let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if JSONWriter.mayNeedEscape(word) { return false }
            target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset += 8
            if offset >= length { return true }
            offset = min(offset, length - 8)
        }
    }

    /// Copies `text` to `destination` as ``copyIfUnescaped(_:to:)`` does, without the checks.
    @inline(__always)
    private static func copy(_ text: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawBufferPointer(text)
        let target = UnsafeMutableRawPointer(destination)
        let length = source.count
        guard length >= 8 else {
            if length >= 4 {
                target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self), toByteOffset: length - 4, as: UInt32.self)
                return
            }
            for offset in 0..<length { target.storeBytes(of: source[offset], toByteOffset: offset, as: UInt8.self) }
            return
        }
        var offset = 0
        while true {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset += 8
            if offset >= length { return }
            offset = min(offset, length - 8)
        }
    }

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
