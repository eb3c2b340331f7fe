import Foundation

/// The app-wide, offline-first flag store: one decision per session, from values saved on disk.
///
/// - `start(userKey:)` reads the saved copy before the first screen. It never waits for the
///   network; with no saved copy every flag uses its default from code.
/// - A screen takes one `view()` when it opens. Its answers never change while it is open, and two
///   screens of one session give the same answers.
/// - `refresh()` fetches in the background and saves the answer for the next session. Only kill
///   switches change at once: they are read live.
/// - The crash guard: a start that is not followed by `startFinished()` counts as unfinished.
///   After two unfinished starts in a row, the store deletes every saved copy and runs on the
///   defaults, so a bad saved value cannot crash the app forever.
/// - `switchUser(_:)` loads only a copy saved for the new user; one user's values never reach
///   another user, and a fetch that returns after a switch is dropped.
///
/// ```swift
/// let store = FlagStore(source: HTTPFlagSource(...), disk: FileFlagDisk(appIdentifier: "shop"),
///                       flags: Flags.all)
/// await store.start(userKey: nil)          // disk only, a few milliseconds
/// let flags = store.view()                 // one view per screen
/// if flags.isOn(Flags.newCheckout) { ... }
/// ```
@MainActor
public final class FlagStore {
    /// How long a fetched answer stays fresh for `refreshIfStale()` unless the app says otherwise:
    /// 15 minutes.
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

    /// When the values of the current user were last fetched, from the saved copy or a refresh.
    public private(set) var lastFetchAt: Date?

    /// True when the crash guard fired at this start: the saved copies were deleted and the
    /// session runs on the defaults.
    public private(set) var isSafeMode = false

    /// The newest values of the current user; kill switches read these.
    private var live: [String: FlagValue] = [:]

    /// Bumped by every start and user switch; a fetch or read that began in another epoch is stale.
    private var epoch = 0
    /// Numbers fetches, so an older answer never replaces a newer one.
    private var fetchCount = 0
    private var appliedFetch = 0
    /// Saved-copy writes run one after another, in the order the answers were applied.
    private var lastWrite: Task<Void, Never>?

    let killSwitchEvents = KillSwitchBroadcaster()

    #if DEBUG
    /// Values a QA screen forced; see `overrideValue(_:for:)`. Debug builds only.
    var debugOverrides: [String: FlagValue] = [:]
    #endif

    /// Creates a store. Call `start(userKey:)` before the first screen.
    ///
    /// - Parameters:
    ///   - source: where fresh values come from.
    ///   - disk: where the last values are saved for the next session.
    ///   - flags: every flag the app declares (the generated `Flags.all`); the store watches the
    ///     kill switches among them for `killSwitchChanges()`.
    ///   - maxAge: how long a fetched answer stays fresh for `refreshIfStale()`.
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

    /// Starts a session for `userKey` (`nil` means signed out). Call it once, before the first
    /// screen: it reads the local saved copy only and never waits for the network.
    ///
    /// It counts the start as unfinished until `startFinished()`. When the two previous starts
    /// never finished, it deletes every saved copy and runs this session on the defaults.
    public func start(userKey: String?) async {
        epoch += 1
        let startEpoch = epoch
        self.userKey = userKey
        apply(.empty(userKey: userKey))

        let unfinished = await disk.unfinishedStarts()
        await disk.setUnfinishedStarts(unfinished + 1)
        var snapshot = FlagSnapshot.empty(userKey: userKey)
        var safeMode = false
        if unfinished >= Self.unfinishedStartLimit {
            await disk.clear()
            safeMode = true
        } else if let saved = await disk.read(userKey: userKey), saved.userKey == userKey {
            snapshot = saved
        }
        guard epoch == startEpoch else { return }  // the user switched while the disk answered
        isSafeMode = safeMode
        apply(snapshot)
    }

    /// Marks the start as finished and resets the crash counter. Call it a few seconds after the
    /// first screen, once the app has clearly survived its start.
    public func startFinished() async {
        await disk.setUnfinishedStarts(0)
    }

    /// A view of the flags for one screen. Take it when the screen opens and keep it: its answers
    /// stay the same until the screen closes, except kill switches, which are read live.
    public func view() -> FlagView {
        #if DEBUG
        if !debugOverrides.isEmpty {
            return FlagView(values: session.values.merging(debugOverrides) { _, forced in forced }, store: self)
        }
        #endif
        return FlagView(values: session.values, store: self)
    }

    // MARK: - Fetching

    /// Fetches fresh values in the background and saves them for the next session.
    ///
    /// Kill switches change at once; every other flag keeps its session value. A failed fetch
    /// keeps what the store has. An answer that arrives after a user switch (or after a newer
    /// answer) is dropped.
    ///
    /// - Returns: whether fresh values were applied.
    @discardableResult
    public func refresh() async -> Bool {
        let key = userKey
        let fetchEpoch = epoch
        fetchCount += 1
        let ticket = fetchCount
        guard let fresh = await source.fetch(userKey: key) else { return false }  // failed: keep what we have
        guard epoch == fetchEpoch, ticket > appliedFetch else { return false }   // the user changed, or a newer answer won
        appliedFetch = ticket
        let fetchedAt = now()
        lastFetchAt = fetchedAt
        replaceLive(with: fresh)  // kill switches change now
        await save(FlagSnapshot(userKey: key, fetchedAt: fetchedAt, values: fresh))  // the next session reads this
        return true
    }

    /// Fetches only when the last answer is older than `maxAge`, or when there is none. Call it
    /// when the app comes to the foreground.
    ///
    /// A negative age means the device clock moved back; the store cannot trust the saved time,
    /// so it fetches.
    ///
    /// - Returns: whether fresh values were applied.
    @discardableResult
    public func refreshIfStale() async -> Bool {
        if let lastFetchAt {
            let age = now().timeIntervalSince(lastFetchAt)
            if age >= 0 && age < maxAge { return false }
        }
        return await refresh()
    }

    // MARK: - Users

    /// Signs in (a user key) or out (`nil`), then fetches for the new user.
    ///
    /// The old user's values leave at once, kill switches included. The new session runs on a
    /// copy saved for the new user, or on the defaults; it never uses another user's copy.
    /// Switching to the current user changes nothing.
    public func switchUser(_ newKey: String?) async {
        guard newKey != userKey else { return }
        epoch += 1
        let switchEpoch = epoch
        userKey = newKey
        isSafeMode = false
        apply(.empty(userKey: newKey))
        let saved = await disk.read(userKey: newKey)
        guard epoch == switchEpoch else { return }  // another switch won
        if let saved, saved.userKey == newKey {
            apply(saved)
        }
        await refresh()
    }

    // MARK: - Kill switches

    /// A stream of kill-switch keys, one each time the value served for that kill switch changes
    /// (a refresh, a user switch, a debug override). Read the new value from any view.
    ///
    /// The stream ends when the store is released or the consumer's task is cancelled.
    public func killSwitchChanges() -> AsyncStream<String> {
        killSwitchEvents.subscribe()
    }

    /// The value served now for a kill switch: a debug override, else the newest fetched value.
    func liveValue(forKey key: String) -> FlagValue? {
        #if DEBUG
        if !debugOverrides.isEmpty, let forced = debugOverrides[key] { return forced }
        #endif
        return live[key]
    }

    /// Runs `change` and reports every kill switch whose served value it changed.
    func changingLiveValues(_ change: () -> Void) {
        let before = killSwitchKeys.map { liveValue(forKey: $0) }
        change()
        for (offset, key) in killSwitchKeys.enumerated() where liveValue(forKey: key) != before[offset] {
            killSwitchEvents.send(key)
        }
    }

    // MARK: - Private

    /// Makes `snapshot` the session, and its values the live ones.
    private func apply(_ snapshot: FlagSnapshot) {
        session = snapshot
        lastFetchAt = snapshot.fetchedAt
        replaceLive(with: snapshot.values)
    }

    private func replaceLive(with values: [String: FlagValue]) {
        if killSwitchKeys.isEmpty {
            live = values
        } else {
            changingLiveValues { live = values }
        }
    }

    /// Writes `snapshot` after every earlier write, so the newest answer is the one saved.
    private func save(_ snapshot: FlagSnapshot) async {
        let previous = lastWrite
        let disk = self.disk
        let write = Task {
            await previous?.value
            await disk.write(snapshot)
        }
        lastWrite = write
        await write.value
    }
}
