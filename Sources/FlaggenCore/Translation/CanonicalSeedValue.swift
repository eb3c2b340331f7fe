import FlaggenJSON

/// How the server seeds write a flag's values and rules as JSON. The canonical seed, the
/// PostgreSQL seed (its `jsonb` columns) and the Firebase template (its JSON parameters) share
/// these shapes, so a rule means the same thing in every seed.
enum CanonicalSeedValue {
    /// The value as JSON: bools, strings and numbers as themselves, json flags as their object.
    static func json(_ value: FlagValue) -> JSONValue {
        switch value {
        case .bool(let flag): .bool(flag)
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .json(let document): document
        }
    }

    /// Writes the value as ``json(_:)`` makes it.
    static func write(_ value: FlagValue, to json: inout JSONStreamWriter) throws {
        switch value {
        case .bool(let flag): json.bool(flag)
        case .string(let text): json.string(text)
        case .int(let number): json.int(number)
        case .double(let number): try json.double(number)
        case .json(let document): try json.value(document)
        }
    }

    /// The platforms a rule applies to. A rollout that names none applies to every platform,
    /// so the seed lists them all: a server never has to know that "empty" means "all".
    static func platforms(of rollout: Rollout) -> [Platform] {
        rollout.platforms.isEmpty ? Platform.allCases : rollout.platforms
    }

    /// One rule: `platforms`, `minAppVersion` (SemVer text or null), `basisPoints`, `value`.
    static func rule(_ rollout: Rollout) -> JSONValue {
        .object([
            "platforms": .array(platforms(of: rollout).map { .string($0.rawValue) }),
            "minAppVersion": rollout.minAppVersion.map { .string($0.description) } ?? .null,
            "basisPoints": .int(rollout.basisPoints),
            "value": json(rollout.value),
        ])
    }

    /// The flag's rules, first match wins. The manifest holds at most one (its `rollout`).
    static func rules(of flag: FlagDefinition) -> JSONValue {
        .array(flag.rollout.map { [rule($0)] } ?? [])
    }

    /// Writes ``rules(of:)`` straight to `json`, without building the value. A value that
    /// cannot be written leaves part of the rules behind (see ``JSONStreamWriter``).
    static func writeRules(of flag: FlagDefinition, to json: inout JSONStreamWriter) throws {
        json.beginArray()
        if let rollout = flag.rollout {
            // Keys in JSONWriter's order, as `rule(_:)` has them written.
            json.beginObject()
            json.key("basisPoints")
            json.int(rollout.basisPoints)
            json.key("minAppVersion")
            json.string(orNull: rollout.minAppVersion?.description)
            json.key("platforms")
            json.beginArray()
            for platform in platforms(of: rollout) { json.string(platform.rawValue) }
            json.endArray()
            json.key("value")
            try write(rollout.value, to: &json)
            json.endObject()
        }
        json.endArray()
    }

    /// Whether ``write(_:to:)`` cannot fail for `value`: it is no config object and no
    /// infinite or NaN double.
    static func isPlain(_ value: FlagValue) -> Bool {
        switch value {
        case .bool, .string, .int: true
        case .double(let number): number.isFinite
        case .json: false
        }
    }
}
