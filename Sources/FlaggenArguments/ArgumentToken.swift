/// Rules for classifying a single command-line word.
enum ArgumentToken {
    /// The word that ends option parsing; everything after it is positional.
    static let terminator = "--"

    /// Whether the word should be read as an option (or `--`).
    ///
    /// A lone `-` (stdin) and negative numbers such as `-3` are not options.
    static func isOptionLike(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !looksLikeNegativeNumber(word)
    }

    /// Whether the word looks like a negative number: `-3`, `-0.5`, `-.5`.
    static func looksLikeNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        let rest = word.dropFirst()
        guard rest.contains(where: isDigit) else { return false }
        var seenDot = false
        for character in rest {
            if character == "." {
                if seenDot { return false }
                seenDot = true
            } else if !isDigit(character) {
                return false
            }
        }
        return true
    }

    private static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }
}
