import Foundation

/// Forced values for QA, in any build whose code sets `overridesEnabled` (docs/runtime.md shows
/// a QA build doing so). They live in memory only. Views taken afterwards read them; open views
/// keep theirs, except kill switches, which change at once.
extension FlagStore {
    /// Whether forced values are allowed; `false` unless the app sets it. Setting it to `false`
    /// removes every forced value.
    public var overridesEnabled: Bool {
        get { overridesAllowed }
        set {
            overridesAllowed = newValue
            if !newValue { removeAllOverrides() }
            notifyChange()
        }
    }

    /// Every forced value, by flag key.
    public var overrides: [String: FlagValue] { forcedValues }

    /// Forces `flag` to read `value`; does nothing unless `overridesEnabled`.
    public func overrideValue<Value: Encodable>(_ value: Value, for flag: Flag<Value>) {
        guard let encoded = Self.flagValue(of: value) else { return }
        overrideValue(encoded, forKey: flag.key)
    }

    /// Forces the flag `key` to read `value`, as if the server had sent it (a value of the wrong
    /// type makes the flag read its default, as it would from a server); does nothing unless
    /// `overridesEnabled`.
    public func overrideValue(_ value: FlagValue, forKey key: String) {
        guard overridesAllowed else { return }
        changingForcedValues { forcedValues[key] = value }
    }

    /// Stops forcing `flag`.
    public func removeOverride(for flag: some FlagMetadata) {
        removeOverride(forKey: flag.key)
    }

    /// Stops forcing the flag `key`.
    public func removeOverride(forKey key: String) {
        guard forcedValues[key] != nil else { return }
        changingForcedValues { forcedValues[key] = nil }
    }

    /// Stops forcing every flag.
    public func removeAllOverrides() {
        guard !forcedValues.isEmpty else { return }
        changingForcedValues { forcedValues.removeAll() }
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
