import CSHA256
import FlagKitBucket

/// The SHA-256 of a manifest, for the generated files' headers.
///
/// With the CPU's SHA instructions when it has them (x86-64 SHA extensions, through the small C
/// target `CSHA256`): about 1 ms for a 2.6 MB manifest, against about 9 ms for FlagKitBucket's
/// portable `SHA256`, which is used everywhere else and stays the reference (the tests compare
/// the two on inputs of every length up to several blocks).
enum ManifestHash {
    /// Whether the hardware path is used on this machine.
    static let usesHardware = flaggen_sha256_available() == 1

    /// The digest of `bytes`, lowercase hex.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        guard usesHardware else { return SHA256.hexDigest(bytes) }
        return SHA256.hex(hardwareDigest(bytes))
    }

    /// The digest from the SHA instructions; only when ``usesHardware``.
    static func hardwareDigest(_ bytes: [UInt8]) -> [UInt8] {
        precondition(usesHardware, "this CPU has no SHA instructions")
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { flaggen_sha256(input.baseAddress, input.count, $0.baseAddress!) }
        }
        return digest
    }
}
