import FlaggenJSON

/// A rollout as flagd targeting: a JsonLogic rule that names the variant to serve.
///
/// ```json
/// {"if": [
///   {"and": [
///     {"in": [{"var": "platform"}, ["ios", "android"]]},
///     {"var": "appVersion"},
///     {"sem_ver": [{"var": "appVersion"}, ">=", "2.4.0"]}
///   ]},
///   {"fractional": [["on", 1000], ["off", 9000]]},
///   null
/// ]}
/// ```
///
/// - The gates come first: `platform` must be one of the rollout's platforms, and
///   `appVersion` must be present and at least `minAppVersion` (build metadata dropped, as it
///   has no precedence). A request that fails a gate gets `null`, so flagd serves the
///   `defaultVariant`.
/// - `fractional` splits the requests that pass by basis points: weights `[served, bp]` and
///   `[default, 10000 - bp]`, so 0 and 100 percent are exact. It hashes the flag key and the
///   targeting key with MurmurHash3, so its buckets differ from flaggen's SHA-256 buckets; a
///   request without a targeting key gets the default variant.
/// - At 100 percent there is no `fractional`: every request that passes the gates is in, with
///   or without a targeting key.
/// - Without gates, the rule is the `fractional` alone (or, at 100 percent, `if true`).
///
/// The rule is written straight to JSON, with no ``JSONValue`` built on the way.
struct FlagdTargeting {
    /// The context attribute that holds the platform, `ios` or `android`.
    static let platformAttribute: StaticString = "platform"
    /// The context attribute that holds the app version, Semantic Versioning.
    static let appVersionAttribute: StaticString = "appVersion"
    /// What the metadata says about buckets when the rule uses `fractional`.
    static let bucketingNote =
        "flagd fractional: MurmurHash3 of flag key + targeting key; not the same buckets as flaggen's SHA-256 (flaggen bucket)"

    /// Basis points that mean everyone: 100 percent.
    static let everyone = 10_000

    /// The rollout the rule serves.
    let rollout: Rollout
    /// The variant a request the rollout serves gets.
    let servedVariant: StaticString
    /// The variant the other requests get.
    let defaultVariant: StaticString

    /// The rule for a rollout that serves `servedVariant` and otherwise `defaultVariant`.
    init(rollout: Rollout, servedVariant: StaticString, defaultVariant: StaticString) {
        self.rollout = rollout
        self.servedVariant = servedVariant
        self.defaultVariant = defaultVariant
    }

    /// True when the rule splits requests with `fractional` (below 100 percent).
    var usesFractional: Bool { rollout.basisPoints < Self.everyone }

    /// Writes the JsonLogic rule as a value (the bytes ``JSONStreamWriter/value(_:)`` gives
    /// the rule as a ``JSONValue``; every object here has one key).
    func write(to json: inout JSONStreamWriter) {
        let hasPlatformGate = !rollout.platforms.isEmpty
        let hasVersionGate = rollout.minAppVersion != nil
        guard hasPlatformGate || hasVersionGate else {
            if usesFractional {
                writeServed(to: &json)
            } else {
                json.beginObject()
                json.key("if")
                json.beginArray()
                json.bool(true)
                writeServed(to: &json)
                json.null()
                json.endArray()
                json.endObject()
            }
            return
        }
        json.beginObject()
        json.key("if")
        json.beginArray()
        // One gate stands alone; the version gate is two tests, so more than one go in an `and`.
        if hasVersionGate {
            json.beginObject()
            json.key("and")
            json.beginArray()
            writeGates(to: &json)
            json.endArray()
            json.endObject()
        } else {
            writeGates(to: &json)
        }
        writeServed(to: &json)
        json.null()
        json.endArray()
        json.endObject()
    }

    /// The tests a request must pass, as elements of the open array.
    private func writeGates(to json: inout JSONStreamWriter) {
        if !rollout.platforms.isEmpty {
            json.beginObject()
            json.key("in")
            json.beginArray()
            writeVariable(Self.platformAttribute, to: &json)
            json.beginArray()
            for platform in rollout.platforms { json.string(platform.rawValue) }
            json.endArray()
            json.endArray()
            json.endObject()
        }
        if var version = rollout.minAppVersion {
            version.build = []
            // The presence test keeps a request without a version out without asking sem_ver
            // to parse a missing value.
            writeVariable(Self.appVersionAttribute, to: &json)
            json.beginObject()
            json.key("sem_ver")
            json.beginArray()
            writeVariable(Self.appVersionAttribute, to: &json)
            json.string(">=")
            json.string(version.description)
            json.endArray()
            json.endObject()
        }
    }

    /// What a request that passes the gates gets: the served variant, or a `fractional` split.
    private func writeServed(to json: inout JSONStreamWriter) {
        guard usesFractional else {
            json.string(servedVariant)
            return
        }
        json.beginObject()
        json.key("fractional")
        json.beginArray()
        json.beginArray()
        json.string(servedVariant)
        json.int(rollout.basisPoints)
        json.endArray()
        json.beginArray()
        json.string(defaultVariant)
        json.int(Self.everyone - rollout.basisPoints)
        json.endArray()
        json.endArray()
        json.endObject()
    }

    /// `{"var": name}`.
    private func writeVariable(_ name: StaticString, to json: inout JSONStreamWriter) {
        json.beginObject()
        json.key("var")
        json.string(name)
        json.endObject()
    }
}
