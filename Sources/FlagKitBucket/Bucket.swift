/// Deterministic percentage rollout buckets.
///
/// Every (flag, user) pair gets a bucket number in `0...9999`: the first four
/// bytes of `SHA256(utf8(flagKey + ":" + stableID))`, read as a big-endian
/// `UInt32`, modulo 10,000. The same inputs give the same bucket on every
/// platform, in every app, and in the server seeds that flaggen generates.
///
/// Rollouts are expressed in basis points: 1 basis point is 0.01 %, so
/// 1,000 basis points is 10 % and 10,000 is everyone. A user is in a rollout
/// when their bucket is below the basis points, so raising the percentage
/// only adds people: everyone in the 10 % set is also in the 20 % set.
///
/// Because the flag key is part of the hash, different flags pick
/// independent sets of users.
///
/// Strings are hashed as their exact UTF-8 bytes, without Unicode
/// normalization: `"\u{FC}"` (ü precomposed) and `"u\u{308}"` (u + combining
/// diaeresis) are equal Swift strings but get different buckets.
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
