/// How manifest names become Swift and Kotlin identifiers. The validator uses the same rules to
/// refuse keys that would collide, so every generated name is unique.
enum Identifiers {
    /// `new_checkout` -> `newCheckout` (Swift members and enum cases).
    static func lowerCamel(_ key: String) -> String {
        camel(key, capitalizeFirst: false)
    }

    /// `new_checkout` -> `NewCheckout` (Kotlin object members and enum entries).
    static func upperCamel(_ key: String) -> String {
        camel(key, capitalizeFirst: true)
    }

    /// The parts of `key` between underscores, joined, each capitalized but the first unless
    /// `capitalizeFirst`. A key without parts (empty, or only underscores) stays as it is in
    /// lower camel case and becomes empty in upper camel case.
    private static func camel(_ key: String, capitalizeFirst: Bool) -> String {
        // Every flag key is ASCII, where each byte is a character and uppercasing is a-z to
        // A-Z: read as bytes, as walking characters cost 15 ms of a 130 ms `generate` at
        // 2,500 flags (callgrind, 56 M instructions).
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            var startsPart = true
            for byte in key.utf8 {
                if byte == UInt8(ascii: "_") {
                    startsPart = true
                    continue
                }
                let capitalize = startsPart && (capitalizeFirst || !bytes.isEmpty) && byte.isASCIILowercase
                bytes.append(capitalize ? byte - 32 : byte)
                startsPart = false
            }
            return bytes.isEmpty && !capitalizeFirst ? key : String(decoding: bytes, as: UTF8.self)
        }
        var name = ""
        var startsPart = true
        for character in key {
            if character == "_" {
                startsPart = true
                continue
            }
            if startsPart, capitalizeFirst || !name.isEmpty {
                name += character.uppercased()
            } else {
                name.append(character)
            }
            startsPart = false
        }
        return name.isEmpty && !capitalizeFirst ? key : name
    }

    /// `base`, or the first of `base2`, `base3`, ... that is not in `taken`: a name no earlier
    /// one has, which joins `taken`.
    static func unique(_ base: String, among taken: inout Set<String>) -> String {
        var name = base
        var number = 2
        while !taken.insert(name).inserted {
            name = base + String(number)
            number += 1
        }
        return name
    }

    /// The name with backticks when it is a Swift keyword: `` `default` ``.
    static func swiftEscaped(_ name: String) -> String {
        // A name longer than every keyword is none: its length costs less than its hash.
        name.utf8.count <= longestSwiftKeyword && swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// The name with backticks when it is a Kotlin keyword: `` `when` ``.
    static func kotlinEscaped(_ name: String) -> String {
        kotlinKeywords.contains(name) ? "`\(name)`" : name
    }

    /// Swift keywords that must be escaped to be used as a name.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// The length in UTF-8 bytes of the longest of ``swiftKeywords``.
    private static let longestSwiftKeyword = swiftKeywords.map(\.utf8.count).max() ?? 0

    /// Kotlin's hard keywords, which must be escaped to be used as a name.
    static let kotlinKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
        "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
        "typeof", "val", "var", "when", "while",
    ]

    /// Swift names a flag must not take: members of the generated enums (`Flags.all`,
    /// `FlagKey.allCases`) and names that cannot be members even with backticks.
    static let reservedSwiftMembers: Set<String> = [
        "all", "expired", "allCases", "rawValue", "hashValue", "init", "self", "Type", "Protocol",
    ]

    /// Kotlin names a flag must not take. Names of the generated Kotlin's holder objects
    /// (``isKotlinHolderName(_:)``) are refused too.
    static let reservedKotlinMembers: Set<String> = ["Companion", "FlagKey"]

    /// The generated Kotlin's holder objects, `Part1`, `Part2`, ..., nested in the flags object
    /// and in `FlagKey`: they construct the flags in slices, so no static initializer reaches the
    /// JVM's 64 KB method limit (see ``KotlinTranslator``). Inside those types a holder's name
    /// hides any flag property, config class or flags object of the same name, so the validator
    /// refuses `Part` followed by digits as a flag's Kotlin name, a config name and the manifest's
    /// `name`.
    static func isKotlinHolderName(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count > 4, utf8.starts(with: "Part".utf8) else { return false }
        return utf8.dropFirst(4).allSatisfy(\.isASCIIDigit)
    }

    /// The name of the generated Kotlin's holder object number `number` (from 1): `Part1`.
    static func kotlinHolderName(_ number: Int) -> String {
        "Part\(number)"
    }

    /// Config property names that cannot be members of the generated struct or data class.
    /// (`Self` too: the generated struct's `Self.self` and `Self.defaultX` would find it.)
    static let reservedPropertyNames: Set<String> = ["Companion", "self", "Self", "init", "Type", "Protocol", "CodingKeys"]

    /// Type names the manifest's `name` must not take besides ``reservedTypeNames``: the
    /// namespace is a top-level type of the app's module and would hide these from its other
    /// files (configs are nested in the namespace and hide nothing outside it).
    static let reservedNamespaceNames: Set<String> = ["ConfigDecoding", "DecodingError", "CaseIterable", "CodingKey"]

    /// Type names a config must not take: the generated and runtime types, and common types of
    /// both languages that the generated code refers to.
    static let reservedTypeNames: Set<String> = [
        "Flag", "FlagKey", "FlagKind", "Bucket", "FlagValue", "FlagKit", "FlagDate", "FlagDay", "FlagJson",
        "FlagMetadata", "FlagStore", "FlagView", "FlagSnapshot", "FlagSource", "FlagDisk", "FlagValues",
        "InMemoryFlagDisk", "FileFlagDisk", "Char", "Comparable", "Companion", "Any", "Array", "Bool", "Boolean",
        "Codable", "Data", "Date", "Decodable", "Decoder", "Double", "Encodable", "Encoder", "Equatable",
        "Error", "Float", "Hashable", "Int", "JSONArray", "JSONObject", "List", "Long", "Map", "Nothing",
        "Number", "Object", "Optional", "Protocol", "Result", "Self", "Sendable", "Set", "String", "Type",
        "Unit", "CodingKeys", "Character", "Foundation", "Swift",
        // The Kotlin runtime's own top-level types (FlagKit.kt, FlagStore.kt), in the configs'
        // package, and the standard types they name unqualified, which a config of the same
        // name would hide (GeneratedNamesPropertyTests compiles every other name they use).
        "FirebaseBuckets", "FirebaseFlagSource", "FlagKeyValues", "FlagStoreError", "KeyValueFlagDisk", "KillSwitchChanges",
        "ByteArray", "Deprecated", "Enum", "HashSet", "Throwable",
    ]
}
