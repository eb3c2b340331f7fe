/// `flaggen report`: every flag of the manifest on one page (or in one JSON document) — owner,
/// expiry and days left, status, kill switch, rollout and, with `--refs`, the reads per
/// platform — for the team that pays off flag debt. See docs/cleanup.md.
public struct Report: Sendable {
    /// What the report is written as.
    public enum Format: String, Sendable, CaseIterable {
        /// One self-contained page: inline CSS and script, nothing from the network.
        case html
        /// The same data as one JSON document.
        case json
    }

    /// The manifest's path, as the user gave it.
    var manifestPath: String
    /// The file to write.
    var outputPath: String
    /// HTML or JSON.
    public var format: Format = .html
    /// The day to judge expiry against.
    var today: ISODate
    /// Files and folders whose Swift and Kotlin code is scanned for reads, as `flaggen refs`
    /// scans them; none: no reads are counted.
    public var referencePaths: [String] = []
    /// Globs the scan skips, as `flaggen refs --exclude` takes them.
    public var excluding: [String] = []

    /// Creates a report run.
    public init(manifestPath: String, outputPath: String, today: ISODate) {
        self.manifestPath = manifestPath
        self.outputPath = outputPath
        self.today = today
    }

    /// What a run did.
    public struct Outcome: Sendable {
        /// The manifest's diagnostics (errors mean nothing was written), and warnings about
        /// scanned files left out.
        public var diagnostics: [Diagnostic]
        /// How many flags the written report lists; nil when nothing was written.
        public var flagCount: Int?
    }

    /// Checks the destination, validates the manifest, scans the code, and writes the report
    /// atomically. An invalid manifest writes nothing and returns its diagnostics.
    public func run() throws(CannotRunError) -> Outcome {
        try ReportFile.checkDestination(outputPath, manifestPath: manifestPath)
        let result = try ManifestLoader.load(path: manifestPath)
        guard let manifest = result.manifest else { return Outcome(diagnostics: result.diagnostics, flagCount: nil) }
        var diagnostics = result.diagnostics
        var references: FlagReferences.Report?
        if !referencePaths.isEmpty {
            do {
                let scanned = try FlagReferences(manifest: manifest, manifestPath: manifestPath).scan(paths: referencePaths, excluding: excluding)
                diagnostics += scanned.skippedWarnings
                references = scanned
            } catch {
                throw CannotRunError(message: "--refs \(error.message)")
            }
        }
        let report = FlagReport(manifest: manifest, manifestPath: manifestPath, today: today, references: references)
        let bytes: [UInt8]
        switch format {
        case .json:
            bytes = ReportJSON.bytes(report)
        case .html:
            do throws(TemplateError) {
                bytes = try ReportHTML.bytes(report)
            } catch {
                throw CannotRunError(message: "cannot render the report page: \(error.message)")
            }
        }
        try ReportFile.write(bytes, to: outputPath, manifestPath: manifestPath)
        return Outcome(diagnostics: diagnostics, flagCount: report.rows.count)
    }
}
