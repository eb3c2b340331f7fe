/// What `flaggen report` shows: every flag of a validated manifest on one day, and its reads per
/// platform when code was scanned. The page and the JSON both render this value, so they agree.
struct FlagReport: Sendable {
    /// One flag, with what the page and the JSON show beside its definition.
    struct Row: Sendable {
        /// The flag as the manifest defines it.
        var flag: FlagDefinition
        /// ``FlagDefinition/daysLeft(on:)`` on the report's day.
        var daysLeft: Int?
        /// Where the flag stands.
        var status: FlagStatus
        /// Reads per platform; nil when no code was scanned (no `--refs`).
        var reads: PlatformReads?
    }

    /// The manifest's path, as the user gave it.
    var manifestPath: String
    /// The name of the generated type (`Flags`).
    var typeName: String
    /// The day the report is made for.
    var today: ISODate
    /// Every flag, in manifest order.
    var rows: [Row]
    /// The code scan, if `--refs` asked for one.
    var scan: FlagReferences.Report?

    /// The report of `manifest` on `today`; `references` is a scan of code, if there was one.
    init(manifest: Manifest, manifestPath: String, today: ISODate, references: FlagReferences.Report? = nil) {
        self.manifestPath = manifestPath
        self.typeName = manifest.name
        self.today = today
        let reads = references.map(PlatformReads.byKey)
        self.rows = manifest.flags.map { flag in
            let daysLeft = flag.daysLeft(on: today)
            return Row(
                flag: flag, daysLeft: daysLeft, status: FlagStatus(flag, daysLeft: daysLeft),
                reads: reads.map { $0[flag.key] ?? PlatformReads() })
        }
        self.scan = references
    }

    /// The owners, each once, in UTF-8 byte order (never the locale's). Told apart by their
    /// bytes, as the page's filter compares them: a `Set` of strings took `café` with `é` and
    /// with `e` + U+0301 as one owner, and the filter then showed only one's flags.
    var owners: [String] {
        var seen = Set<[UInt8]>()
        return rows.map(\.flag.owner).filter { seen.insert(Array($0.utf8)).inserted }.sorted(by: Self.precedes)
    }

    /// How many flags have each status, in ``FlagStatus/rank`` order.
    var statusCounts: [(status: FlagStatus, count: Int)] {
        FlagStatus.allCases.map { status in (status, rows.filter { $0.status == status }.count) }
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
