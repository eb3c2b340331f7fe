/// Deterministic percentage rollout buckets: each (flag, user) pair gets a bucket in `0...9999`,
/// the first four bytes of `SHA256(utf8(flagKey + ":" + stableID))` as a big-endian `UInt32`,
/// modulo 10,000: the same on every platform and in the server seeds flaggen generates.
///
/// A user is in a rollout of N basis points (1,000 is 10 %) when their bucket is below N, so
/// raising the percentage only adds people; the flag key in the hash gives each flag its own
/// users. Strings are hashed as their exact UTF-8 bytes, unnormalized: `"\u{FC}"` (ü) and
/// `"u\u{308}"` (u + diaeresis) are equal Swift strings but get different buckets.
public enum Bucket {
    /// The number of buckets: 10,000 (buckets are `0...9999`).
    public static let count = 10_000

    /// The bucket, `0...9999`, of the user `stableID` for the flag `flagKey`.
    public static func of(stableID: String, flagKey: String) -> Int {
        let digest = SHA256.hash((flagKey + ":" + stableID).utf8)
        var prefix: UInt32 = 0
        for byte in digest.prefix(4) {
            prefix = prefix << 8 | UInt32(byte)
        }
        return Int(prefix % UInt32(count))
    }

    /// Whether the user `stableID` is in a rollout of `flagKey` to
    /// `basisPoints` (1,000 = 10 %); that is, `of(stableID:flagKey:) < basisPoints`.
    /// `0` or less includes nobody, `10_000` or more includes everybody.
    public static func isIn(stableID: String, flagKey: String, basisPoints: Int) -> Bool {
        of(stableID: stableID, flagKey: flagKey) < basisPoints
    }
}
