import FlaggenJSON

/// How the server seeds write a flag's values and rules as JSON. The canonical seed, the
/// PostgreSQL seed (its `jsonb` columns) and the Firebase template (its JSON parameters) share
/// these shapes, so a rule means the same thing in every seed.
enum CanonicalSeedValue {
    /// Writes the value as JSON: bools, strings and numbers as themselves, json flags as their
    /// object.
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

    /// Writes the flag's rules, first match wins: the manifest holds at most one (its
    /// `rollout`), with `platforms`, `minAppVersion` (SemVer text or null), `basisPoints` and
    /// `value`.
    static func writeRules(of flag: FlagDefinition, to json: inout JSONStreamWriter) throws {
        json.beginArray()
        if let rollout = flag.rollout {
            // Keys in JSONWriter's order.
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
}
