@testable import FlagKit
import Foundation
import XCTest

/// Found in a review: every `ObservableFlagStore` or `FlagStoreObject` ever made stayed
/// registered on its store, called on every change. SwiftUI makes a `@State` initial value again
/// at every `init` of the view that holds it and keeps only the first, so the list grew with
/// every re-render of the app's root for the life of the store.
@MainActor
final class ChangeObserverTests: XCTestCase {
    private actor QuietSource: FlagSource {
        func fetch(userKey: String?) async -> [String: FlagValue]? { nil }
    }

    func testReleasedObservableWrappersLeaveNothingBehind() async {
        #if canImport(Observation)
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = FlagStore(source: QuietSource(), disk: InMemoryFlagDisk(), flags: [])
        let kept = ObservableFlagStore(store)
        for _ in 0..<10_000 {
            _ = ObservableFlagStore(store)  // what a `@State` initial value made again does
        }
        XCTAssertLessThanOrEqual(store.changeObservers.count, 2, "the released wrappers are still called on every change")
        await store.start(userKey: nil)
        XCTAssertEqual(store.changeObservers.count, 1)
        XCTAssertEqual(kept.changeCount, 1, "the wrapper still kept is told of the start")
        #endif
    }

    func testReleasedCombineWrappersLeaveNothingBehind() async {
        #if canImport(Combine)
        let store = FlagStore(source: QuietSource(), disk: InMemoryFlagDisk(), flags: [])
        for _ in 0..<10_000 {
            _ = FlagStoreObject(store)
        }
        XCTAssertLessThanOrEqual(store.changeObservers.count, 1)
        #endif
    }
}
