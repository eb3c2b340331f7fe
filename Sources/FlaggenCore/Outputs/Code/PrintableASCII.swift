/// Checks that text is printable ASCII (U+0020...U+007E), optionally without a few bytes.
///
/// The literal and comment writers ask this of nearly every text before taking their fast
/// paths. Written as a chain of `&&` over each byte (`$0 >= 0x20 && $0 < 0x7F && $0 != 0x22`)
/// the test branches on every comparison and costs about ten instructions a byte. Here every
/// comparison is computed and the failures are OR-ed together, without a branch or an early
/// exit, so the compiler runs the loop many bytes a step: about three instructions a byte with
/// three excluded bytes, two with none (measured on a 79-byte description). Inlined, so the
/// excluded bytes are constants in each caller's loop.
enum PrintableASCII {
    /// Whether every UTF-8 byte of `text` is in 0x20...0x7E and none is one of `excluded`.
    /// Excluded bytes are printable ASCII, or 0 to exclude nothing more (0 already fails).
    @inline(__always)
    static func check(_ text: String, excluding excluded: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> Bool {
        SourceText.withUTF8(of: text) { check($0, excluding: excluded) }
    }

    /// Whether every byte of `bytes` is in 0x20...0x7E and none is one of `excluded` (see
    /// ``check(_:excluding:)-(String,_)``).
    @inline(__always)
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, excluding excluded: (UInt8, UInt8, UInt8) = (0, 0, 0)) -> Bool {
        var failures: UInt8 = 0
        for byte in bytes {
            // `byte - 0x20` wraps around for bytes below 0x20, so one comparison tests the range.
            failures |= ((byte &- 0x20) > 0x7E - 0x20 ? 1 : 0) | (byte == excluded.0 ? 1 : 0)
                | (byte == excluded.1 ? 1 : 0) | (byte == excluded.2 ? 1 : 0)
        }
        return failures == 0
    }
}
