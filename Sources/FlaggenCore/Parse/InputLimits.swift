/// The documented bounds on what flaggen reads. Each one turns a hostile or runaway input into
/// a clear error instead of a hang, a huge allocation or a stack overflow.
///
/// See docs/manifest.md, "Limits".
enum InputLimits {
    /// Largest manifest file, in bytes (16 MiB: a 10,000-flag manifest is about 2.6 MB).
    static let maxFileBytes = 16 * 1024 * 1024
    /// Deepest nesting of lists and mappings.
    static let maxDepth = 64
    /// Most nodes that aliases (`*name`) may add in total: stops "billion laughs" manifests.
    static let maxAliasExpansion = 100_000
    /// Longest single string, in bytes.
    static let maxScalarBytes = 64 * 1024
    /// Most flags in one manifest.
    static let maxFlags = 50_000
}
