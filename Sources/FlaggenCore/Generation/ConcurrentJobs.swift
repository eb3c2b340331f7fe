import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs independent jobs on several cores and returns their results in job order.
enum ConcurrentJobs {
    /// Runs `jobs` on up to `lanes` threads at once (DispatchQueue.concurrentPerform). Jobs are
    /// dealt to the lanes biggest first, each to the lane with the least work so far; the jobs
    /// of one `together` group share a lane, one after another. Returns each job's result at
    /// its own index.
    static func run<Value>(
        _ jobs: [@Sendable () throws -> Value], costs: [Int], together: [Int] = [],
        lanes: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [Result<Value, any Error>] {
        let plan = schedule(costs: costs, together: together, lanes: max(1, lanes))
        let slots = Slots<Result<Value, any Error>>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: plan.count) { lane in
            for index in plan[lane] {
                slots.set(index, Result { try jobs[index]() })
            }
        }
        return slots.values()
    }

    /// The job indices each lane runs, in order.
    static func schedule(costs: [Int], together: [Int], lanes: Int) -> [[Int]] {
        // Units of work: the `together` group as one, every other job alone.
        var units: [(cost: Int, jobs: [Int])] = []
        let group = together.filter { costs.indices.contains($0) }.sorted { costs[$0] > costs[$1] }
        if !group.isEmpty { units.append((group.map { costs[$0] }.reduce(0, +), group)) }
        for index in costs.indices where !group.contains(index) { units.append((costs[index], [index])) }
        units.sort { $0.cost != $1.cost ? $0.cost > $1.cost : $0.jobs[0] < $1.jobs[0] }
        var plan = Array(repeating: (cost: 0, jobs: [Int]()), count: min(lanes, max(1, units.count)))
        for unit in units {
            let lane = plan.indices.min { plan[$0].cost < plan[$1].cost || (plan[$0].cost == plan[$1].cost && $0 < $1) }!
            plan[lane].cost += unit.cost
            plan[lane].jobs += unit.jobs
        }
        return plan.map(\.jobs).filter { !$0.isEmpty }
    }

    /// Runs two jobs at the same time and returns both results.
    static func both<First, Second>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let firstSlot = Slots<First>(count: 1)
        let secondSlot = Slots<Second>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { firstSlot.set(0, first()) } else { secondSlot.set(0, second()) }
        }
        return (firstSlot.values()[0], secondSlot.values()[0])
    }

    /// One slot per job. Each slot is written by exactly one job, and read only after
    /// `concurrentPerform` has returned, which waits for every job: no two threads ever touch
    /// the same slot at the same time.
    private final class Slots<Element>: @unchecked Sendable {
        private var storage: [Element?]

        init(count: Int) {
            storage = Array(repeating: nil, count: count)
        }

        func set(_ index: Int, _ value: Element) {
            storage.withUnsafeMutableBufferPointer { $0[index] = value }
        }

        func values() -> [Element] {
            storage.map { $0! }
        }
    }
}
