/// The limits on what FlagKit reads from the network and from disk. A flag answer is a few
/// kilobytes; anything much bigger is a server bug or an attack (a 1 MB gzip bomb decodes into
/// gigabytes), and the saved copy is read before the first screen, so FlagKit refuses it. Every
/// document must also be strict RFC 8259 JSON. The generated Kotlin applies the same limits
/// (docs/runtime.md, Limits).
public enum FlagLimits {
    /// 4 MiB (4,194,304 bytes): the default `maximumBodySize` of the sources. A body of exactly
    /// this size is read; one byte more is refused.
    public static let maximumPayloadSize = 4 * 1024 * 1024

    /// 8 MiB and 64 KiB (8,454,144 bytes): the default `maximumCopySize` of `FileFlagDisk`, as
    /// the generated Kotlin's `FlagSnapshot.MAX_COPY_BYTES`. A saved copy writes every value
    /// again, in more bytes than the answer may have used (`1e15` is `1000000000000000.0`, a
    /// control character `\u0008`), and with a wrapper: twice an answer's room, so that an answer
    /// within the sources' limit is saved unless writing its values again more than doubles
    /// them (a copy over the limit is not saved, and the store reports `diskWrite`).
    public static let maximumCopySize = 2 * maximumPayloadSize + 64 * 1024

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
