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
