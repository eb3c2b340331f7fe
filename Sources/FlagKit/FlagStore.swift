import Foundation

/// The app-wide, offline-first flag store: one decision per session, from values saved on disk.
///
/// ```swift
/// let store = FlagStore(source: HTTPFlagSource(...), disk: FileFlagDisk(appIdentifier: "shop"),
///                       flags: Flags.all)
/// store.onError = { error in logger.warning("\(error)") }
/// await store.start(userKey: nil)          // disk only, a few milliseconds
/// let flags = store.view()                 // one view per screen
/// if flags.isOn(Flags.newCheckout) { ... }
/// ```
@MainActor
public final class FlagStore {
    /// The default `maxAge`: 15 minutes.
    public static let defaultMaxAge: TimeInterval = 15 * 60

    /// After this many unfinished starts in a row, the next start uses the defaults.
    static let unfinishedStartLimit = 2

    private let source: any FlagSource
    private let disk: any FlagDisk
    private let now: @Sendable () -> Date
    /// The kill switches among the flags the app declared, in a fixed order.
    private let killSwitchKeys: [String]

    /// How old a fetched answer may be before `refreshIfStale()` fetches again.
    public let maxAge: TimeInterval

    /// The current user; `nil` means signed out.
    public private(set) var userKey: String?

    /// The values this session runs on: fixed from `start(userKey:)` (or `switchUser(_:)`) to the
    /// end of the session. Debug screens may show it.
    public private(set) var session: FlagSnapshot = .empty(userKey: nil)

    /// When the values of the current user were last fetched, from the saved copy or a refresh;
    /// `nil` when never, which `refreshIfStale()` treats as stale whatever the clock says.
    public private(set) var lastFetchAt: Date?

    /// True when the crash guard fired at this process's first start: the saved copies were
    /// deleted, and every session of the process runs on the defaults.
    public private(set) var isSafeMode = false

    /// True once `start(userKey:)` (or `switchUser(_:)`) has loaded a session: the first screen
    /// can be shown.
    public private(set) var isStarted = false

    /// Called on the main actor with every failure the store caught and went on without (see
    /// `FlagStoreError`): log it. `nil`, the default, drops the reports.
    public var onError: (@MainActor (FlagStoreError) -> Void)?

    /// Numbers sessions: a view taken in an older session answers from the current one.
    private(set) var sessionID = 0
    /// The values a view of this session reads: the session's, with forced values merged in.
    private(set) var sessionValues: [String: FlagValue] = [:]

    /// The newest values of the current user; kill switches read these.
    private var live: [String: FlagValue] = [:]

    /// Bumped by every start and user switch; a fetch that began in another epoch is stale.
    private var epoch = 0
    /// Whether a start or a user switch is under way. They run one at a time, in call order, as
    /// under the Kotlin store's lock, and a `refresh()` waits for the one under way: a second
    /// start (another scene's) or a switch that began meanwhile read the saved copy the crash
    /// guard was deleting, and a refresh that ran meanwhile had its kill switch undone by the
    /// copy the start read before it.
    private var sessionChanging = false
    private var sessionWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether this store counted a start for the crash guard: it counts one per process.
    private var countedStart = false
    /// Numbers fetches, so an older answer never replaces a newer one.
    private var fetchCount = 0
    /// Fetches waiting for their answer: `refreshIfStale()` starts no other meanwhile.
    private var fetchesUnderWay = 0
    private var appliedFetch = 0
    /// Saved-copy writes run one after another, in the order the answers were applied.
    private var lastWrite: Task<Void, any Error>?

    let killSwitchEvents = KillSwitchBroadcaster()
    private var listeners: [(id: Int, call: @MainActor (Set<String>) throws -> Void)] = []
    private var nextListenerID = 0
    /// Told after anything a view reads changed: the session, a kill switch, a forced value.
    /// `ObservableFlagStore` and `FlagStoreObject` observe, held weakly: SwiftUI makes a `@State`
    /// initial value again at every `init` of its view and drops it, and each one stayed here.
    private(set) var changeObservers: [ChangeObserver] = []

    /// One observer of the store's changes, and what to call on it.
    struct ChangeObserver {
        weak var object: AnyObject?
        let call: @MainActor (AnyObject) -> Void
    }

    /// Values a QA screen forced; see `overrideValue(_:for:)`.
    var forcedValues: [String: FlagValue] = [:]
    var overridesAllowed = false

    /// Creates a store. Call `start(userKey:)` before the first screen.
    ///
    /// - Parameters:
    ///   - flags: every flag the app declares (the generated `Flags.all`); the store watches the
    ///     kill switches among them for `killSwitchChanges()`.
    ///   - now: the clock; tests pass a fixed one.
    public init(
        source: any FlagSource, disk: any FlagDisk, flags: [any FlagMetadata],
        maxAge: TimeInterval = FlagStore.defaultMaxAge, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.source = source
        self.disk = disk
        self.now = now
        self.maxAge = maxAge
        self.killSwitchKeys = Array(Set(flags.filter(\.killSwitch).map(\.key))).sorted()
    }

    deinit {
        killSwitchEvents.finishAll()
    }

    // MARK: - Session

    /// Starts a session for `userKey` (`nil` means signed out) from the saved copy alone, never
    /// the network: call it before the first screen. Views taken earlier read the defaults, then
    /// this session. A start for the user the session already runs on (another window's or
    /// scene's) changes nothing: open screens keep their values.
    ///
    /// The crash guard, so a bad saved value cannot crash every launch: a store's first start
    /// counts as unfinished until `startFinished()` or `enteredBackground()`. When the two
    /// previous starts never finished, it deletes every saved copy, and every session of this
    /// process runs on the defaults.
    public func start(userKey: String?) async {
        await beginSessionChange()
        defer { endSessionChange() }
        let wasSafeMode = isSafeMode
        await countStartOnce()  // first: an auth observer's switchUser may have begun the session
        // Each window's `.task` calls start: reading the copy a refresh saved meanwhile would
        // change open screens, and kill switches would show their defaults during the read.
        if isStarted, SavedCopyFormat.isSameUser(userKey, self.userKey), isSafeMode == wasSafeMode { return }
        epoch += 1
        self.userKey = userKey
        apply(.empty(userKey: userKey))
        var snapshot = FlagSnapshot.empty(userKey: userKey)
        if let saved = await readCopyUnlessSafeMode(userKey) { snapshot = saved }
        isStarted = true
        apply(snapshot)
        notifyChange()
    }

    /// The crash guard, at the process's first start: counts the start as unfinished, and when
    /// the two before never finished, deletes every saved copy and turns safe mode on.
    private func countStartOnce() async {
        guard !countedStart else { return }
        countedStart = true
        let counted = await attempt(.diskStarts) { [disk] in try await disk.unfinishedStarts() } ?? 0
        // Any disk's count, within what the guard needs: `Int.max + 1` trapped at every launch.
        let unfinished = min(max(counted, 0), Self.unfinishedStartLimit)
        await attempt(.diskStarts) { [disk] in try await disk.setUnfinishedStarts(unfinished + 1) }
        if unfinished >= Self.unfinishedStartLimit {
            isSafeMode = true
            await attempt(.diskClear) { [disk] in try await disk.clear() }
        }
    }

    /// Marks the start as finished and resets the crash counter. Call it a few seconds after the
    /// first screen, once the app has clearly survived its start.
    public func startFinished() async {
        await attempt(.diskStarts) { [disk] in try await disk.setUnfinishedStarts(0) }
    }

    /// Tells the store the app left the foreground: from now on a kill by the system is not a
    /// crash at start, so the crash counter resets as in `startFinished()`. Call it when the scene
    /// phase becomes `.background`, and right after `start` in a process launched in the
    /// background (a background fetch, a push).
    public func enteredBackground() async {
        await startFinished()
    }

    /// A view of the flags for one screen. Take it when the screen opens and keep it: its answers
    /// stay the same while the session lasts, except kill switches, which are read live.
    public func view() -> FlagView {
        FlagView(values: sessionValues, sessionID: sessionID, store: self)
    }

    // MARK: - Fetching

    /// Fetches fresh values and saves them for the next session: only kill switches change at
    /// once. A failed fetch keeps what the store has; an answer that arrives after a user switch
    /// or a newer answer is dropped. Before `start(userKey:)` it does nothing; while a start or a
    /// user switch reads the disk, it waits for it.
    ///
    /// - Returns: whether fresh values were applied.
    @discardableResult
    public func refresh() async -> Bool {
        fetchesUnderWay += 1  // from the call on, even while it waits for a start
        defer { fetchesUnderWay -= 1 }
        return await fetchAndApply()
    }

    private func fetchAndApply() async -> Bool {
        await waitForSessionChange()
        guard isStarted else { return false }
        let key = userKey
        let fetchEpoch = epoch
        fetchCount += 1
        let ticket = fetchCount
        let answer = await attempt(.fetch) { [source] in try await source.fetch(userKey: key) }
        guard let answer else { return false }  // threw: reported; keep what we have
        guard var fresh = answer else {  // failed: keep what we have
            report(FlagStoreError(kind: .fetch))
            return false
        }
        guard epoch == fetchEpoch, ticket > appliedFetch else { return false }  // the user changed, or a newer answer won
        for (flagKey, value) in fresh where value.nestingDepth > FlagLimits.maximumValueDepth {
            fresh[flagKey] = nil  // it could not be read back from the saved copy
            report(FlagStoreError(kind: .value, key: flagKey))
        }
        appliedFetch = ticket
        let fetchedAt = now()
        lastFetchAt = fetchedAt
        changingLiveValues { live = fresh }  // kill switches change now
        await save(FlagSnapshot(userKey: key, fetchedAt: fetchedAt, values: fresh))  // the next session reads this
        return true
    }

    /// Fetches only when the last answer is older than `maxAge`, or when there is none, and no
    /// fetch is under way (at launch the root view's task and the first foreground both call
    /// it: one fetch serves both). Call it when the app comes to the foreground. While a start
    /// reads the disk it waits for it, and judges the age of the copy the start read.
    ///
    /// A negative age means the device clock moved back; the store cannot trust the saved time,
    /// so it fetches.
    ///
    /// - Returns: whether fresh values were applied by this call.
    @discardableResult
    public func refreshIfStale() async -> Bool {
        await waitForSessionChange()
        if fetchesUnderWay > 0 { return false }
        if let lastFetchAt {
            let age = now().timeIntervalSince(lastFetchAt)
            if age >= 0 && age < maxAge { return false }
        }
        fetchesUnderWay += 1  // before any suspension: a call that follows sees this one
        defer { fetchesUnderWay -= 1 }
        return await fetchAndApply()
    }

    // MARK: - Users

    /// Signs in (a user key) or out (`nil`): the old user's values, kill switches included, leave
    /// every view at once; the session runs on the new user's own saved copy or on the defaults,
    /// then the store fetches. Switching to the current user does nothing (auth observers often
    /// report the same user again).
    ///
    /// - Returns: whether the fetch for the new user applied fresh values.
    @discardableResult
    public func switchUser(_ newKey: String?) async -> Bool {
        await beginSessionChange()
        guard !SavedCopyFormat.isSameUser(newKey, userKey) || !isStarted else {
            endSessionChange()
            return false
        }
        epoch += 1
        userKey = newKey
        isStarted = true
        apply(.empty(userKey: newKey))
        if let saved = await readCopyUnlessSafeMode(newKey) {
            apply(saved)
        }
        notifyChange()
        endSessionChange()
        return await refresh()
    }

    // MARK: - Kill switches

    /// A stream of kill-switch keys, one each time the value served for that kill switch changes
    /// (a refresh, a user switch, a debug override). Read the new value from any view.
    ///
    /// The stream ends when the store is released or the consumer's task is cancelled.
    public func killSwitchChanges() -> AsyncStream<String> {
        killSwitchEvents.subscribe()
    }

    /// Calls `listener` on the main actor with the keys of the kill switches whose served value
    /// changed, right after the change. An error it throws goes to `onError`; the other listeners
    /// are still called and the store goes on.
    @discardableResult
    public func addKillSwitchListener(_ listener: @escaping @MainActor (Set<String>) throws -> Void) -> FlagListenerToken {
        nextListenerID += 1
        listeners.append((nextListenerID, listener))
        return FlagListenerToken(id: nextListenerID)
    }

    /// Stops calling a listener added with `addKillSwitchListener(_:)`.
    public func removeKillSwitchListener(_ token: FlagListenerToken) {
        listeners.removeAll { $0.id == token.id }
    }

    /// The value served now for a kill switch: a forced value, else the newest fetched value.
    func liveValue(forKey key: String) -> FlagValue? {
        if !forcedValues.isEmpty, let forced = forcedValues[key] { return forced }
        return live[key]
    }

    /// Runs `change` and reports every kill switch whose served value it changed.
    func changingLiveValues(_ change: () -> Void) {
        let before = killSwitchKeys.map { liveValue(forKey: $0) }
        change()
        var changed: Set<String> = []
        for (offset, key) in killSwitchKeys.enumerated() where liveValue(forKey: key) != before[offset] {
            changed.insert(key)
            killSwitchEvents.send(key)
        }
        guard !changed.isEmpty else { return }
        notifyChange()
        for listener in listeners {
            do {
                try listener.call(changed)
            } catch {
                report(FlagStoreError(kind: .listener, underlying: error))
            }
        }
    }

    /// Sends `error` to `onError`.
    func report(_ error: FlagStoreError) {
        onError?(error)
    }

    /// Calls `call` with `observer` after every change of what views read, while `observer`
    /// lives (for the observable wrappers).
    func addChangeObserver<Observer: AnyObject>(_ observer: Observer, _ call: @escaping @MainActor (Observer) -> Void) {
        changeObservers.removeAll { $0.object == nil }
        changeObservers.append(ChangeObserver(object: observer) { call($0 as! Observer) })
    }

    func notifyChange() {
        changeObservers.removeAll { $0.object == nil }
        for observer in changeObservers {
            if let object = observer.object { observer.call(object) }
        }
    }

    // MARK: - Private

    /// Waits until no other start or user switch is under way, then marks this one as under way.
    private func beginSessionChange() async {
        guard sessionChanging else {
            sessionChanging = true
            return
        }
        await withCheckedContinuation { sessionWaiters.append($0) }  // handed over still marked
    }

    /// Waits for the start or user switch under way, if any, to finish.
    private func waitForSessionChange() async {
        guard sessionChanging else { return }
        await beginSessionChange()
        endSessionChange()
    }

    /// Hands the turn to the next waiting start, switch or refresh, in call order.
    private func endSessionChange() {
        if sessionWaiters.isEmpty {
            sessionChanging = false
        } else {
            sessionWaiters.removeFirst().resume()
        }
    }

    /// Makes `snapshot` the session, and its values the live ones.
    private func apply(_ snapshot: FlagSnapshot) {
        session = snapshot
        sessionID += 1
        refreshSessionValues()
        lastFetchAt = snapshot.fetchedAt
        changingLiveValues { live = snapshot.values }
    }

    /// Recomputes what views of this session read, after the session or a forced value changed.
    func refreshSessionValues() {
        sessionValues = forcedValues.isEmpty
            ? session.values : session.values.merging(forcedValues) { _, forced in forced }
    }

    /// Runs `change` on the forced values: kill switches and what views read change with them.
    func changingForcedValues(_ change: () -> Void) {
        changingLiveValues(change)
        refreshSessionValues()
        notifyChange()
    }

    /// The copy saved for `userKey`, when it is that user's; a failed read is reported. None in
    /// safe mode, which lasts the process: a copy saved since may hold the value that crashed.
    private func readCopyUnlessSafeMode(_ userKey: String?) async -> FlagSnapshot? {
        guard !isSafeMode,
              let saved = await attempt(.diskRead, { [disk] in try await disk.read(userKey: userKey) }) ?? nil,
              SavedCopyFormat.isSameUser(saved.userKey, userKey)
        else { return nil }
        return saved
    }

    /// Runs `work`, or reports what it threw as `kind` and returns `nil`.
    private func attempt<T>(_ kind: FlagStoreError.Kind, _ work: () async throws -> T) async -> T? {
        do {
            return try await work()
        } catch {
            report(FlagStoreError(kind: kind, underlying: error))
            return nil
        }
    }

    /// Writes `snapshot` after every earlier write, so the newest answer is the one saved.
    private func save(_ snapshot: FlagSnapshot) async {
        let previous = lastWrite
        let write = Task { [disk] in
            _ = await previous?.result  // its failure was reported by its own save
            try await disk.write(snapshot)
        }
        lastWrite = write
        do {
            try await write.value
        } catch {
            report(FlagStoreError(kind: .diskWrite, underlying: error))
        }
    }
}
