import Foundation

/// Hands kill-switch changes to every `AsyncStream` that `FlagStore.killSwitchChanges()` made.
///
/// It lives outside the main actor so a stream that ends can unsubscribe from any thread, and so
/// the store's `deinit` can finish every stream.
final class KillSwitchBroadcaster: @unchecked Sendable {
    // Every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0
    private var finished = false

    /// A new stream of kill-switch keys; it ends at `finishAll()`.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lock.lock()
        let id = nextID
        nextID += 1
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        lock.lock()
        let open = !finished
        if open { continuations[id] = continuation }
        lock.unlock()
        if !open { continuation.finish() }
        return stream
    }

    /// Sends `key` to every open stream.
    func send(_ key: String) {
        lock.lock()
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets {
            continuation.yield(key)
        }
    }

    /// Ends every stream, and every stream made later.
    func finishAll() {
        lock.lock()
        finished = true
        let targets = Array(continuations.values)
        continuations.removeAll()
        lock.unlock()
        for continuation in targets {
            continuation.finish()
        }
    }

    private func remove(_ id: Int) {
        lock.lock()
        continuations[id] = nil
        lock.unlock()
    }
}
