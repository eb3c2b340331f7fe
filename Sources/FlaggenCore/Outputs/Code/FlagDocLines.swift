extension FlagDefinition {
    /// The last lines of a flag's doc comment in Swift and Kotlin: its kind, how long it lives
    /// and its rollout. `expiresNote` follows the expiry date.
    func lifetimeDocLines(expiresNote: String) -> [String] {
        var lines = ["- Kind: " + kind.rawValue]
        if killSwitch {
            lines.append("- Kill switch: read live; never expires.")
        } else if let expires {
            lines.append("- Expires: \(expires)" + expiresNote)
        } else {
            lines.append("- Expires: never (permission flag)")
        }
        if let rollout { lines.append("- Rollout: " + rollout.summary) }
        return lines
    }
}

extension Rollout {
    /// The rollout in words for the Swift and Kotlin doc comments:
    /// `25% on ios, android from app version 3.6.0`.
    var summary: String {
        var text = percentText + "%"
        if !platforms.isEmpty { text += " on " + platforms.map(\.rawValue).joined(separator: ", ") }
        if let minAppVersion { text += " from app version \(minAppVersion)" }
        return text
    }
}
