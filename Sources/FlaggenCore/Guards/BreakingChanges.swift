import FlaggenJSON

/// `flaggen breaking` (docs/ci.md): changes between two manifests that break installed apps,
/// which stay in users' hands for months; warnings (errors with `strict`) deserve a second look.
struct BreakingChanges: Sendable {
    /// Report warnings as errors.
    var strict = false

    /// Compares an old and a new manifest. Locations are in the new manifest (`file`); the old
    /// manifest's lines are named in the messages (`oldName`).
    func findings(old: Manifest, new: Manifest, file: String, oldName: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func error(_ message: String, _ location: SourceLocation) {
            findings.append(Diagnostic(.error, message, file: file, at: location))
        }
        func warning(_ message: String, _ location: SourceLocation) {
            findings.append(Diagnostic(strict ? .error : .warning, message, file: file, at: location))
        }
        let newFlags = Dictionary(new.flags.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let flagsStart = new.flags.first?.location ?? .startOfFile
        var structures = ConfigStructures(old: old, new: new)

        for key in old.retired where !new.retired.contains(key) {
            error(
                "retired key '\(key)' was removed from 'retired'; keep it there for good, so the key is never reused while old apps may still read it",
                .startOfFile)
        }

        for oldFlag in old.flags {
            guard let newFlag = newFlags[oldFlag.key] else {
                if !new.retired.contains(oldFlag.key) {
                    error(
                        "flag '\(oldFlag.key)' (line \(oldFlag.location.line) in \(oldName)) was removed without adding its key to 'retired'; add '\(oldFlag.key)' to 'retired' so it is never reused",
                        flagsStart)
                }
                continue
            }
            let lines = "(line \(oldFlag.location.line) in \(oldName), line \(newFlag.location.line) now)"
            if oldFlag.type != newFlag.type
                || oldFlag.configName.map({ structures.old(.config($0)) }) != newFlag.configName.map({ structures.new(.config($0)) }) {
                error(
                    "flag '\(newFlag.key)' changed type from \(oldFlag.typeLabel) to \(newFlag.typeLabel) \(lines); installed apps still read the old type — add a new key with the new type and retire this one",
                    newFlag.location)
            }
            if oldFlag.enumValues == nil, newFlag.enumValues != nil, oldFlag.type == newFlag.type {
                warning(
                    "flag '\(newFlag.key)' now lists its enum values \(lines); new app versions read any other value the server holds as the default — serve only listed values",
                    newFlag.location)
            }
            if let oldValues = oldFlag.enumValues, oldFlag.type == newFlag.type {
                let removed = Self.missing(oldValues, from: newFlag.enumValues ?? oldValues)
                let added = Self.missing(newFlag.enumValues ?? [], from: oldValues)
                if !removed.isEmpty {
                    error(
                        "flag '\(newFlag.key)' lost the enum value\(removed.count == 1 ? "" : "s") \(Self.quotedList(removed)) \(lines); installed apps and servers may still use \(removed.count == 1 ? "it" : "them"), and a new app reads \(removed.count == 1 ? "it" : "them") as the default — keep the value, or add a new flag",
                        newFlag.location)
                }
                if !added.isEmpty {
                    warning(
                        "flag '\(newFlag.key)' gained the enum value\(added.count == 1 ? "" : "s") \(Self.quotedList(added)) \(lines); installed apps do not know \(added.count == 1 ? "it" : "them") and read the default instead — serve \(added.count == 1 ? "it" : "them") only to app versions that do",
                        newFlag.location)
                }
                if newFlag.enumValues == nil {
                    warning(
                        "flag '\(newFlag.key)' no longer lists its enum values \(lines); installed apps read any other value as the default",
                        newFlag.location)
                }
            }
            if oldFlag.killSwitch, !newFlag.killSwitch {
                error(
                    "flag '\(newFlag.key)' is no longer a kill switch \(lines); installed apps read it live to turn a feature off — keep it a kill switch, or add a new flag",
                    newFlag.location)
            }
            if oldFlag.type == newFlag.type, !Self.same(oldFlag.defaultValue, newFlag.defaultValue) {
                warning(
                    "flag '\(newFlag.key)' changed its default \(lines); installed apps keep the old default, so old and new versions behave differently offline",
                    newFlag.location)
            }
            if let oldDate = oldFlag.expires, let newDate = newFlag.expires, newDate > oldDate {
                warning("flag '\(newFlag.key)' had its expiry extended from \(oldDate) to \(newDate) \(lines); make sure the owner plans its removal", newFlag.location)
            }
            if let oldDate = oldFlag.expires, newFlag.expires == nil {
                warning("flag '\(newFlag.key)' no longer expires (it did on \(oldDate)) \(lines); make sure it is meant to live for good", newFlag.location)
            }
            if oldFlag.owner != newFlag.owner {
                warning("flag '\(newFlag.key)' changed owner from '\(oldFlag.owner)' to '\(newFlag.owner)' \(lines)", newFlag.location)
            }
        }

        let oldConfigs = old.configsByName
        for config in new.configs {
            guard let oldConfig = oldConfigs[config.name] else { continue }
            configFindings(old: oldConfig, new: config, oldName: oldName, structures: &structures, error: error, warning: warning)
        }
        return findings.sortedByLocation()
    }

    private func configFindings(
        old: ConfigDefinition, new: ConfigDefinition, oldName: String, structures: inout ConfigStructures,
        error: (_ message: String, _ location: SourceLocation) -> Void, warning: (_ message: String, _ location: SourceLocation) -> Void
    ) {
        let newProperties = Dictionary(new.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for property in old.properties {
            guard let newProperty = newProperties[property.name] else {
                error(
                    "property '\(new.name).\(property.name)' (line \(property.location.line) in \(oldName)) was removed or renamed; installed apps still decode it — keep it, and add new properties beside it",
                    new.location)
                continue
            }
            let sameType = structures.old(property.type) == structures.new(newProperty.type)
            if !sameType {
                error(
                    "property '\(new.name).\(property.name)' changed type from \(property.type) to \(newProperty.type); add a new property instead",
                    newProperty.location)
            }
            if !property.isRequired, newProperty.isRequired {
                error(
                    "property '\(new.name).\(property.name)' became required; configs written for installed apps may lack it — give it a default instead",
                    newProperty.location)
            }
            // Installed apps decode with the rules compiled into them, whatever `version` says.
            if property.isRequired, !newProperty.isRequired {
                error(
                    "property '\(new.name).\(property.name)' is no longer required; installed apps decode it as required, so they refuse every value without it and use the whole default — keep it required, or add a new property beside it",
                    newProperty.location)
            }
            let removed = Self.missing(property.enumValues ?? [], from: newProperty.enumValues ?? property.enumValues ?? [])
            if !removed.isEmpty {
                error(
                    "property '\(new.name).\(property.name)' lost the enum value\(removed.count == 1 ? "" : "s") \(Self.quotedList(removed)); installed apps may still send or expect \(removed.count == 1 ? "it" : "them")",
                    newProperty.location)
            } else if sameType {
                let accepted = Self.acceptance(of: newProperty)
                let changed = Self.acceptance(of: property).filter { aspect, value in !Self.same(value, accepted[aspect] ?? "") }
                let rules = changed.keys.filter { $0 != "default" }.sorted()
                if !rules.isEmpty {
                    warning(
                        "property '\(new.name).\(property.name)' changed what it accepts (\(rules.joined(separator: ", "))); installed apps check values with the rules built into them and use the whole default for a config they refuse — serve values both accept until they are gone",
                        newProperty.location)
                }
                if changed["default"] != nil {
                    warning(
                        "property '\(new.name).\(property.name)' changed its default; installed apps fill in the old default where a value leaves it out — write it in the values you serve",
                        newProperty.location)
                }
            }
        }
        let oldNames = Set(old.properties.map(\.name))
        for property in new.properties where !oldNames.contains(property.name) && property.isRequired {
            error(
                "new property '\(new.name).\(property.name)' is required; configs written before it existed lack it (a default does not excuse a required property) — make it optional",
                property.location)
        }
        if structures.old(.config(old.name)) != structures.new(.config(new.name)), new.version <= old.version {
            error(
                "config '\(new.name)' changed shape but its version stayed \(new.version) (line \(old.location.line) in \(oldName)); raise 'version' so servers and apps can tell the shapes apart",
                new.location)
        }
    }

    /// Everything about a config that its JSON Schema expresses, for "did the shape change", in
    /// no order (properties and enum values reordered are the same shape), with each property's
    /// type written by `type` (``ConfigStructures`` writes a config by its structure).
    static func shape(of config: ConfigDefinition, type: (PropertyType) -> String) -> [String] {
        config.properties.map { property in
            ([property.name, type(property.type), property.isRequired ? "required" : "optional"]
                + acceptance(of: property).sorted { $0.key < $1.key }.map(\.value)).joined(separator: ";")
        }.sorted() + ["additionalProperties=\(config.additionalProperties)"]
    }

    /// What a property accepts besides its type, and its default, by aspect; values as JSON with
    /// sorted keys (a dictionary's description follows its order), enum values sorted.
    static func acceptance(of property: ConfigProperty) -> [String: String] {
        [
            "enum": (property.enumValues ?? []).sorted().joined(separator: "|"),
            "minimum": property.minimum.map(ValidatedJSON.compact) ?? "",
            "maximum": property.maximum.map(ValidatedJSON.compact) ?? "",
            "maxLength": property.maxLength.map(String.init) ?? "",
            "default": property.defaultValue.map(ValidatedJSON.compact) ?? "",
        ]
    }

    /// The values of `values` that `others` lacks, compared code point for code point as
    /// installed apps compare them (Swift's `==` takes `café` in two normalizations as one).
    private static func missing(_ values: [String], from others: [String]) -> [String] {
        values.filter { value in !others.contains { same($0, value) } }
    }

    /// Equal text, code point for code point.
    private static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    private static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    /// Equal manifest values, their strings code point for code point.
    private static func same(_ a: ManifestValue, _ b: ManifestValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return same(x, y)
        case (.json(let x), .json(let y)): return same(ValidatedJSON.compact(x), ValidatedJSON.compact(y))
        default: return a == b
        }
    }

    /// `'a', 'b'`, for messages.
    private static func quotedList(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// Property types as installed apps read them, for both manifests at once: a config is the JSON
/// it reads (``BreakingChanges/shape(of:type:)``, its own configs included the same way), not its
/// name, so a config renamed without another change is the same type. Each structure gets a
/// number, shared by the two manifests and kept per config, so configs nested in each other
/// twice at every level cost no more than the configs themselves. A config met again while its
/// own structure is being written (a recursive tree) is written by name.
struct ConfigStructures {
    /// One manifest's configs, and what each is written as once known.
    private struct Side {
        let configs: [String: ConfigDefinition]
        var written: [String: String] = [:]
    }

    private var oldSide: Side
    private var newSide: Side
    /// A structure's text (compared byte for byte: Swift's `==` takes two normalizations of `é`
    /// as one) to its number.
    private var numbers: [[UInt8]: Int] = [:]

    init(old: Manifest, new: Manifest) {
        oldSide = Side(configs: old.configsByName)
        newSide = Side(configs: new.configsByName)
    }

    /// `type` in the old manifest, as apps read it.
    mutating func old(_ type: PropertyType) -> String {
        text(type, in: \.oldSide, open: [])
    }

    /// `type` in the new manifest, as apps read it.
    mutating func new(_ type: PropertyType) -> String {
        text(type, in: \.newSide, open: [])
    }

    private mutating func text(_ type: PropertyType, in side: WritableKeyPath<ConfigStructures, Side>, open: Set<String>) -> String {
        switch type {
        case .array(let item):
            return "[" + text(item, in: side, open: open) + "]"
        case .config(let name):
            if let known = self[keyPath: side].written[name] { return known }
            guard let config = self[keyPath: side].configs[name], !open.contains(name) else { return "config " + name }
            let inner = open.union([name])
            let shape = BreakingChanges.shape(of: config) { text($0, in: side, open: inner) }
            let key = Array(shape.joined(separator: "\n").utf8)
            let number = numbers[key] ?? numbers.count
            numbers[key] = number
            self[keyPath: side].written[name] = "#\(number)"
            return "#\(number)"
        default:
            return type.description
        }
    }
}
