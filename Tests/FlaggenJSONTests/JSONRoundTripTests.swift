import FlaggenJSON
import XCTest

final class JSONRoundTripTests: XCTestCase {
    private let writers = [
        JSONWriter(),
        JSONWriter(format: .compact),
        JSONWriter(format: .pretty(indent: 4), trailingNewline: true),
    ]

    private func assertRoundTrips(_ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws {
        for writer in writers {
            let text = try writer.string(for: value)
            let parsed = try JSONParser.parse(text)
            XCTAssertEqual(parsed, value, text, file: file, line: line)
            // Writing again gives the same bytes.
            XCTAssertEqual(try writer.string(for: parsed), text, file: file, line: line)
        }
    }

    func testFixedValues() throws {
        let values: [JSONValue] = [
            nil, true, false, 0, -1, .int(Int.max), .int(Int.min),
            0.0, -0.0, 0.1, 1.0, 1e21, .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
            123456789.125, 9007199254740994.0, 1e-7, -2.5e-300,
            "", "plain", "quote\" slash\\ /", "\u{0}\u{1}\u{1F}\u{7F}\n\r\t\u{8}\u{C}",
            "\u{2028}\u{2029}\u{200F}\u{1F600}\u{1F1E9}\u{1F1EA}e\u{301}\u{FEFF}\u{FFFF}\u{10FFFF}",
            [], [:], [[]], [[:]], [nil, [1, [2, [3]]]],
            ["": "", "a": ["b": ["c": [1, 2.5, "x"]]], "\u{1F600}": [:], "\n": "\u{2028}"],
        ]
        for value in values {
            try assertRoundTrips(value)
        }
    }

    func testRandomValues() throws {
        var generator = SplitMix64(seed: 0x5EED_F1A9)
        for _ in 0..<300 {
            try assertRoundTrips(randomValue(depth: 0, using: &generator))
        }
    }

    // MARK: - Random values

    private func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        let kind = Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &generator)
        switch kind {
        case 0: return nil
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int(bitPattern: UInt(truncatingIfNeeded: generator.next())) >> Int.random(in: 0..<64, using: &generator))
        case 3:
            var number = Double(bitPattern: generator.next())
            if !number.isFinite { number = Double.random(in: -1e6...1e6, using: &generator) }
            return .double(number)
        case 4: return .double(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 64)
        case 5: return .string(randomString(using: &generator))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in
                randomValue(depth: depth + 1, using: &generator)
            })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                members[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    private func randomString(using generator: inout SplitMix64) -> String {
        let pool: [ClosedRange<UInt32>] = [0x00...0x1F, 0x20...0x7E, 0x7F...0x7FF, 0x2020...0x202F, 0xE000...0xFFFF, 0x1F300...0x1F6FF, 0x10000...0x10FFFF]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let range = pool[Int.random(in: 0..<pool.count, using: &generator)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// A small deterministic generator so the random test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
