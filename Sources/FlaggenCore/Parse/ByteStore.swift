/// A byte buffer that grows by runs of bytes, for the parser's scalar text.
///
/// The bytes go into a zero-filled array through a pointer: `Array.append(contentsOf:)` costs
/// about a hundred instructions a call, more than copying a typical scalar's few bytes.
struct ByteStore {
    /// Zero-filled room; only the first `count` bytes were written.
    private var storage: [UInt8]
    /// How many bytes were appended.
    private(set) var count = 0

    /// Creates an empty store with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        storage = [UInt8](repeating: 0, count: max(capacity, 16))
    }

    /// Appends `bytes` after those already there.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let needed = count + bytes.count
        if needed > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(storage.count, needed - storage.count)))
        }
        let offset = count
        storage.withUnsafeMutableBufferPointer { room in
            room.baseAddress!.advanced(by: offset).update(from: source, count: bytes.count)
        }
        count = needed
    }

    /// Calls `body` with the bytes appended so far.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
}
