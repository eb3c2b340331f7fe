/// The children of the open lists or mappings, innermost collection's children last.
///
/// When a collection closes, its children move out into one array of exactly their count: no
/// array grows while it is filled, and nothing is copied, retained or released on the way.
final class ChildStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of children held.
    private(set) var count = 0

    init() {
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The children from `start` on, valid until the stack next changes.
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Removes the children from `start` on and returns them in order.
    func moveOut(from start: Int) -> [Element] {
        let moved = count - start
        let array = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            if moved > 0 { buffer.baseAddress!.moveInitialize(from: base + start, count: moved) }
            initialized = moved
        }
        count = start
        return array
    }
}
