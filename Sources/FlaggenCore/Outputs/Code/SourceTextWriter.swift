import FlaggenJSON

/// Writes a `String` of pieces straight into the new string's own storage, for the short texts
/// of the Swift and Kotlin contexts (quoted literals, doc comment lines, `FlagDay.utc(...)`).
///
/// Joining pieces with `+` or `append` costs several hundred instructions a piece (each append
/// re-checks the string's storage and encoding); at 10,000 flags of a dozen texts each that
/// was most of the cost of the Swift and Kotlin contexts. Here the caller states at most how many UTF-8
/// bytes it writes, the string is allocated once, and each piece is copied with one `memcpy`.
///
/// The writer exists only inside ``string(capacity:_:)``'s closure; writing more than the
/// stated capacity is a precondition failure, never a write out of bounds.
struct SourceTextWriter: ~Copyable {
    /// The new string's storage; the first ``count`` bytes are written.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written so far.
    private(set) var count = 0

    private init(storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    /// A string of what `write` writes: at most `capacity` UTF-8 bytes, which must be valid
    /// UTF-8 together (whole strings and ASCII bytes always are).
    static func string(capacity: Int, _ write: (inout SourceTextWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = SourceTextWriter(storage: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// Appends one byte, such as an ASCII character: `writer.append(UInt8(ascii: "\""))`.
    mutating func append(_ byte: UInt8) {
        precondition(count < storage.count, "SourceTextWriter: more bytes than its capacity")
        storage[count] = byte
        count += 1
    }

    /// Appends the UTF-8 bytes of `text`.
    mutating func append(_ text: String) {
        let length = text.utf8.count
        precondition(length <= storage.count - count, "SourceTextWriter: more bytes than its capacity")
        let start = count
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: storage[start..<start + length]).initialize(fromContentsOf: bytes)
        }
        if copied == nil {
            for (offset, byte) in text.utf8.enumerated() { storage[start + offset] = byte }
        }
        count += length
    }

    /// Appends the UTF-8 bytes of a literal, such as `" * "`.
    mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        precondition(length <= storage.count - count, "SourceTextWriter: more bytes than its capacity")
        let start = count
        text.withUTF8Buffer { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: storage[start..<start + length]).initialize(fromContentsOf: bytes)
        }
        count += length
    }

    /// Appends the decimal digits of a non-negative `value`, with leading zeros up to
    /// `minimumDigits`: `append(decimal: 7, minimumDigits: 2)` writes `07`. A negative value
    /// gets a `-` before its digits (and the zeros), as `String(value)` writes it.
    mutating func append(decimal value: Int, minimumDigits: Int = 1) {
        let length = DecimalDigits.count(of: value, minimumDigits: minimumDigits)
        precondition(length <= storage.count - count, "SourceTextWriter: more bytes than its capacity")
        DecimalDigits.write(value, count: length, to: storage.baseAddress! + count)
        count += length
    }

    /// The most bytes ``append(decimal:minimumDigits:)`` writes for any `Int` with up to
    /// `minimumDigits` zeros: a sign and 19 digits.
    static func maxDecimalBytes(minimumDigits: Int = 1) -> Int { 1 + max(19, minimumDigits) }
}
