/// The case names of the enum a string with `enum:` values becomes: one per value, in order,
/// unique, and valid in both languages. The raw values stay the exact strings.
///
/// A value's name is made of its runs of ASCII letters and digits: `light` is `light`,
/// `light-mode` is `lightMode`, `DARK` is `dark`, `2x` is `value2x`, and a value with no letter
/// or digit (`""`, `-`) is `empty`. Swift gets the lowerCamelCase name (in backticks when it is
/// a keyword), Kotlin the same name with its first letter capitalized (`Light`, `LightMode`), as
/// `FlagKind` entries are written. A name that an enum keeps for itself (`rawValue`, `allCases`,
/// `init`, ...) gets `Case` added; a name an earlier value took gets `2`, `3`, ... added.
struct EnumCases: Sendable, Hashable {
    /// The Swift case names, escaped: `light`, `` `default` ``.
    let swiftNames: [String]
    /// The Kotlin entry names: `Light`, `Default`.
    let kotlinNames: [String]

    /// Names an enum with raw values keeps for itself in either language.
    static let reserved: Set<String> = [
        "init", "self", "rawValue", "allCases", "hashValue", "hash", "value", "name", "ordinal", "values", "valueOf",
        "entries", "companion",
    ]

    /// The cases of the enum for `values`.
    init(_ values: [String]) {
        var taken: Set<String> = []
        var swiftNames: [String] = []
        var kotlinNames: [String] = []
        for value in values {
            var base = Self.baseName(value)
            if Self.reserved.contains(base) { base += "Case" }
            let name = Identifiers.unique(base, among: &taken)
            swiftNames.append(Identifiers.swiftEscaped(name))
            kotlinNames.append(name.prefix(1).uppercased() + name.dropFirst())
        }
        self.swiftNames = swiftNames
        self.kotlinNames = kotlinNames
    }

    /// The position of `text` among `values`, compared code point for code point (UTF-8), as
    /// the generated decoders of both languages compare a remote value: the one rule for
    /// "is this one of the `enum:` values", in validation and in the translators.
    static func position(of text: String, in values: [String]) -> Int? {
        values.firstIndex { $0.utf8.elementsEqual(text.utf8) }
    }

    /// The lowerCamelCase name of one value, before reserved names and repeats are handled.
    static func baseName(_ value: String) -> String {
        var words: [String] = []
        var word = ""
        for byte in value.utf8 {
            if byte.isASCIILetter || byte.isASCIIDigit {
                word.unicodeScalars.append(Unicode.Scalar(byte))
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return "empty" }
        var name = ""
        for (index, word) in words.enumerated() {
            // A word in capitals (`DARK`, `URL`) reads as a word: lowercased, then capitalized
            // after the first.
            let isCapitals = !word.utf8.contains(where: \.isASCIILowercase)
            if index == 0 {
                name += isCapitals ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            } else {
                let body = isCapitals ? word.lowercased() : String(word)
                name += body.prefix(1).uppercased() + body.dropFirst()
            }
        }
        if first.utf8.first?.isASCIIDigit == true { name = "value" + name }
        return name
    }
}
