import Foundation

/// RFC 8259 well-formedness, as the generated Kotlin checks it. Foundation's `JSONDecoder`
/// accepts some text that is not JSON (a trailing comma, for one), so generated configs check
/// with this first: both platforms then accept and refuse the same documents.
public enum StrictJSON {
    /// True when `data` is exactly one well-formed JSON value (whitespace around it allowed).
    public static func isWellFormed(_ data: Data) -> Bool {
        FlagJSON.parse(data) != nil
    }
}
