import Foundation

/// The flags as one screen sees them. Take one from `FlagStore.view()` when the screen opens.
///
/// Every answer stays the same for the view's lifetime — a refresh never makes an open screen
/// flicker — except kill switches, which are read live from the store on every call.
///
/// A read never fails: a missing key, a value of another type, or a config that does not decode
/// gives the flag's default from code. Booleans, strings and numbers are a dictionary lookup and
/// a type check; a JSON config is decoded on its first read and kept for the view's lifetime.
@MainActor
public struct FlagView {
    /// The session values this view was taken with (debug overrides merged in).
    private let values: [String: FlagValue]
    private let store: FlagStore
    private let configs = DecodedConfigs()

    init(values: [String: FlagValue], store: FlagStore) {
        self.values = values
        self.store = store
    }

    /// The value a flag reads in this view, as the server sent it: the session value, or the live
    /// value for a kill switch; `nil` when the server sent none. For debug screens and logs.
    public func rawValue(forKey key: String, killSwitch: Bool = false) -> FlagValue? {
        killSwitch ? store.liveValue(forKey: key) : values[key]
    }

    private func raw(_ flag: some FlagMetadata) -> FlagValue? {
        flag.killSwitch ? store.liveValue(forKey: flag.key) : values[flag.key]
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
    /// `JSONDecoder`. Any decoding error — a missing field, a wrong type, a value outside the
    /// manifest's limits — gives the default.
    public func value<Config: Decodable>(_ flag: Flag<Config>) -> Config {
        if flag.killSwitch {
            return Self.decode(flag, from: store.liveValue(forKey: flag.key))
        }
        if let cached = configs.entries[flag.key] as? Config {
            return cached
        }
        let config = Self.decode(flag, from: values[flag.key])
        configs.entries[flag.key] = config
        return config
    }

    private static func decode<Config: Decodable>(_ flag: Flag<Config>, from raw: FlagValue?) -> Config {
        guard let raw else { return flag.defaultValue }
        do {
            return try JSONDecoder().decode(Config.self, from: FlagJSON.serialize(raw))
        } catch {
            return flag.defaultValue
        }
    }
}

/// The configs one `FlagView` decoded, so each decodes once per view.
@MainActor
final class DecodedConfigs {
    var entries: [String: any Sendable] = [:]
}
