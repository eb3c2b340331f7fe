/// The version of flaggen, printed by `flaggen --version`.
public enum FlaggenVersion {
    /// The current release.
    public static let current = "0.1.0"
}
