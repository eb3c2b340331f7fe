/// The size limit on what FlagKit reads from the network and from disk.
///
/// A flag answer is a few kilobytes; a few thousand flags with configs stay well under a
/// mebibyte. Anything much bigger is a server bug or an attack (a gzip bomb decodes a 1 MB body
/// into gigabytes), and the saved copy is read before the first screen, so FlagKit refuses it:
///
/// - `HTTPFlagSource` and `OFREPFlagSource` count a body's bytes as they arrive, **after**
///   decompression, and cancel the request as soon as it passes the limit: the fetch fails
///   (`nil`) and nothing is saved.
/// - `FileFlagDisk` reads a saved copy over the limit as no saved copy, deciding from the file's
///   size before reading it, and never saves one; so does `UserDefaultsFlagDisk`.
///
/// Each source and disk takes its own limit (`maximumBodySize`, `maximumCopySize`); this is the
/// default.
public enum FlagLimits {
    /// 4 MiB (4,194,304 bytes): the largest body or saved copy FlagKit reads by default. A body
    /// or copy of exactly this size is read; one byte more is refused.
    public static let maximumPayloadSize = 4 * 1024 * 1024
}
