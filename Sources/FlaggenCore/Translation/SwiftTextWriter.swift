/// Writes a short piece of source text, such as `FlagDay.utc(2030, 2, 2)`, straight into a new
/// string's storage: one allocation, and no intermediate strings for the pieces or the numbers
/// (string interpolation would make both).
struct SwiftTextWriter {
    /// The new string's storage; valid only inside ``string(capacity:_:)``.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The number of bytes written so far.
    private var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The most bytes ``write(_:digits:)`` writes for a number padded to fewer than 20 digits.
    static let maxDecimalWidth = 19

    /// The text `body` writes, which must fit in `capacity` bytes (writing past them traps).
    static func string(capacity: Int, _ body: (inout SwiftTextWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = SwiftTextWriter(buffer: buffer)
            body(&writer)
            return writer.count
        }
    }

    /// Writes `text`.
    mutating func write(_ text: String) {
        count = buffer[count...].initialize(fromContentsOf: text.utf8)
    }

    /// Writes a number that is not negative in decimal, with leading zeros up to `digits` digits.
    mutating func write(_ number: Int, digits: Int = 1) {
        precondition(number >= 0, "only numbers that are not negative are written")
        var width = 1
        var rest = number / 10
        while rest > 0 {
            width += 1
            rest /= 10
        }
        width = max(width, digits)
        precondition(count + width <= buffer.count, "the text is longer than its capacity")
        var remaining = number
        for position in (count..<count + width).reversed() {
            buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += width
    }

    /// Writes `YYYY-MM-DD`: the same text as ``ISODate/description`` (the `ISODate` initializers
    /// keep every part positive).
    mutating func write(_ date: ISODate) {
        write(date.year, digits: 4)
        write("-")
        write(date.month, digits: 2)
        write("-")
        write(date.day, digits: 2)
    }
}
