import Foundation

/// The flags as one screen sees them. Take one from `FlagStore.view()` when the screen opens.
///
/// Its answers stay the same while its session lasts (a refresh never makes an open screen
/// flicker), except kill switches, read live. When the session ends (`start` finishes, or
/// `switchUser`), it answers from the store's new one: never another user's values. A read never
/// fails: a missing key, a wrong type or a config that does not decode gives the flag's default.
@MainActor
public struct FlagView {
    /// The session values this view was taken with (debug overrides merged in).
    private let taken: [String: FlagValue]
    /// The session they belong to.
    private let sessionID: Int
    private let store: FlagStore
    private let configs = DecodedConfigs()

    init(values: [String: FlagValue], sessionID: Int, store: FlagStore) {
        self.taken = values
        self.sessionID = sessionID
        self.store = store
    }

    /// The value of `key` in the view's session, or in the store's session once that one ended.
    /// (A lookup in place: returning either dictionary would retain and release it on every read.)
    private func sessionValue(_ key: String) -> FlagValue? {
        if store.sessionID == sessionID { return taken[key] }
        return store.sessionValues[key]
    }

    /// The value a flag reads in this view, as the server sent it: the session value, or the live
    /// value for a kill switch; `nil` when the server sent none. For debug screens and logs.
    public func rawValue(forKey key: String, killSwitch: Bool = false) -> FlagValue? {
        killSwitch ? store.liveValue(forKey: key) : sessionValue(key)
    }

    private func raw(_ flag: some FlagMetadata) -> FlagValue? {
        flag.killSwitch ? store.liveValue(forKey: flag.key) : sessionValue(flag.key)
    }

    /// Whether a boolean flag is on.
    public func isOn(_ flag: Flag<Bool>) -> Bool {
        if case .bool(let on)? = raw(flag) { return on }
        return flag.defaultValue
    }

    /// The value of a boolean flag; the same as `isOn(_:)`.
    public func value(_ flag: Flag<Bool>) -> Bool {
        isOn(flag)
    }

    /// The value of a string flag.
    public func value(_ flag: Flag<String>) -> String {
        if case .string(let text)? = raw(flag) { return text }
        return flag.defaultValue
    }

    /// The value of an integer flag. A number with a fraction is the wrong type: the default.
    public func value(_ flag: Flag<Int>) -> Int {
        raw(flag)?.intValue ?? flag.defaultValue
    }

    /// The value of a number flag; whole numbers are numbers too.
    public func value(_ flag: Flag<Double>) -> Double {
        raw(flag)?.doubleValue ?? flag.defaultValue
    }

    /// The value of a JSON config flag, such as a generated `PaywallConfig`, decoded with
    /// `ConfigDecoding` on its first read and kept until the store's session changes (a kill
    /// switch's config is decoded on every read, from the live value). Any decoding error —
    /// a missing field, a wrong type, a value outside the manifest's limits — gives the default.
    public func value<Config: Decodable>(_ flag: Flag<Config>) -> Config {
        if flag.killSwitch {
            return decode(flag, from: store.liveValue(forKey: flag.key))
        }
        if configs.sessionID != store.sessionID {
            configs.sessionID = store.sessionID
            configs.entries.removeAll()
        }
        if let cached = configs.entries[flag.key] as? Config { return cached }
        let config = decode(flag, from: sessionValue(flag.key))
        configs.entries[flag.key] = config
        return config
    }

    /// The config in `raw`, or the default (reported to the store's error hook) when it does not
    /// decode. A missing value or `null` is simply the default.
    private func decode<Config: Decodable>(_ flag: Flag<Config>, from raw: FlagValue?) -> Config {
        guard let raw, raw != .null else { return flag.defaultValue }
        do {
            return try ConfigDecoding.decode(Config.self, from: raw)
        } catch {
            store.report(FlagStoreError(kind: .config, key: flag.key, underlying: error))
            return flag.defaultValue
        }
    }
}

/// The configs one `FlagView` decoded, so each decodes once per view.
@MainActor
final class DecodedConfigs {
    var sessionID = -1
    var entries: [String: any Sendable] = [:]
}
