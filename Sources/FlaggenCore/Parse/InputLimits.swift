/// The documented bounds on what flaggen reads. Each one turns a hostile or runaway input into
/// a clear error instead of a hang, a huge allocation or a stack overflow.
///
/// See docs/manifest.md, "Limits".
struct InputLimits: Sendable, Hashable {
    /// Largest manifest file, in bytes (16 MiB: a 10,000-flag manifest is about 2.6 MB).
    var maxFileBytes: Int = 16 * 1024 * 1024
    /// Deepest nesting of lists and mappings.
    var maxDepth: Int = 64
    /// Most nodes that aliases (`*name`) may add in total: stops "billion laughs" manifests.
    var maxAliasExpansion: Int = 100_000
    /// Longest single string, in bytes.
    var maxScalarBytes: Int = 64 * 1024
    /// Most flags in one manifest.
    var maxFlags: Int = 50_000

    /// The limits flaggen applies unless a caller asks for others.
    static let `default` = InputLimits()

    /// Creates the default limits.
    init() {}
}
