/// Every file the manifest's outputs write has a path of its own, checked for every manifest,
/// whatever a run selects (see ``OutputRules``): no two files on one path, also in spellings
/// that differ only by case (one file on the case-insensitive volumes of macOS, where iOS teams
/// work), and no file inside another output's file
/// (`swift: Generated/Server/flags.seed.sql/Flags.swift`).
///
/// The files are those ``Generator/plannedFiles(for:kind:)`` plans, each claimed by the
/// `outputs` entry that places it; a clash is reported at that entry's path, preferring the one
/// the manifest writes (an entry left out still claims its default). The entries' own paths
/// are compared as the manifest is read (`outputs.swift and outputs.seeds both name ...`), and
/// schemas of configs whose names differ only in case are ``SchemaRules``'. ``Generator/clashes(_:)``
/// finds the clashes here, on the lexical paths, and in `Generate.plan()`, on the resolved ones.
struct OutputPathClaims {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every clash between the files of `manifest`'s outputs, once per pair of entries.
    func check(_ manifest: Manifest) {
        let files = OutputKind.allCases.flatMap { Generator.plannedFiles(for: manifest, kind: $0) }
        var reported: Set<[String]> = []
        for clash in Generator.clashes(files.map { ($0, LexicalPath.standardized($0.path).lowercased()) }) {
            // Schemas that differ only in case are SchemaRules' to report, by config name.
            if !clash.inside, clash.file.entry == .schemas, clash.other.entry == .schemas { continue }
            report(clash.file, clash.other, reported: &reported) { shown, other in
                if !clash.inside {
                    let spelling = shown.path == other.path ? "" : " (as \(other.path): on macOS, paths that differ only by case name one file)"
                    return "where \(describe(other.entry, besides: shown.entry)) puts \(other.what)\(spelling)"
                }
                return shown.path == clash.file.path
                    ? "inside \(other.path), where \(describe(other.entry, besides: shown.entry)) puts \(other.what) as a file"
                    : "a file that \(describe(other.entry, besides: shown.entry)) needs as a folder for \(other.what) (\(other.path))"
            }
        }
    }

    /// Reports the clash of `file` with `other`, the earlier file, once per pair of entries, at
    /// the path of the entry the manifest writes (the later one when it writes both; `other`
    /// when both are one entry); `clash` says how the reported file meets the other.
    private func report(_ file: Generator.PlannedFile, _ other: Generator.PlannedFile, reported: inout Set<[String]>, clash: (Generator.PlannedFile, Generator.PlannedFile) -> String) {
        let fileNode = nodes.output(file.entry)
        let otherNode = nodes.output(other.entry)
        let reportsFile: Bool
        switch (fileNode, otherNode) {
        case _ where file.entry == other.entry: reportsFile = false
        case (let fileNode?, let otherNode?): reportsFile = nodes.tree.location(otherNode) <= nodes.tree.location(fileNode)
        case (_, nil): reportsFile = true
        case (nil, _): reportsFile = false
        }
        let (shown, against) = reportsFile ? (file, other) : (other, file)
        guard reported.insert([shown.entry.rawValue, against.entry.rawValue]).inserted else { return }
        let location = (reportsFile ? fileNode : otherNode).map(nodes.tree.location) ?? nodes.topLevel(.outputs).map(nodes.tree.location) ?? .startOfFile
        let fix = shown.entry == against.entry ? "pick another file name" : "give each output in 'outputs' its own path"
        context.error("outputs.\(shown.entry.name) puts \(shown.what) at \(shown.path), \(clash(shown, against)); \(fix)", at: location)
    }

    /// `outputs.NAME` as a message names the other entry of a clash: "it" when it is the
    /// reported entry itself, with a note when the manifest leaves it at its default.
    private func describe(_ entry: OutputField, besides reported: OutputField) -> String {
        if entry == reported { return "it also" }
        return nodes.output(entry) == nil ? "outputs.\(entry.name), left at its default," : "outputs.\(entry.name)"
    }
}
