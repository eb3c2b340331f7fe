import FlaggenJSON

/// How the server seeds write a flag's values and rules as JSON. The canonical seed, the
/// PostgreSQL seed (its `jsonb` columns) and the Firebase template (its JSON parameters) share
/// these shapes, so a rule means the same thing in every seed.
enum CanonicalSeedValue {
    /// The value as JSON: bools, strings and numbers as themselves, json flags as their object.
    static func json(_ value: ManifestValue) -> JSONValue {
        switch value {
        case .bool(let flag): .bool(flag)
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .json(let document): document
        }
    }

    /// The platforms a rule applies to. A rollout that names none applies to every platform,
    /// so the seed lists them all: a server never has to know that "empty" means "all".
    static func platforms(of rollout: Rollout) -> [Platform] {
        rollout.platforms.isEmpty ? Platform.allCases : rollout.platforms
    }

    /// The flag's rules, first match wins: the manifest holds at most one (its `rollout`), with
    /// `platforms`, `minAppVersion` (SemVer text or null), `basisPoints` and `value`.
    static func rules(of flag: FlagDefinition) -> JSONValue {
        guard let rollout = flag.rollout else { return [] }
        return [
            .object([
                "basisPoints": .int(rollout.basisPoints),
                "minAppVersion": rollout.minAppVersion.map { .string($0.description) } ?? .null,
                "platforms": .array(platforms(of: rollout).map { .string($0.rawValue) }),
                "value": json(rollout.value),
            ])
        ]
    }
}
