/// How the flags of a large manifest are validated on two cores, and the other work (hashing
/// the manifest, for `generate`) that runs beside them.
///
/// The first part of 'flags', with everything else in the manifest, is read on one core; the
/// other core runs the side work and then reads the second part, sized so that both finish
/// together. ``ManifestValidator`` falls back to one pass whenever the second part has
/// anything to report, so the split never changes a message.
final class FlagsSplit: @unchecked Sendable {
    /// Below this many flags the flags are read in one pass, beside the side work
    /// (``ManifestValidator/splitFromFlags``).
    static let defaultMinimumFlags = 2_000

    /// How many flags the first part holds.
    let firstPartCount: Int

    private let sideWork: @Sendable () -> Void
    private var sideWorkDone = false
    private let lock = Lock()

    /// A split for `flagCount` flags beside `sideWork`, whose cost is about that of hashing
    /// `sideCost` bytes.
    ///
    /// Measured on the benchmark manifest (10,000 flags): reading a flag costs about as much as
    /// hashing 300 bytes, and everything else the first part reads about a quarter as much as
    /// all the flags. The second part gets the flags that even out the two cores, unless
    /// `firstPartCount` says how many the first part holds.
    init(sideWork: @escaping @Sendable () -> Void, sideCost: Int, flagCount: Int, firstPartCount: Int? = nil) {
        self.sideWork = sideWork
        let flagCost = 300
        let allFlags = flagCount * flagCost
        let secondPartCount = max(0, (allFlags + allFlags / 4 - sideCost) / (2 * flagCost))
        self.firstPartCount = firstPartCount ?? flagCount - min(flagCount, secondPartCount)
    }

    /// Runs the side work unless it ran already; the first call runs it, once.
    func runSideWorkIfNeeded() {
        lock.withLock {
            guard !sideWorkDone else { return }
            sideWorkDone = true
            sideWork()
        }
    }

    /// The number of entries of the root mapping's `flags` mapping, or nil when there is no such
    /// mapping.
    static func flagCount(in tree: YAMLTree) -> Int? {
        let root = tree.root
        guard tree.kind(root) == .mapping else { return nil }
        for entry in tree.entries(root) where tree.text(entry.key, equals: "flags") {
            return tree.kind(entry.value) == .mapping ? tree.entries(entry.value).count : nil
        }
        return nil
    }

    /// Where the side work leaves its result.
    final class SideResult<Value>: @unchecked Sendable {
        var value: Value?
    }
}
