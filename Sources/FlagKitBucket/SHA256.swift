/// SHA-256 (FIPS 180-4), implemented in plain Swift so that every platform
/// computes the same digest without CryptoKit or Foundation.
///
/// ```swift
/// SHA256.hexDigest("abc".utf8)
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public enum SHA256 {
    /// The digest length in bytes: 32.
    public static let digestByteCount = 32

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    ///
    /// Contiguous inputs (`[UInt8]`, `String.UTF8View` of a native string, …)
    /// are hashed in place; other sequences are streamed through a 64-byte
    /// block buffer.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var engine = SHA256Engine()
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            engine.update(buffer)
        }
        if handled == nil {
            for byte in bytes {
                engine.update(byte)
            }
        }
        return engine.finalize()
    }

    /// Returns the SHA-256 digest of `bytes` as 64 lowercase hex digits.
    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digestByteCount * 2)
        for byte in hash(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The incremental SHA-256 state: the chaining value, a partial block, the
/// message length, and the reusable 64-word message schedule.
struct SHA256Engine {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var block = [UInt8](repeating: 0, count: 64)
    private var blockCount = 0
    private var messageLength: UInt64 = 0
    private var schedule = [UInt32](repeating: 0, count: 64)

    /// Adds one byte to the message.
    mutating func update(_ byte: UInt8) {
        block[blockCount] = byte
        blockCount += 1
        messageLength &+= 1
        if blockCount == 64 {
            compressBufferedBlock()
        }
    }

    /// Adds a buffer of bytes to the message; whole blocks are compressed
    /// straight from the buffer.
    mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while blockCount != 0 && index < buffer.count {
            update(buffer[index])
            index += 1
        }
        while buffer.count - index >= 64 {
            for word in 0..<16 {
                let base = index + word * 4
                schedule[word] = UInt32(buffer[base]) << 24 | UInt32(buffer[base + 1]) << 16
                    | UInt32(buffer[base + 2]) << 8 | UInt32(buffer[base + 3])
            }
            compressSchedule()
            messageLength &+= 64
            index += 64
        }
        while index < buffer.count {
            update(buffer[index])
            index += 1
        }
    }

    /// Pads the message and returns the digest.
    mutating func finalize() -> [UInt8] {
        let bitLength = messageLength &* 8
        update(0x80)
        while blockCount != 56 {
            update(0x00)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            update(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(SHA256.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private mutating func compressBufferedBlock() {
        for word in 0..<16 {
            let base = word * 4
            schedule[word] = UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16
                | UInt32(block[base + 2]) << 8 | UInt32(block[base + 3])
        }
        compressSchedule()
        blockCount = 0
    }

    /// Runs the 64 rounds on the block whose first 16 words are in `schedule`.
    private mutating func compressSchedule() {
        for t in 16..<64 {
            let w15 = schedule[t - 15]
            let w2 = schedule[t - 2]
            let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        for t in 0..<64 {
            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choose = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choose &+ Self.roundConstants[t] &+ schedule[t]
            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    private func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
