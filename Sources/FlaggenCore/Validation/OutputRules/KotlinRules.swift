/// How many flags the generated Kotlin holds before kotlinc may refuse it, checked for every
/// manifest (see ``OutputRules``): a warning, since the Swift and the seeds are fine and a
/// team that does not compile the Kotlin loses nothing.
struct KotlinRules {
    /// Above about this many flags kotlinc refuses the generated `object Flags`: a JVM class
    /// file holds at most 65,535 constants and each flag's getter needs about 4 (measured:
    /// 10,000 flags compile, 17,000 do not; docs/performance.md).
    static let flagCeiling = 15_000

    let context: ValidationContext

    /// Warns at the first flag past ``flagCeiling``.
    func check(_ manifest: Manifest) {
        guard manifest.flags.count > Self.flagCeiling else { return }
        context.warning(
            "the manifest has \(manifest.flags.count) flags, more than \(Self.flagCeiling) from flag "
                + "'\(manifest.flags[Self.flagCeiling].key)' on; the generated Kotlin nears the JVM's limit of 65,535 constants "
                + "in one class, and kotlinc refuses one flags object of about 16,000 flags or more (docs/performance.md): "
                + "split the manifest, or ignore this warning if no app compiles the generated Kotlin",
            at: manifest.flags[Self.flagCeiling].location)
    }
}
