import FlaggenJSON

/// Random JSON values for property tests: every kind, nested up to five levels, with strings
/// from all over Unicode (control characters, U+2028, astral planes).
enum RandomJSON {
    static func value(depth: Int = 0, using generator: inout SplitMix64) -> JSONValue {
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
        case 5: return .string(string(using: &generator))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in
                value(depth: depth + 1, using: &generator)
            })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                members[string(using: &generator)] = value(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    static func string(using generator: inout SplitMix64) -> String {
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
