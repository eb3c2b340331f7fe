// Unsafe APIs here: strings are scanned and keys compared in place, in their UTF-8 buffers: JSON
// is most of what `generate` writes (measured beside `appendQuoted` and `utf8Precedes`).

/// Writes ``JSONValue``s as deterministic JSON text: the same value gives the
/// same bytes on every platform and Swift version.
///
/// Rules:
/// - Object keys are sorted by their UTF-8 bytes (Unicode code-point order,
///   like Python's `sort_keys=True`), never by locale.
/// - The pretty format matches Python's
///   `json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)`:
///   one member or element per line, `"key": value`, `,` at line ends, and
///   `{}` / `[]` for empty containers.
/// - The compact format has no whitespace at all: `{"a":[1,2]}`.
/// - Strings escape `"`, `\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control
///   characters below U+0020 as `\u00XX` (lowercase hex), and U+2028 / U+2029
///   as `\u2028` / `\u2029`. Everything else, `/` included, is raw UTF-8.
/// - Integral doubles with magnitude up to 2^53 are written with `.0`
///   (`3.0`, `-0.0`); other doubles use Swift's shortest round-trip
///   `description` (`0.1`, `1e+21`, `5e-324`). NaN and infinities throw.
public struct JSONWriter: Sendable {
    /// How the output is laid out.
    public enum Format: Sendable, Hashable {
        /// One member or element per line, indented by two spaces per level.
        case pretty
        /// No whitespace at all.
        case compact
    }

    /// The layout; `.pretty` by default.
    public var format: Format

    /// Whether the output ends with a single `"\n"`; `false` by default.
    public var trailingNewline: Bool

    /// Creates a writer.
    public init(format: Format = .pretty, trailingNewline: Bool = false) {
        self.format = format
        self.trailingNewline = trailingNewline
    }

    /// Returns `value` as JSON text.
    /// - Throws: ``JSONWriterError`` for a NaN or infinite double, or nesting deeper than
    ///   ``JSONParser/maximumDepth``.
    public func string(for value: JSONValue) throws -> String {
        String(decoding: try utf8Bytes(for: value), as: UTF8.self)
    }

    /// Returns `value` as UTF-8 encoded JSON text, without going through
    /// `String`. Same rules and errors as ``string(for:)``.
    public func utf8Bytes(for value: JSONValue) throws -> [UInt8] {
        var output: [UInt8] = []
        try write(value, depth: 0, to: &output)
        if trailingNewline {
            output.append(0x0A)
        }
        return output
    }

    // MARK: - Implementation

    /// Spaces to copy indentation from, enough for the deepest nesting written (copying a slice
    /// took 23 M instructions of `generate` at 2,500 flags, appending repeated spaces 31 M).
    private static let spaces = [UInt8](repeating: 0x20, count: 2 * JSONParser.maximumDepth)

    private func newline(depth: Int, to output: inout [UInt8]) {
        guard format == .pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: Self.spaces[..<(2 * depth)])
    }

    /// Appends `number` in decimal, as `String(number)` spells it.
    static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        let start = output.count
        var magnitude = number.magnitude
        repeat {
            output.append(UInt8(truncatingIfNeeded: magnitude % 10) + 0x30)
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes: the order the writer gives object keys.
    private static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        // Read in place, without copying either string, as every object's keys are sorted:
        // through `String.UTF8View` the sorting cost 5% of `generate` at 2,500 flags, through
        // copies for `withUTF8` 144 M instructions, in place 58 M (callgrind).
        let inPlace = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in left.lexicographicallyPrecedes(right) }
        }
        return (inPlace ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private func write(_ value: JSONValue, depth: Int, to output: inout [UInt8]) throws {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number):
            Self.appendDecimal(number, to: &output)
        case .double(let number):
            output.append(contentsOf: try Self.format(number).utf8)
        case .string(let text):
            Self.appendQuoted(text, to: &output)
        case .array(let elements):
            try Self.checkDepth(depth)
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, to: &output)
                try write(element, depth: depth + 1, to: &output)
            }
            newline(depth: depth, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            try Self.checkDepth(depth)
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { Self.utf8Precedes($0.key, $1.key) }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, to: &output)
                Self.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if format == .pretty { output.append(0x20) }
                try write(member.value, depth: depth + 1, to: &output)
            }
            newline(depth: depth, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Throws when a container at `depth` would nest deeper than the parser reads.
    private static func checkDepth(_ depth: Int) throws {
        if depth >= JSONParser.maximumDepth {
            throw JSONWriterError(message: "nesting deeper than the limit of \(JSONParser.maximumDepth) arrays/objects")
        }
    }

    /// 2^53: up to this magnitude every integer is exactly representable.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Formats a finite double; see the type's documentation for the rules.
    static func format(_ number: Double) throws -> String {
        if number.isNaN {
            throw JSONWriterError(message: "NaN cannot be written as JSON")
        }
        if number.isInfinite {
            throw JSONWriterError(message: "\(number < 0 ? "-" : "+")infinity cannot be written as JSON")
        }
        if number.magnitude <= exactIntegerLimit && number.rounded(.towardZero) == number {
            if number == 0 {
                return number.sign == .minus ? "-0.0" : "0.0"
            }
            return String(Int64(number)) + ".0"
        }
        // Swift's shortest round-trip form of a finite double is digits, maybe a fraction,
        // maybe an exponent (`0.1`, `1e+21`, `5e-324`): valid JSON once it has a `.` or `e`.
        var text = number.description
        // Read through the contiguous bytes: walking `text.utf8` by index costs ten times more.
        if !text.withUTF8({ $0.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") } }) {
            text += ".0"
        }
        return text
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a quoted, escaped JSON string. Bytes that need no escape are copied
    /// in runs.
    ///
    /// JSON strings are most of what `generate` writes, so the text is scanned in place, through
    /// `withUTF8`: iterating `String.UTF8View` instead cost about 20 instructions a byte, 115 M
    /// of the 1.6 G instructions of `generate` at 2,500 flags (callgrind).
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case 0x0A: escape = #"\n"#
                case 0x0D: escape = #"\r"#
                case 0x09: escape = #"\t"#
                case 0x08: escape = #"\b"#
                case 0x0C: escape = #"\f"#
                case 0x00..<0x20:
                    escape = #"\u00"# + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], as: UTF8.self)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR / U+2029 PARAGRAPH SEPARATOR
                    escape = bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#
                    length = 3
                default:
                    index += 1
                    continue
                }
                output.append(contentsOf: bytes[runStart..<index])
                output.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            output.append(contentsOf: bytes[runStart...])
            output.append(UInt8(ascii: "\""))
        }
    }
}
