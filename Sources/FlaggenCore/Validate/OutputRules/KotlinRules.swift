import FlaggenJSON

/// What the generated Kotlin can hold, checked for every manifest (see ``OutputRules``): the
/// Kotlin is always generated, so these are errors, each where the name or the count is written.
///
/// - A JVM class builds all of an enum's entries in one static initializer, which the JVM caps
///   at 65,535 bytes of bytecode. `FlagKey` has an entry per flag and an enum flag or property
///   an entry per value, so their counts are bounded (``maxEnumEntries``).
/// - A config property's enum class is nested in its data class (`PaywallConfig.Style`), where
///   one of ``typesUsedInConfigs`` or another config's name would hide that type.
/// - An enum flag's enum class is nested in the flags object (`Flags.CheckoutTheme`), where its
///   name would hide a type the generated Kotlin names there: a config, one of
///   ``typesUsedInFlags``, or the flags object itself.
///
/// - The JVM keeps a string constant in at most 65,535 bytes of its class-file encoding
///   (modified UTF-8: 2 bytes for NUL, 6 for a character outside the BMP); kotlinc 1.3 crashes
///   on a longer literal or identifier (``maxConstantBytes``). Every text of the manifest is
///   checked where it is written.
/// - A json flag's default is built in its holder's static initializer, which one value alone
///   can fill (``maxDefaultValues``).
///
/// - kotlinc writes a class file per class (`Flags$CheckoutTheme.class`), and on the
///   case-insensitive disks of macOS, where Gradle writes them, two names of one scope that
///   differ only in letter case are one file: the app fails with NoClassDefFoundError
///   (``checkClassFileNames(_:)``).
///
/// Names that the translator qualifies instead (a `FlagKey` entry or an enum entry named
/// `String`; config properties whose JVM getters would share a name, which get a
/// `@get:JvmName` of their own) are not refused.
struct KotlinRules {
    /// The most entries a generated enum class may have: `FlagKey` (one per flag) and the enum
    /// of an `enum:` list. Measured with kotlinc 1.3 (JRE 17) on enums shaped as the generated
    /// `FlagKey`: 2,630 entries compile, 2,640 fail (`Method too large: FlagKey.<clinit>`),
    /// 3,000 fail; each entry past the 128th costs 25 bytes of the static initializer whatever
    /// its name. (Kotlin 1.5 and later build the `values()` array in a method of its own,
    /// which raises the limit; 1.3 is the floor.) 2,500 leaves a margin.
    static let maxEnumEntries = 2_500

    /// The types the generated Kotlin names unqualified inside `object Flags`, besides the
    /// configs: an enum flag's enum class must not take one of these names.
    /// (`Deprecated` is the annotation on deprecated flags.)
    static let typesUsedInFlags: Set<String> = ["Flag", "FlagDate", "FlagKind", "List", "String", "Long", "Double", "Boolean", "Deprecated"]

    /// The types (and the annotation) the generated Kotlin names unqualified inside a config's
    /// data class, besides the other configs: a property's enum class must not take one.
    static let typesUsedInConfigs: Set<String> = [
        "String", "Long", "Double", "Boolean", "List", "Int", "JSONObject", "FlagJson", "JvmName",
    ]

    /// The top-level classes of the Kotlin runtime, by file, in the package of the configs: FlagKit.kt
    /// is always written, FlagStore.kt with `outputs.kotlinRuntime`. (OutputRulesTests reads them
    /// from the templates.)
    static let runtimeClassNames = [
        "FlagKit.kt": ["Bucket", "Flag", "FlagDate", "FlagJson", "FlagKind"],
        "FlagStore.kt": [
            "FileFlagDisk", "FirebaseBuckets", "FirebaseFlagSource", "FlagDisk", "FlagKeyValues", "FlagSnapshot", "FlagSource",
            "FlagStore", "FlagStoreError", "FlagValues", "FlagView", "InMemoryFlagDisk", "KeyValueFlagDisk", "KillSwitchChanges",
        ],
    ]

    /// The most bytes of a JVM string constant (`CONSTANT_Utf8_info` has a 16-bit length).
    static let maxConstantBytes = 65_535

    /// The most bytes kotlinc adds to a flag's or property's name in the names of its methods
    /// (`get_` and `$annotations`, as in `getNewCheckout$annotations` of a deprecated flag),
    /// which are string constants too.
    static let memberNameExtraBytes = 16

    /// The most values (each number, string, bool, list and object, at any depth) a json flag's
    /// default may hold. Measured with kotlinc 1.3 on an object holding a list of ints, the
    /// costliest values to build (11 bytes each of the holder's static initializer): 4,000 ints
    /// compile, 6,000 fail ("Method too large"). (Holders already close before their defaults' text passes a bound,
    /// ``KotlinTranslator``; this is the one value that cannot be split.)
    static let maxDefaultValues = 4_000

    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every Kotlin rule `manifest` breaks.
    func check(_ manifest: Manifest) {
        let configNames = Set(manifest.configs.map(\.name))
        checkFlagCount(manifest)
        checkEnumFlags(manifest, configNames: configNames)
        checkClassFileNames(manifest)
        checkStringConstants()
        checkMemberNames(manifest)
        for flag in manifest.flags {
            guard case .json(let value) = flag.defaultValue else { continue }
            let count = Self.valueCount(value, upTo: Self.maxDefaultValues + 1)
            guard count > Self.maxDefaultValues else { continue }
            context.error(
                "flag '\(flag.key)' has a default of more than \(Self.maxDefaultValues) values, more than the generated Kotlin can build "
                    + "in one JVM method (64 KB of bytecode); keep the default small and let the server send the full value",
                at: nodes.location(of: .defaultValue, of: flag))
        }
        for config in manifest.configs {
            let propertyNames = Set(config.properties.map(\.name))
            for property in config.properties {
                guard let values = property.enumValues else { continue }
                // Inside the data class the nested enum hides a type of its name, which the
                // class names unqualified (`String`, `Long`, `List`, `JSONObject`, a config).
                // An enum named like a property of its config is refused for both languages
                // already (SwiftNameRules), so it is not reported twice.
                let enumName = SwiftTranslator.enumTypeName(of: property)
                let hides = Self.typesUsedInConfigs.contains(enumName) || (configNames.contains(enumName) && enumName != config.name)
                if hides && !propertyNames.contains(enumName) {
                    context.error(
                        "property '\(config.name).\(property.name)' has 'enum' values, so it becomes the enum class "
                            + "\(config.name).\(enumName), which would hide the type \(enumName) inside \(config.name) in the "
                            + "generated Kotlin; rename the property", at: property.location)
                }
                guard values.count > Self.maxEnumEntries else { continue }
                context.error(
                    "property '\(config.name).\(property.name)' lists \(values.count) 'enum' values, more than the \(Self.maxEnumEntries) "
                        + "a Kotlin enum class holds (the JVM caps its static initializer at 64 KB); list fewer values, or make it a "
                        + "plain string without 'enum'",
                    at: property.location)
            }
        }
    }

    /// Refuses a generated class whose name differs from another's of the same scope (the package,
    /// the flags object, a config's data class) only in letter case. Names equal to the letter are
    /// other rules' (a config named like a runtime type, an enum flag named like a config...).
    private func checkClassFileNames(_ manifest: Manifest) {
        var package = ClassScope()
        for file in manifest.outputs.kotlinRuntime == nil ? ["FlagKit.kt"] : ["FlagKit.kt", "FlagStore.kt"] {
            for name in Self.runtimeClassNames[file] ?? [] { _ = package.claim(name, as: "of the Kotlin runtime, \(file)") }
        }
        _ = package.claim("FlagKey", as: "the enum of the flag keys")
        if let other = package.claim(manifest.name, as: "the flags object"), let name = nodes.topLevel(.name) {
            report("'name' \(manifest.name) becomes the Kotlin object \(manifest.name)", other, fix: "pick another name", at: nodes.tree.location(name))
        }
        for config in manifest.configs {
            // Two configs are SchemaRules' to report: their schema files clash too.
            if let other = package.claim(config.name, as: "config '\(config.name)'"), !other.what.hasPrefix("config") {
                report("config '\(config.name)' becomes the Kotlin class \(config.name)", other, fix: "rename the config", at: config.location)
            }
        }
        var flagsObject = ClassScope()
        for flag in manifest.flags where flag.enumValues != nil {
            let name = Identifiers.upperCamel(flag.key)
            let what = "flag '\(flag.key)' lists 'enum' values, so it becomes the Kotlin enum class \(manifest.name).\(name)"
            let holder = "Part" + name.dropFirst(4)
            if name.lowercased().hasPrefix("part"), Identifiers.isKotlinHolderName(holder), holder != name {
                report(what, ("\(manifest.name).\(holder)", "the objects that hold the flags are named 'Part' and digits"),
                       fix: "rename the flag", at: flag.location)
            } else if let other = flagsObject.claim(name, as: "flag '\(flag.key)'") {
                report(what, ("\(manifest.name).\(other.name)", other.what), fix: "rename one of them", at: flag.location)
            }
        }
        for config in manifest.configs {
            var dataClass = ClassScope()
            _ = dataClass.claim("Companion", as: "its companion object")
            for property in config.properties where property.enumValues != nil {
                let name = SwiftTranslator.enumTypeName(of: property)
                if let other = dataClass.claim(name, as: "property '\(config.name).\(property.name)'") {
                    report("property '\(config.name).\(property.name)' lists 'enum' values, so it becomes the Kotlin enum class \(config.name).\(name)",
                           ("\(config.name).\(other.name)", other.what), fix: "rename one of them", at: property.location)
                }
            }
        }
    }

    /// The classes of one scope by their names in lower case, with what each is, for messages.
    private struct ClassScope {
        private var classes: [String: (name: String, what: String)] = [:]

        /// Adds `name`; returns the class already there whose name differs from it only in case.
        mutating func claim(_ name: String, as what: String) -> (name: String, what: String)? {
            guard let other = classes[name.lowercased()] else {
                classes[name.lowercased()] = (name, what)
                return nil
            }
            return other.name == name ? nil : other
        }
    }

    private func report(_ what: String, _ other: (name: String, what: String), fix: String, at location: SourceLocation) {
        context.error(
            "\(what), whose class file differs only in letter case from that of \(other.name) (\(other.what)): on the "
                + "case-insensitive disks of macOS, where Gradle writes class files, one overwrites the other and the app "
                + "fails with NoClassDefFoundError; \(fix)", at: location)
    }

    /// Refuses every text of the manifest (a key, a default, a description, an enum value) whose
    /// Kotlin literal or name would be longer than a JVM string constant holds.
    private func checkStringConstants() {
        let tree = nodes.tree
        for record in tree.records where record.kind == .scalar {
            let text = tree.texts[record.start]
            // No character takes more than twice its UTF-8 bytes in modified UTF-8.
            guard text.utf8.count * 2 > Self.maxConstantBytes else { continue }
            let bytes = Self.modifiedUTF8Count(text)
            guard bytes > Self.maxConstantBytes else { continue }
            context.error(
                "this text takes \(bytes) bytes as a JVM string constant, more than the \(Self.maxConstantBytes) one holds, so kotlinc "
                    + "cannot compile the generated Kotlin; shorten it (a flag carries a small value: let the server send large content)",
                at: record.location)
        }
    }

    /// Refuses a flag key or property name that fits in a string constant while the names of
    /// its getters do not (a hunt found kotlinc crashing on a key of 65,533 characters).
    private func checkMemberNames(_ manifest: Manifest) {
        let fits = Self.maxConstantBytes - Self.memberNameExtraBytes
        func tooLong(_ name: String) -> Bool {
            // No character takes more than twice its UTF-8 bytes in modified UTF-8.
            guard name.utf8.count * 2 > fits else { return false }
            let bytes = Self.modifiedUTF8Count(name)
            return bytes > fits && bytes <= Self.maxConstantBytes
        }
        let advice = "so kotlinc cannot compile the generated Kotlin: its getters' names are up to \(Self.memberNameExtraBytes) bytes longer, and a JVM name holds at most \(Self.maxConstantBytes)"
        for flag in manifest.flags where tooLong(Identifiers.lowerCamel(flag.key)) {
            context.error("flag key '\(flag.key.prefix(20))…' takes \(Self.modifiedUTF8Count(flag.key)) bytes, \(advice); pick a key of at most \(fits) bytes", at: flag.location)
        }
        for config in manifest.configs {
            for property in config.properties where tooLong(property.name) {
                context.error(
                    "property '\(config.name).\(property.name.prefix(20))…' takes \(Self.modifiedUTF8Count(property.name)) bytes, \(advice); pick a name of at most \(fits) bytes",
                    at: property.location)
            }
        }
    }

    /// The bytes of `text` in the JVM's modified UTF-8: NUL and U+0080 to U+07FF take 2, the
    /// rest of the BMP 3, and a character beyond it 6 (two encoded surrogates).
    static func modifiedUTF8Count(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar.value {
            case 0x01...0x7F: count + 1
            case 0, 0x80...0x7FF: count + 2
            case 0x800...0xFFFF: count + 3
            default: count + 6
            }
        }
    }

    /// The values in `value` at any depth, counting stops past `limit`.
    static func valueCount(_ value: JSONValue, upTo limit: Int) -> Int {
        var count = 0
        _ = value.first { _ in
            count += 1
            return count > limit
        }
        return count
    }

    /// Refuses more flags than `FlagKey` holds, at the `flags:` key.
    private func checkFlagCount(_ manifest: Manifest) {
        let count = manifest.flags.count
        guard count > Self.maxEnumEntries else { return }
        let location = nodes.topLevelKey(.flags).map(nodes.tree.location) ?? manifest.flags[Self.maxEnumEntries].location
        context.error(
            "the manifest has \(count) flags, more than the \(Self.maxEnumEntries) one manifest may hold: the generated Kotlin's "
                + "enum class FlagKey gets an entry per flag, and the JVM caps an enum's static initializer at 64 KB; split the "
                + "flags into two or more manifests of at most \(Self.maxEnumEntries) flags, each with its own 'name' and "
                + "'kotlinPackage' (such as CheckoutFlags in com.example.checkout.flags)",
            at: location)
    }

    /// Refuses an enum flag whose enum class would hide a type inside the flags object, or that
    /// lists more values than an enum class holds.
    private func checkEnumFlags(_ manifest: Manifest, configNames: Set<String>) {
        for flag in manifest.flags {
            guard let values = flag.enumValues else { continue }
            let typeName = Identifiers.upperCamel(flag.key)
            let what = "flag '\(flag.key)' lists 'enum' values, so it becomes the enum class \(manifest.name).\(typeName)"
            if configNames.contains(typeName) {
                context.error(
                    "\(what), which has the name of the config \(typeName) and would hide it inside \(manifest.name); rename the "
                        + "flag or the config", at: flag.location)
            } else if Self.typesUsedInFlags.contains(typeName) {
                context.error(
                    "\(what), which would hide the type \(typeName) that the generated code uses inside \(manifest.name); "
                        + "rename the flag", at: flag.location)
            } else if typeName == manifest.name {
                context.error("\(what), which is the name of the flags object itself; rename the flag or set another 'name'", at: flag.location)
            }
            if values.count > Self.maxEnumEntries {
                context.error(
                    "flag '\(flag.key)' lists \(values.count) 'enum' values, more than the \(Self.maxEnumEntries) a Kotlin enum class "
                        + "holds (the JVM caps its static initializer at 64 KB); list fewer values, or drop 'enum'",
                    at: flag.location)
            }
        }
    }
}
