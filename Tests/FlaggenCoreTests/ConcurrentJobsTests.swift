@testable import FlaggenCore
import XCTest

final class ConcurrentJobsTests: XCTestCase {
    private struct Failure: Error, Equatable {
        let index: Int
    }

    func testMostCostlyJobsGoFirstTiesInJobOrder() {
        XCTAssertEqual(ConcurrentJobs.order(costs: [5, 40, 5, 12, 40]), [1, 4, 3, 0, 2])
        XCTAssertEqual(ConcurrentJobs.order(costs: [1, 0, 0]), [0, 1, 2])
    }

    func testEveryJobRunsOnceAndResultsComeBackInJobOrder() {
        for lanes in [1, 2, 3, 8] {
            let counter = Counter()
            let jobs: [@Sendable () throws -> Int] = (0..<20).map { index in
                {
                    counter.increment()
                    if index % 7 == 3 { throw Failure(index: index) }
                    return index * index
                }
            }
            let results = ConcurrentJobs.run(jobs, costs: (0..<20).map { ($0 * 37) % 11 }, lanes: lanes)
            XCTAssertEqual(counter.value, 20, "lanes: \(lanes)")
            for (index, result) in results.enumerated() {
                switch result {
                case .success(let value): XCTAssertEqual(value, index * index)
                case .failure(let error): XCTAssertEqual(error as? Failure, Failure(index: index))
                }
                XCTAssertEqual(index % 7 == 3, (try? result.get()) == nil, "job \(index)")
            }
        }
    }

    /// Many jobs that finish at once on both lanes: no result may be lost. (The results used to
    /// live in an array property, and two lanes storing at the same moment could drop one,
    /// which surfaced as a crash once the parse had many small jobs.)
    func testResultsOfJobsFinishingTogetherAreAllKept() {
        for _ in 0..<20 {
            let jobs: [@Sendable () throws -> Int] = (0..<2_000).map { index in { index } }
            let results = ConcurrentJobs.run(jobs, costs: jobs.map { _ in 0 }, lanes: 2)
            XCTAssertEqual(results.compactMap { try? $0.get() }, Array(0..<2_000))
        }
    }

    func testNoJobs() {
        let jobs: [@Sendable () throws -> Int] = []
        XCTAssertTrue(ConcurrentJobs.run(jobs, costs: []).isEmpty)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = Lock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }
}
