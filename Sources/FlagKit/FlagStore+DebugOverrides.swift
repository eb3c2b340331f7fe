#if DEBUG
import Foundation

/// Forced values for QA, compiled into debug builds only: a release build has none of this API.
///
/// A debug screen calls these to force a flag to a value. Views taken afterwards read the forced
/// value; views already open keep theirs, except kill switches, which change at once (and are
/// reported by `killSwitchChanges()`). Forced values live in memory only and end with the process.
extension FlagStore {
    /// Every forced value, by flag key.
    public var overrides: [String: FlagValue] { debugOverrides }

    /// Forces `flag` to read `value`.
    public func overrideValue<Value: Encodable>(_ value: Value, for flag: Flag<Value>) {
        guard let encoded = Self.flagValue(of: value) else { return }
        overrideValue(encoded, forKey: flag.key)
    }

    /// Forces the flag `key` to read `value`, as if the server had sent it (a value of the wrong
    /// type makes the flag read its default, as it would from a server).
    public func overrideValue(_ value: FlagValue, forKey key: String) {
        changingLiveValues { debugOverrides[key] = value }
    }

    /// Stops forcing `flag`.
    public func removeOverride(for flag: some FlagMetadata) {
        removeOverride(forKey: flag.key)
    }

    /// Stops forcing the flag `key`.
    public func removeOverride(forKey key: String) {
        changingLiveValues { debugOverrides[key] = nil }
    }

    /// Stops forcing every flag.
    public func removeAllOverrides() {
        changingLiveValues { debugOverrides.removeAll() }
    }

    /// `value` as JSON, or `nil` when it cannot be encoded.
    private static func flagValue<Value: Encodable>(of value: Value) -> FlagValue? {
        switch value {
        case let flag as Bool: return .bool(flag)
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let number as Double: return .double(number)
        default:
            guard let data = try? JSONEncoder().encode(value) else { return nil }
            return FlagJSON.parse(data)
        }
    }
}
#endif
