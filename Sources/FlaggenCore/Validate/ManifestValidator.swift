import FlaggenArguments
import FlaggenJSON

/// The outcome of reading and validating a manifest: the manifest when it is valid, and every
/// diagnostic found either way.
public struct ValidationResult: Sendable {
    /// The manifest, or nil when any error was found.
    public var manifest: Manifest?
    /// Errors and warnings, sorted by position.
    public var diagnostics: [Diagnostic]
}

/// Turns `flags.yaml` bytes into a ``Manifest``, reporting every problem in one run.
///
/// The rules are documented in docs/manifest.md; each has a test with a bad manifest.
struct ManifestValidator: Sendable {
    /// Whether to check what the manifest's outputs can express (``OutputRules``), as every
    /// command does but `breaking` for the manifest it compares against: what an old manifest's
    /// seeds could hold does not change what installed apps read.
    var checksOutputRules = true
    /// Whether the result keeps the manifest as far as it reads when there are errors, as
    /// `breaking` does for the manifest it compares against: a pull request cannot fix the
    /// base, which a newer flaggen's rules may refuse.
    var keepsManifestWithErrors = false
    /// Whether NEL, LS and PS read as line breaks, as before flaggen refused them: `breaking`
    /// reads the manifest it compares against so, or the pull request that removes one would be
    /// compared with nothing.
    var acceptsUnicodeLineBreaks = false

    /// Parses and validates manifest bytes. `file` is the path printed in diagnostics.
    func validate(_ bytes: [UInt8], file: String) -> ValidationResult {
        let document = YAMLParser(acceptsUnicodeLineBreaks: acceptsUnicodeLineBreaks).parse(bytes)
        guard let tree = document.tree else {
            var diagnostics = document.problems.map { Diagnostic(.error, $0.message, file: file, at: $0.location) }
            if document.problems.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, "the file holds no YAML document (only comments or blank lines); a manifest starts with 'version: 1'",
                        file: file, at: .startOfFile))
            }
            return ValidationResult(manifest: nil, diagnostics: diagnostics.sortedByLocation())
        }
        let context = ValidationContext(file: file, tree: tree)
        for problem in document.problems { context.error(problem.message, at: problem.location) }
        let manifest = ManifestReader(context: context).read(tree.root)
        if checksOutputRules, let manifest {
            OutputRules(context: context, nodes: ManifestNodes(tree: context.tree)).check(manifest)
        }
        return ValidationResult(
            manifest: context.hasErrors && !keepsManifestWithErrors ? nil : manifest,
            diagnostics: context.diagnostics.sortedByLocation())
    }
}

/// One validation pass over a parsed document.
private struct ManifestReader {
    typealias Node = YAMLTree.NodeID

    let context: ValidationContext

    private var tree: YAMLTree { context.tree }

    func read(_ root: Node) -> Manifest? {
        guard let fields = context.fields(of: root, in: "the manifest", as: TopLevelField.self) else { return nil }

        if let node = fields[.version] {
            if let version = context.int(node, "'version'"), version != 1 {
                context.error("manifest version \(version) is not supported; this flaggen reads 'version: 1'", at: tree.location(node))
            }
        } else {
            context.error("the manifest needs 'version: 1' at the top", at: tree.location(root))
        }

        var name = "Flags"
        if let node = fields[.name], let value = context.string(node, "'name'") {
            if !ConfigValidation.isTypeName(value) {
                context.error("'name' must be an UpperCamelCase type name such as Flags, found '\(value)'", at: tree.location(node))
            } else if Identifiers.reservedTypeNames.contains(value) || Identifiers.reservedNamespaceNames.contains(value) {
                context.error("'name' \(value) clashes with a type the generated code uses; pick another name, such as AppFlags", at: tree.location(node))
            } else if Identifiers.isKotlinHolderName(value) {
                context.error(
                    "'name' \(value) clashes with the objects that hold the flags in the generated Kotlin ('Part' followed by digits); pick another name, such as AppFlags",
                    at: tree.location(node))
            } else {
                name = value
            }
        }

        var kotlinPackage = "flags"
        if let node = fields[.kotlinPackage], let value = context.string(node, "'kotlinPackage'") {
            if let problem = Self.kotlinPackageProblem(value) {
                context.error("'kotlinPackage' \(problem)", at: tree.location(node))
            } else {
                kotlinPackage = value
            }
        }

        var swiftAccess = SwiftAccess.public
        if let node = fields[.swiftAccess], let value = context.string(node, "'swiftAccess'") {
            if let access = SwiftAccess(rawValue: value) {
                swiftAccess = access
            } else {
                context.error(
                    "'swiftAccess' must be public (the default, for a module others import) or internal (for an app of one module), found '\(value)'",
                    at: tree.location(node))
            }
        }

        let retired = readRetired(fields[.retired])
        let outputs = readOutputs(fields[.outputs], manifestName: context.file.split(separator: "/").last.map(String.init) ?? context.file)
        var templates = fields[.templates].flatMap { context.nonEmptyString($0, "'templates'") }
        if let path = templates, let node = fields[.templates], OutputPathRules.isAbsolute(path) {
            context.error(
                "'templates' must not be an absolute path ('\(path)'): a manifest names a folder inside its repository, relative to the manifest's folder; give an absolute folder on the command line with --templates",
                at: tree.location(node))
            templates = nil
        }
        let (configs, configsByName) = ConfigValidation(context: context).read(fields[.configs])
        if let clash = configsByName[name] {
            context.error("a config is named '\(name)', the name of the generated flags type; rename one of them", at: clash.location)
        }
        let flags = readFlags(fields[.flags], root: root, retired: retired.locations, configs: configsByName)

        return Manifest(
            name: name, kotlinPackage: kotlinPackage, swiftAccess: swiftAccess, retired: retired.keys, outputs: outputs,
            templates: templates, templatesLocation: fields[.templates].map { tree.location($0) }, flags: flags, configs: configs)
    }

    // MARK: - Top-level fields

    static func kotlinPackageProblem(_ value: String) -> String? {
        let segments = value.split(separator: ".", omittingEmptySubsequences: false)
        // kotlinc refuses a package in `kotlin`; the JVM refuses to load one in `java`.
        if let first = segments.first, first == "kotlin" || first == "java" {
            return "starts with '\(first)', which only the Kotlin and Java standard libraries may use; pick another package name, such as com.example.flags"
        }
        for segment in segments {
            guard let first = segment.unicodeScalars.first, ("a"..."z").contains(first),
                segment.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
            else {
                return "must be dot-separated lowercase names such as com.example.flags, found '\(value)'"
            }
            if Identifiers.kotlinKeywords.contains(String(segment)) {
                return "has the segment '\(segment)', a Kotlin keyword; pick another package name"
            }
        }
        return nil
    }

    /// The retired keys in order, and where each is listed.
    private func readRetired(_ node: Node?) -> (keys: [String], locations: [String: SourceLocation]) {
        guard let node, let items = context.list(node, "'retired'") else { return ([], [:]) }
        var keys: [String] = []
        var locations: [String: SourceLocation] = [:]  // a list scanned per key is quadratic
        for item in items {
            guard let key = context.string(item, "a retired key") else { continue }
            if !Self.isFlagKey(key) {
                context.error("retired key '\(key)' is not a flag key (lowercase letters, digits and '_', starting with a letter)", at: tree.location(item))
            } else if let first = locations[key] {
                context.error("'\(key)' is listed twice in 'retired' (first at line \(first.line)); remove one", at: tree.location(item))
            } else {
                keys.append(key)
                locations[key] = tree.location(item)
            }
        }
        return (keys, locations)
    }

    private func readOutputs(_ node: Node?, manifestName: String) -> OutputPaths {
        var outputs = OutputPaths()
        guard let node, let fields = context.fields(of: node, in: "'outputs'", as: OutputField.self) else { return outputs }
        outputs.location = tree.location(node)
        // Outputs left at their defaults claim their default paths too.
        var claimed: [String: String] = [:]
        let defaults = OutputPaths()
        for (field, path) in [(OutputField.swift, defaults.swift ?? ""), (.kotlin, defaults.kotlin), (.schemas, defaults.schemas), (.seeds, defaults.seeds)]
        where fields[field] == nil {
            claimed[LexicalPath.standardized(path).lowercased()] = field.name
        }
        if let serversNode = fields[.servers] { outputs.locations[.servers] = tree.location(serversNode) }
        if let serversNode = fields[.servers], let items = context.list(serversNode, "outputs.servers") {
            let servers: [SeedServer] = knownValues(
                items, "server", in: "outputs.servers", each: "a server in outputs.servers",
                use: SeedServer.allCases.map(\.rawValue).joined(separator: ", "))
            outputs.servers = SeedServer.allCases.filter(servers.contains)
        }
        for field in [OutputField.swift, .kotlin, .kotlinRuntime, .schemas, .seeds] {
            guard let valueNode = fields[field] else { continue }
            // Only the Swift can be left out of a manifest: every other output is a path.
            if field != .swift, case .bool = tree.plainMeaning(valueNode) {
                context.error(
                    "outputs.\(field.name) must be a path; only outputs.swift can be false (to leave the Swift to the build plugin), and 'flaggen generate --only' picks the outputs a run writes",
                    at: tree.location(valueNode))
                continue
            }
            // `swift: false`: the build plugin makes the Swift, so nothing else writes it.
            if field == .swift, case .bool(let on) = tree.plainMeaning(valueNode) {
                if on {
                    context.error("outputs.swift must be a path, or false to leave the Swift to the build plugin; found true", at: tree.location(valueNode))
                } else {
                    outputs.swift = nil
                }
                continue
            }
            guard let path = context.nonEmptyString(valueNode, "outputs.\(field.name)") else { continue }
            let valueLocation = tree.location(valueNode)
            outputs.locations[field] = valueLocation
            if let problem = OutputPathRules.problem(with: path, fileName: [.swift: "Flags.swift", .kotlin: "Flags.kt", .kotlinRuntime: "FlagStore.kt"][field]) {
                context.error("outputs.\(field.name) \(problem)", at: valueLocation)
                continue
            }
            // `..` is read in the text (`x/../y` is `y`), as every check of the paths reads it,
            // so no output is written through a folder that may not exist.
            let standardized = LexicalPath.standardized(path)
            // Paths that differ only by case name one file on macOS.
            let normalized = standardized.lowercased()
            if normalized == manifestName.lowercased() {
                context.error("outputs.\(field.name) names the manifest itself; pick another path", at: valueLocation)
                continue
            }
            if normalized.hasPrefix(manifestName.lowercased() + "/") {
                context.error("outputs.\(field.name) leads inside the manifest \(manifestName), which is a file, not a folder; pick another path", at: valueLocation)
                continue
            }
            if let other = claimed[normalized] {
                context.error("outputs.\(field.name) and outputs.\(other) both name '\(path)'; give each output its own path", at: valueLocation)
                continue
            }
            claimed[normalized] = field.name
            let written = standardized.isEmpty ? "." : standardized
            switch field {
            case .swift: outputs.swift = written
            case .kotlin: outputs.kotlin = written
            case .kotlinRuntime: outputs.kotlinRuntime = written
            case .schemas: outputs.schemas = written
            case .seeds, .servers: outputs.seeds = written
            }
        }
        let support = Generator.kotlinSupportPath(forKotlinFile: LexicalPath.standardized(outputs.kotlin))
        if let runtime = outputs.kotlinRuntime, LexicalPath.standardized(runtime).lowercased() == support.lowercased(), let node = fields[.kotlinRuntime] {
            context.error("outputs.kotlinRuntime names \(support), the support file flaggen writes beside the Kotlin output; use another name, such as FlagStore.kt", at: tree.location(node))
            outputs.kotlinRuntime = nil
        }
        return outputs
    }

    // MARK: - Flags

    /// `[a-z][a-z0-9_]*`. Checked on UTF-8 bytes: any other character has bytes outside these.
    static func isFlagKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, first.isASCIILowercase else { return false }
        return key.utf8.allSatisfy { $0.isASCIILowercase || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    }

    private func readFlags(
        _ node: Node?, root: Node, retired: [String: SourceLocation], configs: [String: ConfigDefinition]
    ) -> [FlagDefinition] {
        guard let node else {
            context.error("the manifest needs 'flags': a mapping from flag keys to flags", at: tree.location(root))
            return []
        }
        guard tree.kind(node) == .mapping else {
            context.error("'flags' must be a mapping from flag keys to flags, found \(tree.kindDescription(node))", at: tree.location(node))
            return []
        }
        let entries = tree.entries(node)
        if entries.count > InputLimits.maxFlags {
            context.error("the manifest has \(entries.count) flags, more than the limit of \(InputLimits.maxFlags); split it", at: tree.location(node))
            return []
        }
        // The key (its node) that took each Swift name first.
        var swiftNameOwners: [String: Node] = [:]
        var flags: [FlagDefinition] = []
        for entry in entries {
            // The key and the names it becomes, then the flag.
            let key = tree.text(entry.key)
            let location = tree.location(entry.key)
            if !Self.isFlagKey(key) {
                context.error(
                    "flag key '\(key)' must be lowercase letters, digits and '_', starting with a letter (like new_checkout)",
                    at: location)
            } else {
                checkNames(of: key, node: entry.key, at: location, owners: &swiftNameOwners)
            }
            if let old = retired[key] {
                context.error(
                    "flag key '\(key)' is retired (listed in 'retired' at line \(old.line)); retired keys are never reused, because installed apps may still read them; pick a new key",
                    at: location)
            }
            if let flag = readFlag(entry, key: key, configs: configs) { flags.append(flag) }
        }
        return flags
    }

    /// Two keys must not become the same Swift or Kotlin name, nor a generated member's name.
    /// `key` is valid, `node` is its node, and `owners` holds the key that took each Swift name
    /// first.
    private func checkNames(of key: String, node: Node, at location: SourceLocation, owners: inout [String: Node]) {
        // A valid key's Swift name drops each `_` and capitalizes the letter after it; its Kotlin
        // name capitalizes the first letter too. So keys share a Kotlin name exactly when they
        // share a Swift name, and one check of the Swift name covers both.
        let swiftName = Identifiers.lowerCamel(key)
        let kotlinName = Identifiers.upperCamel(key)
        if Identifiers.reservedSwiftMembers.contains(swiftName) {
            context.error("flag key '\(key)' becomes the Swift name '\(swiftName)', which the generated code already uses; pick another key", at: location)
        } else if Identifiers.reservedKotlinMembers.contains(kotlinName) {
            context.error("flag key '\(key)' becomes the Kotlin name '\(kotlinName)', which Kotlin reserves; pick another key", at: location)
        } else if Identifiers.isKotlinHolderName(kotlinName) {
            context.error(
                "flag key '\(key)' becomes the Kotlin name '\(kotlinName)', which the generated Kotlin uses for the objects that hold the flags ('Part' followed by digits); pick another key",
                at: location)
        }
        if let other = owners[swiftName] {
            context.error("flag keys '\(tree.text(other))' and '\(key)' both become the Swift name '\(swiftName)'; rename one", at: location)
        } else {
            owners[swiftName] = node
        }
    }

    private func readFlag(_ entry: YAMLTree.Entry, key: String, configs: [String: ConfigDefinition]) -> FlagDefinition? {
        let keyLocation = tree.location(entry.key)
        // Built only for a message: most flags have nothing to report.
        func what() -> String { "flag '\(key)'" }
        guard let fields = context.fields(of: entry.value, in: what(), as: FlagField.self) else { return nil }
        let errorsBefore = context.diagnostics.count

        var type: FlagType?
        if let node = fields[.type] {
            if let text = context.string(node, "the type of \(what())") {
                type = FlagType(rawValue: text)
                if type == nil {
                    let hint = context.suggestion(for: text, among: FlagType.allCases.map(\.rawValue), count: FlagType.allCases.count).map { " (did you mean '\($0)'?)" } ?? ""
                    context.error("\(what()) has unknown type '\(text)'; use bool, string, int, double or json\(hint)", at: tree.location(node))
                }
            }
        } else {
            context.error("\(what()) needs a 'type': bool, string, int, double or json", at: keyLocation)
        }

        var config: ConfigDefinition?
        if let node = fields[.schema] {
            if let name = context.string(node, "the schema of \(what())") {
                if type != nil, type != .json {
                    context.error("only json flags take a 'schema'; \(what()) is \(type?.rawValue ?? "")", at: tree.location(node))
                } else if let found = configs[name] {
                    config = found
                } else {
                    var message = "\(what()) names the config '\(name)', which is not defined under 'configs'"
                    if let suggestion = context.suggestion(for: name, among: configs.keys.sorted(), count: configs.count) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    context.error(message, at: tree.location(node))
                }
            }
        } else if type == .json {
            context.error("\(what()) is json and needs 'schema': the name of a config under 'configs'", at: keyLocation)
        }

        var enumValues: [String]?
        if let node = fields[.enumValues] {
            if let type, type != .string {
                context.error("'enum' applies only to string flags; \(what()) is \(type.rawValue)", at: tree.location(node))
            } else {
                enumValues = context.enumValues(node, "'enum' of \(what())")
            }
        }

        var owner = ""
        if let node = fields[.owner] {
            owner = context.nonEmptyString(node, "the owner of \(what())") ?? ""
        } else {
            context.error("\(what()) needs an 'owner': the team that answers for it", at: keyLocation)
        }

        var kind = FlagKind.release
        // A kind that cannot be read says nothing about expiry: no second error about 'expires'.
        var kindUnknown = false
        if let node = fields[.kind] {
            if let text = context.string(node, "the kind of \(what())") {
                if let found = FlagKind(rawValue: text) {
                    kind = found
                } else {
                    let hint = context.suggestion(for: text, among: FlagKind.allCases.map(\.rawValue), count: FlagKind.allCases.count).map { " (did you mean '\($0)'?)" } ?? ""
                    context.error(
                        "\(what()) has unknown kind '\(text)'; use release, experiment, operational or permission\(hint)", at: tree.location(node))
                    kindUnknown = true
                }
            } else {
                kindUnknown = true
            }
        }

        let killSwitchValue = fields[.killSwitch].flatMap { context.bool($0, "killSwitch of \(what())") }
        let killSwitch = killSwitchValue ?? false
        // An unreadable killSwitch was reported already; do not add a second error about expiry.
        let killSwitchUnknown = fields[.killSwitch] != nil && killSwitchValue == nil
        if killSwitch, let type, type != .bool {
            context.error("\(what()) is a kill switch, so its type must be bool, not \(type.rawValue)", at: fields.keyLocation(.killSwitch))
        }

        var expires: ISODate?
        if let node = fields[.expires] {
            if killSwitch {
                context.error("\(what()) is a kill switch, and kill switches never expire; remove 'expires'", at: tree.location(node))
            } else {
                expires = context.date(node, "the expiry of \(what())")
            }
        } else if !killSwitch, !killSwitchUnknown, !kindUnknown, kind != .permission {
            context.error(
                "\(what()) needs 'expires: YYYY-MM-DD', the day it should be gone (only kill switches and kind: permission flags live forever)",
                at: keyLocation)
        }

        let description = fields[.description].flatMap { context.string($0, "the description of \(what())") }
        let deprecated = fields[.deprecated].flatMap { context.nonEmptyString($0, "the deprecation message of \(what())") }

        var defaultValue: ManifestValue?
        if let node = fields[.defaultValue] {
            if let type {
                defaultValue = value(
                    node, type: type, config: config, configs: configs, enumValues: enumValues, what: "the default of \(what())")
            }
        } else {
            context.error("\(what()) needs a 'default': the value apps use when nothing else is known", at: keyLocation)
        }

        var rollout: Rollout?
        if let node = fields[.rollout], let type {
            rollout = readRollout(node, type: type, config: config, configs: configs, enumValues: enumValues, flag: what())
        }

        guard context.diagnostics.count == errorsBefore, let type, let defaultValue else { return nil }
        return FlagDefinition(
            key: key, type: type, configName: config?.name, enumValues: enumValues, defaultValue: defaultValue, owner: owner,
            expires: expires, kind: kind, killSwitch: killSwitch, description: description, deprecated: deprecated, rollout: rollout,
            location: keyLocation)
    }

    private func value(
        _ node: Node, type: FlagType, config: ConfigDefinition?, configs: [String: ConfigDefinition], enumValues: [String]?,
        what: @autoclosure () -> String
    ) -> ManifestValue? {
        switch type {
        case .bool: return context.bool(node, what()).map(ManifestValue.bool)
        case .string:
            guard let text = context.string(node, what()) else { return nil }
            if let enumValues, EnumCases.position(of: text, in: enumValues) == nil {
                return context.refuse(
                    "\(what()) is '\(text)', not one of its 'enum' values: \(enumValues.joined(separator: ", "))", at: tree.location(node))
            }
            return .string(text)
        case .int: return context.int(node, what()).map(ManifestValue.int)
        case .double: return context.double(node, what()).map(ManifestValue.double)
        case .json:
            guard let config else { return nil }
            return ConfigValidation(context: context).value(of: config, node, configs: configs, what: what()).map(ManifestValue.json)
        }
    }

    private func readRollout(
        _ node: Node, type: FlagType, config: ConfigDefinition?, configs: [String: ConfigDefinition], enumValues: [String]?,
        flag: @autoclosure () -> String
    ) -> Rollout? {
        // Built only for a message: most rollouts have nothing to report.
        func what() -> String { "the rollout of \(flag())" }
        guard let fields = context.fields(of: node, in: what(), as: RolloutField.self) else { return nil }
        var basisPoints: Int?
        if let percentNode = fields[.percent] {
            basisPoints = self.basisPoints(percentNode, what: "percent of \(what())")
        } else {
            context.error("\(what()) needs 'percent': the share of users, 0 to 100", at: tree.location(node))
        }

        var platforms: [Platform] = []
        if let platformsNode = fields[.platforms], let items = context.list(platformsNode, "platforms of \(what())") {
            platforms = knownValues(items, "platform", in: what(), each: "a platform of \(what())", use: "ios or android")
            if items.isEmpty {
                context.error("platforms of \(what()) is empty, so the rule would match nobody; list ios and/or android, or remove 'platforms' to mean all", at: tree.location(platformsNode))
            }
        }

        var minAppVersion: SemanticVersion?
        if let versionNode = fields[.minAppVersion] {
            if tree.kind(versionNode) == .scalar, let version = SemanticVersion(tree.text(versionNode)) {
                minAppVersion = version
            } else {
                context.error(
                    "minAppVersion of \(what()) must be a semantic version MAJOR.MINOR.PATCH such as 2.4.0, found \(context.describe(versionNode))",
                    at: tree.location(versionNode))
            }
        }

        var served: ManifestValue?
        if let valueNode = fields[.value] {
            served = value(valueNode, type: type, config: config, configs: configs, enumValues: enumValues, what: "the value of \(what())")
        } else if type == .bool {
            served = .bool(true)
        } else {
            context.error("\(what()) needs 'value': what the rule serves (only bool rollouts default to true)", at: tree.location(node))
        }
        guard let basisPoints, let served else { return nil }
        return Rollout(basisPoints: basisPoints, platforms: platforms, minAppVersion: minAppVersion, value: served, location: tree.location(node))
    }

    /// The values `items` name, each once, in the order written: an unknown name (`unknown
    /// server 'x' in outputs.servers; use ...`) or a name listed again is reported and left out.
    private func knownValues<Value: RawRepresentable & Equatable>(
        _ items: ArraySlice<Node>, _ noun: String, in place: @autoclosure () -> String, each item: @autoclosure () -> String,
        use known: @autoclosure () -> String
    ) -> [Value] where Value.RawValue == String {
        var values: [Value] = []
        for node in items {
            guard let name = context.string(node, item()) else { continue }
            guard let value = Value(rawValue: name) else {
                context.error("unknown \(noun) '\(name)' in \(place()); use \(known())", at: tree.location(node))
                continue
            }
            if values.contains(value) {
                context.error("\(noun) '\(name)' is listed twice in \(place())", at: tree.location(node))
            } else {
                values.append(value)
            }
        }
        return values
    }

    /// A percentage 0...100 with at most two decimals, read from its text so no binary rounding
    /// creeps in: `12.34` is exactly 1,234 basis points.
    private func basisPoints(_ node: Node, what: @autoclosure () -> String) -> Int? {
        guard tree.isPlain(node) else {
            return context.refuse("\(what()) must be a number from 0 to 100, found \(context.describe(node))", at: tree.location(node))
        }
        let text = tree.text(node)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let digitsOnly: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2, digitsOnly(parts[0]), parts.count == 1 || digitsOnly(parts[1]) else {
            return context.refuse("\(what()) must be a number from 0 to 100 such as 10 or 12.5, found '\(text)'", at: tree.location(node))
        }
        // `010` is 10 in YAML 1.2 but 8 to YAML 1.1 readers: a percent says it one way only.
        if parts[0].count > 1, parts[0].first == "0" {
            let whole = parts[0].drop { $0 == "0" }
            let written = (whole.isEmpty ? "0" : whole) + (parts.count == 2 ? "." + parts[1] : "")
            return context.refuse("\(what()) must be written without leading zeros, as \(written), found '\(text)'", at: tree.location(node))
        }
        var fractionText = parts.count == 2 ? Substring(parts[1]) : ""
        while fractionText.count > 2, fractionText.last == "0" { fractionText = fractionText.dropLast() }
        if fractionText.count > 2 {
            return context.refuse("\(what()) has more than two decimals ('\(text)'); rollouts are counted in basis points (0.01 percent)", at: tree.location(node))
        }
        let fraction = fractionText.count == 2 ? String(fractionText) : fractionText.count == 1 ? fractionText + "0" : "00"
        guard parts[0].count <= 3, let whole = Int(parts[0]), let hundredths = Int(fraction), whole * 100 + hundredths <= Rollout.everyone else {
            return context.refuse("\(what()) must be between 0 and 100, found \(text)", at: tree.location(node))
        }
        return whole * 100 + hundredths
    }
}
