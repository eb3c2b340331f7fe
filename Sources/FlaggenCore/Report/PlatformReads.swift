/// How many times the scanned code reads one flag, per platform, as `flaggen refs` finds the
/// reads (``FlagReferences``): `Flags.x`, `FlagKey.x` and raw key strings alike.
struct PlatformReads: Sendable, Hashable {
    /// Reads in `.swift` files.
    var swift = 0
    /// Reads in `.kt` and `.kts` files.
    var kotlin = 0

    /// The reads of each flag of a scan, by key; a flag no code reads has none in the map.
    static func byKey(_ report: FlagReferences.Report) -> [String: PlatformReads] {
        report.references.mapValues { references in
            var reads = PlatformReads()
            for reference in references {
                // A file named on the command line is scanned whatever its name; only Swift and
                // Kotlin files count for a platform.
                switch PiranhaRules.Language(file: reference.file) {
                case .swift?: reads.swift += 1
                case .kotlin?: reads.kotlin += 1
                case nil: break
                }
            }
            return reads
        }
    }
}
