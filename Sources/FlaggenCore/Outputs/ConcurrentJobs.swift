import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs independent jobs on several cores and returns their results in job order.
enum ConcurrentJobs {
    /// Runs `jobs` on up to `lanes` threads at once (DispatchQueue.concurrentPerform) and
    /// returns each job's result at its own index.
    ///
    /// The jobs wait in one queue, most costly first, and each lane takes the next job as soon
    /// as it is free. Taking the big jobs first leaves the small ones to even out the lanes'
    /// ends, and taking them as lanes free up (rather than dealing them out beforehand) keeps
    /// the lanes even when the costs are only rough guesses, as they are for a manifest unlike
    /// the one they were measured on.
    static func run<Value>(
        _ jobs: [@Sendable () throws -> Value], costs: [Int],
        lanes: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [Result<Value, any Error>] {
        let order = order(costs: costs, count: jobs.count)
        let slots = Slots<Result<Value, any Error>>(count: jobs.count)
        let next = JobQueue(order)
        DispatchQueue.concurrentPerform(iterations: min(max(1, lanes), max(1, jobs.count))) { _ in
            while let index = next.take() {
                slots.set(index, Result { try jobs[index]() })
            }
        }
        return slots.values()
    }

    /// The order the jobs are taken in: most costly first, ties in job order. A job without a
    /// cost counts as 0.
    static func order(costs: [Int], count: Int) -> [Int] {
        (0..<count).sorted { a, b in
            let costA = a < costs.count ? costs[a] : 0
            let costB = b < costs.count ? costs[b] : 0
            return costA != costB ? costA > costB : a < b
        }
    }

    /// The jobs not yet taken, shared by the lanes.
    private final class JobQueue: @unchecked Sendable {
        private let order: [Int]
        private var position = 0
        private let lock = Lock()

        init(_ order: [Int]) {
            self.order = order
        }

        /// The next job, or nil when every job is taken.
        func take() -> Int? {
            lock.withLock {
                guard position < order.count else { return nil }
                defer { position += 1 }
                return order[position]
            }
        }
    }

    /// One slot per job, each written by one job and read after `concurrentPerform` has
    /// waited for them all; the lock keeps two jobs that finish at once from writing the
    /// array at the same time.
    private final class Slots<Element>: @unchecked Sendable {  // every access holds `lock`
        private let lock = Lock()
        private var slots: [Element?]

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        func set(_ index: Int, _ value: Element) {
            lock.withLock { slots[index] = value }
        }

        func values() -> [Element] {
            lock.withLock { slots.map { $0! } }
        }
    }
}
