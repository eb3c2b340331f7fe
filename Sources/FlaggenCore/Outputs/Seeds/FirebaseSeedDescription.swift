/// The `description` of a Firebase Remote Config parameter: the flag's owner, expiry and
/// kill-switch mark first, then its description, on one line and cut to Firebase's limit.
///
/// The Admin SDK reference says a parameter description "should not be over 100 characters".
/// Longer text is cut at a character boundary and ends with `…`; the metadata comes first, so it
/// survives the cut. The full text stays in `flags.seed.json`.
enum FirebaseSeedDescription {
    /// The longest description written, in UTF-16 code units (how JavaScript and Java count
    /// characters, so the count is never below Firebase's).
    static let maximumLength = 100

    /// The description of a flag's parameter.
    static func text(for flag: FlagDefinition) -> String {
        var facts = ["Owner: \(flag.owner)"]
        facts.append(flag.expires.map { "expires \($0)" } ?? "never expires")
        if flag.killSwitch { facts.append("kill switch") }
        var text = facts.joined(separator: "; ") + "."
        if let description = flag.description {
            text += " " + description
        }
        return truncated(oneLine(text))
    }

    /// Control characters become spaces, runs of white space one space, and the ends are trimmed,
    /// so a multi-line description reads as one line in the console.
    static func oneLine(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result += " " }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The text itself when it fits; otherwise as many whole characters as fit before `…`.
    static func truncated(_ text: String) -> String {
        guard text.utf16.count > maximumLength else { return text }
        var result = ""
        var length = 0
        for character in text {
            let width = character.utf16.count
            if length + width > maximumLength - 1 { break }
            result.append(character)
            length += width
        }
        while result.last == " " { result.removeLast() }
        return result + "…"
    }
}
