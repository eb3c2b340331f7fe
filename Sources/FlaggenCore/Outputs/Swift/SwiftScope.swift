import FlaggenJSON

/// A place in the generated Swift where names are written, and how to spell a type there so
/// that no name from the manifest hides it.
///
/// The generated code declares everything inside the namespace enum (the manifest's `name`):
/// the flags, `Key`, and a struct per config, with a nested enum per `enum:` property. A name
/// declared in a scope hides a type of the same name there, in expressions (`Int.self`, where a
/// property named `Int` wins) and, for nested types, in type positions too. So a type whose
/// name is declared around the place it is written is qualified: Swift's types with their
/// module (`Swift.Int`), configs with the namespace (`Flags.Plan`). The generated file is
/// compiled into the app's module, whose own types hide imported ones (an app's `struct Flag`,
/// its `enum DecodingError: Error`), so FlagKit's and Foundation's types, and Swift's decoding
/// types, are always qualified (`FlagKit.Flag`, `Foundation.Date`, `Swift.DecodingError`).
/// Swift's basic types and the protocols the generated types conform to stay short where no
/// name from the manifest hides them, as a person would write them.
///
/// The qualifiers themselves (`Swift`, `Foundation`, `FlagKit` and the namespace) must never be
/// hidden: validation refuses them as config, property and nested enum names
/// (``SwiftNameRules``).
struct SwiftScope: Sendable {
    /// The library types the generated Swift names, and the module that declares each.
    static let libraryTypes: [(name: String, module: String)] = [
        ("Bool", "Swift"), ("String", "Swift"), ("Int", "Swift"), ("Double", "Swift"), ("Codable", "Swift"),
        ("Sendable", "Swift"), ("Equatable", "Swift"), ("Hashable", "Swift"), ("CaseIterable", "Swift"),
        ("Decoder", "Swift"), ("DecodingError", "Swift"), ("CodingKey", "Swift"), ("Date", "Foundation"), ("Data", "Foundation"),
        ("Flag", "FlagKit"), ("FlagMetadata", "FlagKit"), ("FlagDay", "FlagKit"),
        ("ConfigDecoding", "FlagKit"),
    ]

    /// Swift's types an app may well declare for itself, always qualified.
    static let alwaysQualifiedSwiftTypes: Set<String> = ["Decoder", "DecodingError", "CodingKey"]

    /// The modules the qualified names start with: never a name the manifest may declare.
    static let modules: Set<String> = ["Swift", "Foundation", "FlagKit"]

    /// The namespace enum's name, which qualifies configs.
    let namespace: String
    /// The names the namespace declares, and its own: the configs, `Key` and the enums of
    /// string flags with `enum:` values. Flag names start with a lowercase letter and hide no type.
    let namespaceNames: Set<String>
    /// The names a config's struct declares, inside it: its properties, its nested enums and
    /// `CodingKeys`; empty in the namespace itself.
    let memberNames: Set<String>

    /// The namespace's scope.
    static func namespace(of manifest: Manifest) -> SwiftScope {
        var names = Set(manifest.configs.map(\.name))
        // Inside `enum CaseIterable { ... }` the name is the enum itself.
        names.insert(manifest.name)
        names.insert(SwiftTranslator.keyTypeName)
        for flag in manifest.flags where flag.enumValues != nil { names.insert(SwiftTranslator.enumTypeName(ofFlag: flag.key)) }
        return SwiftScope(namespace: manifest.name, namespaceNames: names, memberNames: [])
    }

    /// The scope inside a config's struct.
    func inside(_ config: ConfigDefinition) -> SwiftScope {
        var members: Set<String> = ["CodingKeys"]
        for property in config.properties {
            members.insert(property.name)
            if property.enumValues != nil { members.insert(SwiftTranslator.enumTypeName(of: property)) }
        }
        return SwiftScope(namespace: namespace, namespaceNames: namespaceNames, memberNames: members)
    }

    /// A library type as it must be written here: `Int`, or `Swift.Int` where a name hides it;
    /// `FlagKit.Flag`, `Foundation.Date` and `Swift.DecodingError` everywhere.
    func library(_ name: String) -> String {
        guard let module = Self.libraryTypes.first(where: { $0.name == name })?.module,
            module != "Swift" || Self.alwaysQualifiedSwiftTypes.contains(name) || namespaceNames.contains(name)
                || memberNames.contains(name)
        else { return name }
        return module + "." + name
    }

    /// A config's type as it must be written here: `Plan`, or `Flags.Plan` where a member of
    /// the struct has its name.
    func config(_ name: String) -> String {
        memberNames.contains(name) ? namespace + "." + name : name
    }

    /// The spelling of every library type here, by name, for the templates (`{{types.Int}}`).
    var types: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: Self.libraryTypes.map { ($0.name, .string(library($0.name))) }))
    }
}
