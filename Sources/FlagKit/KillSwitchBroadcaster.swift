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
        let id: Int = lock.locked {
            defer { nextID += 1 }
            return nextID
        }
        // Set before the stream is registered, so an end after that unregisters it; outside the
        // lock, like every call into the stream.
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        let open: Bool = lock.locked {
            if !finished { continuations[id] = continuation }
            return !finished
        }
        if !open { continuation.finish() }
        return stream
    }

    /// Sends `key` to every open stream.
    func send(_ key: String) {
        let targets = lock.locked { Array(continuations.values) }
        for continuation in targets {
            continuation.yield(key)
        }
    }

    /// Ends every stream, and every stream made later.
    func finishAll() {
        let targets: [AsyncStream<String>.Continuation] = lock.locked {
            finished = true
            defer { continuations.removeAll() }
            return Array(continuations.values)
        }
        for continuation in targets {
            continuation.finish()
        }
    }

    private func remove(_ id: Int) {
        lock.locked { continuations[id] = nil }
    }
}
