// Unsafe APIs here: the compression function reads 64-byte blocks in place; the bucket is hashed on
// flag reads.

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

/// The incremental SHA-256 state: the chaining value, a partial block and the message length.
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

    /// The chaining value H0...H7.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    /// Bytes waiting for a whole block: 64 bytes of inline storage, `blockCount` of them used.
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var blockCount = 0
    private var messageLength: UInt64 = 0

    /// Adds one byte to the message.
    mutating func update(_ byte: UInt8) {
        withUnsafeMutableBytes(of: &block) { $0[blockCount] = byte }
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
        if let base = buffer.baseAddress, buffer.count - index >= 64 {
            let blocks = (buffer.count - index) / 64
            compress(UnsafeRawPointer(base + index), blocks: blocks)
            messageLength &+= UInt64(blocks * 64)
            index += blocks * 64
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
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private mutating func compressBufferedBlock() {
        var bytes = block
        withUnsafeBytes(of: &bytes) { compress($0.baseAddress!, blocks: 1) }
        blockCount = 0
    }

    /// Runs the 64 rounds on each of `blocks` consecutive 64-byte blocks at `bytes`.
    ///
    /// The message schedule lives in a stack buffer, already added to the round constants,
    /// so the rounds read one word each and have no bounds checks; rounds go eight at a time
    /// with the working variables renamed rather than shifted.
    private mutating func compress(_ bytes: UnsafeRawPointer, blocks: Int) {
        Self.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 128) { buffer in
                let k = constants.baseAddress!
                // W[0...63], then K[t] + W[t] for t in 0...63.
                let w = buffer.baseAddress!
                let kw = w + 64
                var (h0, h1, h2, h3, h4, h5, h6, h7) = state
                for block in 0..<blocks {
                    let input = bytes + block * 64
                    for t in 0..<16 {
                        let word = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                        w[t] = word
                        kw[t] = k[t] &+ word
                    }
                    for t in 16..<64 {
                        let w15 = w[t - 15]
                        let w2 = w[t - 2]
                        let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 &>> 3)
                        let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 &>> 10)
                        let word = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                        w[t] = word
                        kw[t] = k[t] &+ word
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    var t = 0
                    while t < 64 {
                        round(a, b, c, &d, e, f, g, &h, kw[t])
                        round(h, a, b, &c, d, e, f, &g, kw[t + 1])
                        round(g, h, a, &b, c, d, e, &f, kw[t + 2])
                        round(f, g, h, &a, b, c, d, &e, kw[t + 3])
                        round(e, f, g, &h, a, b, c, &d, kw[t + 4])
                        round(d, e, f, &g, h, a, b, &c, kw[t + 5])
                        round(c, d, e, &f, g, h, a, &b, kw[t + 6])
                        round(b, c, d, &e, f, g, h, &a, kw[t + 7])
                        t += 8
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                }
                state = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }
}

/// One SHA-256 round: `d` and `h` take their new values; the caller renames the variables
/// instead of shifting them down. `constantPlusWord` is K[t] + W[t].
@inline(__always)
private func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantPlusWord: UInt32
) {
    // Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25 and Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22, nested so each
    // takes three rotations and two xors on one value.
    let sum1 = rotateRight(e ^ rotateRight(e ^ rotateRight(e, 14), 5), 6)
    let choose = g ^ (e & (f ^ g))
    let temp1 = h &+ sum1 &+ choose &+ constantPlusWord
    let sum0 = rotateRight(a ^ rotateRight(a ^ rotateRight(a, 9), 11), 2)
    let majority = (a & b) | (c & (a | b))
    d &+= temp1
    h = temp1 &+ sum0 &+ majority
}

@inline(__always)
private func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value &>> count) | (value &<< (32 &- count))
}
