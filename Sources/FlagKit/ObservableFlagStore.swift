// The store for SwiftUI: `ObservableFlagStore` with Observation (iOS 17, macOS 14) and
// `FlagStoreObject`, an `ObservableObject` for iOS 15 and 16. Both wrap one `FlagStore` and
// report a change whenever something a view reads changed: `start` finishing, a user switch, a
// kill switch, a forced value. A screen still takes one `FlagView` when it opens; these are for
// what may change while it is open (readiness, kill switches, a QA settings screen).

#if canImport(Observation)
import Observation

/// A `FlagStore` for SwiftUI with Observation: a `body` that reads `isStarted`, `view()` or
/// `isOn(_:)` is re-rendered when the store changes. Keep it in `@State` at the app's root.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservableFlagStore {
    /// The store; call `start`, `refresh` and `switchUser` on it.
    @ObservationIgnored public let store: FlagStore
    /// Counts the store's changes; reading it makes a `body` depend on them.
    public private(set) var changeCount = 0

    /// Observes `store`.
    public init(_ store: FlagStore) {
        self.store = store
        store.addChangeObserver(self) { $0.changeCount &+= 1 }
    }

    /// Whether the store has loaded a session (see `FlagStore.isStarted`).
    public var isStarted: Bool {
        _ = changeCount
        return store.isStarted
    }

    /// Whether the crash guard fired (see `FlagStore.isSafeMode`).
    public var isSafeMode: Bool {
        _ = changeCount
        return store.isSafeMode
    }

    /// A view of the store now; a `body` that calls it is re-rendered when the store changes.
    public func view() -> FlagView {
        _ = changeCount
        return store.view()
    }

    /// Whether a flag is on now, such as a kill switch read in a `body`.
    public func isOn(_ flag: Flag<Bool>) -> Bool {
        view().isOn(flag)
    }
}
#endif

#if canImport(Combine)
import Combine

/// A `FlagStore` for SwiftUI on iOS 15 and 16: an `ObservableObject` that publishes every change
/// of the store. Keep it in `@StateObject` at the app's root and pass it as `@ObservedObject`.
@MainActor
public final class FlagStoreObject: ObservableObject {
    /// The store; call `start`, `refresh` and `switchUser` on it.
    public let store: FlagStore

    /// Observes `store`.
    public init(_ store: FlagStore) {
        self.store = store
        store.addChangeObserver(self) { $0.objectWillChange.send() }
    }

    /// Whether the store has loaded a session (see `FlagStore.isStarted`).
    public var isStarted: Bool { store.isStarted }

    /// Whether the crash guard fired (see `FlagStore.isSafeMode`).
    public var isSafeMode: Bool { store.isSafeMode }

    /// A view of the store now; read it in `body` to follow changes.
    public func view() -> FlagView { store.view() }

    /// Whether a flag is on now, such as a kill switch read in a `body`.
    public func isOn(_ flag: Flag<Bool>) -> Bool { store.view().isOn(flag) }
}
#endif
