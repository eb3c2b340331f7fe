/// Growable memory for bytes, owned by one value: appending is a capacity check and a copy.
///
/// `Array.append(contentsOf:)` costs about a hundred instructions per call (uniqueness check,
/// generic size handling) before it copies anything; a render appends over a million short
/// pieces, so the output keeps its own buffer.
struct ByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes the buffer holds.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Appends a copy of `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let newCount = count + bytes.count
        if newCount > capacity { grow(toAtLeast: newCount) }
        (start + count).initialize(from: source, count: bytes.count)
        count = newCount
    }

    /// Calls `body` with the bytes, valid only during the call.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Forgets the bytes, keeping the memory for the next ones.
    mutating func removeAll() {
        count = 0
    }

    /// A copy of the bytes as an array of exactly their size.
    func array() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.initialize(from: start, count: count) }
            initialized = count
        }
    }

    private mutating func grow(toAtLeast needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
