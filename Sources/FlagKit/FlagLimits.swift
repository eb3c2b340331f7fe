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
/// Each source and disk takes its own size limit (`maximumBodySize`, `maximumCopySize`); this is
/// the default.
///
/// Every JSON document FlagKit reads — an answer, a saved copy, a config — must also be strict
/// RFC 8259 JSON (no comments, trailing commas, single quotes, hex or leading-zero numbers, no
/// number outside the double range, no two members of one object with the same name) and nest
/// at most `maximumDepth` levels. The generated Kotlin applies the same limits
/// (`FlagSnapshot.MAX_BYTES`, `FlagSnapshot.MAX_DEPTH`).
public enum FlagLimits {
    /// 4 MiB (4,194,304 bytes): the largest body or saved copy FlagKit reads by default. A body
    /// or copy of exactly this size is read; one byte more is refused.
    public static let maximumPayloadSize = 4 * 1024 * 1024

    /// 64: the deepest nesting of arrays and objects in any document FlagKit reads, counted from
    /// its outermost bracket (`[[]]` is 2). A deeper document is refused whole, before it can
    /// exhaust the stack: a failed fetch, or no saved copy.
    public static let maximumDepth = 64

    /// 62: the deepest nesting of one flag's value, so that the answer and the saved copy that
    /// hold it (`{"flags":{"key": …}}`, `{"values":{"key": …}}`) stay within `maximumDepth`. The
    /// store drops a deeper value that a source handed over directly (its flag reads the default)
    /// and reports it to `FlagStore.onError` as `.value`.
    public static let maximumValueDepth = maximumDepth - 2
}
