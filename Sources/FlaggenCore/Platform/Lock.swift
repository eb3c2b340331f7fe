import Dispatch

/// A mutual-exclusion lock, so FlaggenCore needs no Foundation for `NSLock`.
final class Lock: Sendable {
    private let semaphore = DispatchSemaphore(value: 1)

    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}
