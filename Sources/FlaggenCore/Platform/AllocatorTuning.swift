#if canImport(Glibc)
import Glibc
#endif

/// Settings for the C allocator that suit a short-lived tool which builds up tens of megabytes
/// and exits.
public enum AllocatorTuning {
    /// Makes glibc's `malloc` grow its heaps in large steps and keep freed memory at the top of
    /// a heap (up to 256 MiB) instead of handing it back. Call it once, first thing.
    ///
    /// With the defaults, a worker thread's heap grows a page or so at a time, each step a system
    /// call (about 6,000 `mprotect` calls in a `generate` of 10,000 flags), and memory freed at
    /// the top of a heap is handed back to the kernel only to be faulted in again, zeroed, by the
    /// next allocation (about 20,000 page faults in the same run, against 15,000 with these
    /// settings). The padding is address space, not memory: pages count only once touched, so
    /// peak memory does not change. (Setting the trim threshold also fixes glibc's mmap threshold
    /// at its default, 128 KiB: larger blocks are still mapped and unmapped one by one; raising it
    /// made no difference here.) Does nothing on platforms without glibc.
    public static func forShortRun() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out; it is looked up
        // instead, with its parameters' values from that header.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let trimThreshold: Int32 = -1, topPad: Int32 = -2
        // Each heap grows by what is asked plus 32 MiB.
        _ = mallopt(topPad, 32 << 20)
        // Free memory at a heap's top is given back only above 256 MiB (default 128 KiB).
        _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }
}
