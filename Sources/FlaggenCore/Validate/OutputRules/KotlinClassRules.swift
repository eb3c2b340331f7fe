/// What a config's generated Kotlin data class and the generated class names can hold, checked
/// for every manifest (see ``OutputRules``), each at the name that is too much:
///
/// - A JVM method takes at most 255 slots of parameters, and a data class's constructor (and
///   its synthetic twin that fills in defaults) takes one per property, two for a `Long` or
///   `Double`, plus the receiver, one `Int` mask per 32 properties and a marker. kotlinc 1.3
///   compiles past it and the JVM refuses the class when it loads (`ClassFormatError: Too many
///   arguments in method signature`): 124 int properties load, 127 fail; 245 string properties
///   load, 246 fail. Optional numbers (`Long?`, one slot) are counted as two, to keep the rule
///   simple.
/// - The constructor builds every property default in one method, which the JVM caps at
///   64 KB of bytecode, as it does a json flag's default (``KotlinRules/maxDefaultValues``).
/// - Names become file names: `Name.schema.json` (written beside its output as
///   `.Name.schema.json.flaggen-UUID.tmp` first) and class files such as
///   `Flags$CheckoutTheme$Companion.class`, and a file name holds at most 255 bytes on the
///   file systems apps are built on. ``maxNameLength`` keeps every generated type name well
///   inside that.
struct KotlinClassRules {
    /// The most parameter slots a JVM method takes.
    static let maxParameterSlots = 255
    /// The longest name of a type flaggen generates: the manifest's `name`, a config, the enum
    /// of an enum flag or property. Two of them and `$Companion.class` make 217 bytes.
    static let maxNameLength = 100

    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every config and name of `manifest` the generated classes cannot hold.
    func check(_ manifest: Manifest) {
        if manifest.name.utf8.count > Self.maxNameLength, let node = nodes.topLevel(.name) {
            tooLong("'name' \(manifest.name.prefix(20))…", manifest.name, at: nodes.tree.location(node))
        }
        for flag in manifest.flags where flag.enumValues != nil {
            let name = SwiftTranslator.enumTypeName(ofFlag: flag.key)
            if name.utf8.count > Self.maxNameLength {
                tooLong("flag '\(flag.key.prefix(20))…' becomes the enum \(name.prefix(20))…, and that name", name, at: flag.location)
            }
        }
        for config in manifest.configs {
            if config.name.utf8.count > Self.maxNameLength {
                tooLong("config name '\(config.name.prefix(20))…'", config.name, at: config.location)
            }
            for property in config.properties where property.enumValues != nil {
                let name = SwiftTranslator.enumTypeName(of: property)
                if name.utf8.count > Self.maxNameLength {
                    tooLong("property '\(config.name.prefix(20)).\(property.name.prefix(20))…' becomes the enum \(name.prefix(20))…, and that name", name, at: property.location)
                }
            }
            checkConstructor(of: config)
            checkInts(of: config)
        }
    }

    /// Refuses a version or a `maxLength` past the Kotlin `Int` the generated code writes them as.
    private func checkInts(of config: ConfigDefinition) {
        let largest = Int(Int32.max)
        if config.version > largest {
            context.error(
                "the version of config '\(config.name)' is \(config.version), more than the Int of the generated Kotlin holds (\(largest)); use a smaller version",
                at: config.location)
        }
        for property in config.properties {
            guard let maxLength = property.maxLength, maxLength > largest else { continue }
            context.error(
                "the maxLength of property '\(config.name).\(property.name)' is \(maxLength), more than the Int of the generated Kotlin holds (\(largest), the longest a JVM string can be); use a smaller one",
                at: property.location)
        }
    }

    private func tooLong(_ what: String, _ name: String, at location: SourceLocation) {
        context.error(
            "\(what) is \(name.utf8.count) characters long; names of generated types become file names (Name.schema.json, Name.class) and hold at most \(Self.maxNameLength); pick a shorter one",
            at: location)
    }

    /// Refuses a config whose data class constructor takes more slots, or builds more default
    /// values, than one JVM method holds.
    private func checkConstructor(of config: ConfigDefinition) {
        let count = config.properties.count
        let slots = 2 + (count + 31) / 32 + config.properties.reduce(0) { sum, property in
            sum + (property.type == .int || property.type == .double ? 2 : 1)
        }
        if slots > Self.maxParameterSlots {
            context.error(
                "config '\(config.name)' has properties that take \(slots) parameter slots in the constructor of its generated Kotlin data class, more than the \(Self.maxParameterSlots) a JVM method takes (an int or double property takes 2, any other 1); move some properties into a nested config",
                at: config.location)
        }
        var values = 0
        for property in config.properties {
            guard let value = property.defaultValue else { continue }
            values += KotlinRules.valueCount(value, upTo: KotlinRules.maxDefaultValues + 1 - values)
            if values > KotlinRules.maxDefaultValues {
                context.error(
                    "the property defaults of config '\(config.name)' hold more than \(KotlinRules.maxDefaultValues) values (at '\(property.name)'), more than the generated Kotlin can build in one JVM method (64 KB of bytecode); keep defaults small and let the server send the full value",
                    at: property.location)
                break
            }
        }
    }
}
