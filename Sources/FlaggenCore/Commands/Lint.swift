/// `flaggen lint`: validation, then expiry — a flag past its date fails the build until someone
/// removes it.
public struct Lint: Sendable {
    /// The day to judge expiry against (the real UTC date unless a test fixes it).
    var today: ISODate
    /// Flags expiring within this many days get a warning naming their owner.
    var warningDays: Int = 14
    /// Flags expiring within this many days that are not `deprecated:` yet get a warning that
    /// suggests it, so the code that reads them warns in the IDEs before the build fails.
    public var deprecationDays: Int = 30

    /// Creates a lint run for `today`.
    public init(today: ISODate) {
        self.today = today
    }

    /// The problems `generate` finds before it renders (``Generate/plan()``: validation, and
    /// where the outputs would go), plus expiry findings for the manifest when it is valid.
    public func run(_ diagnostics: [Diagnostic], manifest: Manifest?, file: String) -> [Diagnostic] {
        guard let manifest else { return diagnostics }
        return (diagnostics + expiryFindings(manifest, file: file)).sortedByLocation()
    }

    /// Errors for expired flags, warnings for flags that expire soon.
    func expiryFindings(_ manifest: Manifest, file: String) -> [Diagnostic] {
        manifest.flags.compactMap { flag in
            guard let expires = flag.expires, let daysLeft = flag.daysLeft(on: today) else { return nil }
            if daysLeft < 0 {
                return Diagnostic(
                    .error,
                    "flag '\(flag.key)' expired on \(expires) (owner: \(flag.owner)); remove it from the code and the manifest and add its key to 'retired', or move 'expires' if it must live longer",
                    file: file, at: flag.location)
            }
            let suggestsDeprecation = flag.deprecated == nil && deprecationDays > 0 && daysLeft <= deprecationDays
            guard daysLeft <= warningDays || suggestsDeprecation else { return nil }
            let when = daysLeft == 0 ? "today" : daysLeft == 1 ? "tomorrow" : "in \(daysLeft) days"
            let suggestion =
                suggestsDeprecation
                ? "; mark it 'deprecated: \"…\"' so every read warns in Xcode and Android Studio, and remove it with 'flaggen remove \(flag.key)'"
                : ""
            let removal = daysLeft <= warningDays ? "; plan its removal" : ""
            return Diagnostic(
                .warning, "flag '\(flag.key)' expires \(when), on \(expires) (owner: \(flag.owner))" + removal + suggestion,
                file: file, at: flag.location)
        }
    }
}
