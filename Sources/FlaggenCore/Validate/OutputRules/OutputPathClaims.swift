/// Every file the manifest's outputs write has a path of its own, checked for every manifest,
/// whatever a run selects (see ``OutputRules``): no two files on one path, also in spellings
/// that differ only by case (one file on the case-insensitive volumes of macOS, where iOS teams
/// work), and no file inside another output's file
/// (`swift: Generated/Server/flags.seed.sql/Flags.swift`).
///
/// The files are those ``Generator/plannedPaths(for:kind:)`` plans, each claimed by the
/// `outputs` entry that places it; a clash is reported at that entry's path, preferring the one
/// the manifest writes (an entry left out still claims its default). The entries' own paths
/// are compared as the manifest is read (`outputs.swift and outputs.seeds both name ...`), and
/// schemas of configs whose names differ only in case are ``SchemaRules``'.
struct OutputPathClaims {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// One file an output writes, and the `outputs` entry that places it.
    private struct Claim {
        var path: String
        /// The path as compared: `.` components dropped, lowercased.
        var folded: String
        var entry: OutputField
        /// What the file is, for messages: "the Swift file", "the seed flags.seed.sql".
        var what: String
    }

    /// Reports every clash between the files of `manifest`'s outputs, once per pair of entries.
    func check(_ manifest: Manifest) {
        let claims = Self.claims(of: manifest)
        var byPath: [String: Claim] = [:]
        var reported: Set<[String]> = []
        for claim in claims {
            guard let first = byPath[claim.folded] else {
                byPath[claim.folded] = claim
                continue
            }
            if first.entry == .schemas, claim.entry == .schemas { continue }
            report(claim, first, reported: &reported) { reportedClaim, other in
                let spelling = reportedClaim.path == other.path ? "" : " (as \(other.path): on macOS, paths that differ only by case name one file)"
                return "where \(describe(other.entry, besides: reportedClaim.entry)) puts \(other.what)\(spelling)"
            }
        }
        for claim in claims {
            var folder = claim.folded[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard let outer = byPath[String(folder)] else { continue }
                report(claim, outer, reported: &reported) { reportedClaim, other in
                    reportedClaim.path == claim.path
                        ? "inside \(other.path), where \(describe(other.entry, besides: reportedClaim.entry)) puts \(other.what) as a file"
                        : "a file that \(describe(other.entry, besides: reportedClaim.entry)) needs as a folder for \(other.what) (\(other.path))"
                }
                break
            }
        }
    }

    /// Every file of every kind of output, with its entry.
    private static func claims(of manifest: Manifest) -> [Claim] {
        OutputKind.allCases.flatMap { kind in
            Generator.plannedFiles(for: manifest, kind: kind).map { file in
                Claim(path: file.path, folded: OutputPathRules.normalized(file.path).lowercased(), entry: file.entry, what: file.what)
            }
        }
    }

    /// Reports the clash of `claim` with `other`, the earlier claim, once per pair of entries, at
    /// the path of the entry the manifest writes (the later one when it writes both; `other`
    /// when both are one entry); `clash` says how the reported claim meets the other.
    private func report(_ claim: Claim, _ other: Claim, reported: inout Set<[String]>, clash: (Claim, Claim) -> String) {
        let claimNode = nodes.output(claim.entry)
        let otherNode = nodes.output(other.entry)
        let reportsClaim: Bool
        switch (claimNode, otherNode) {
        case _ where claim.entry == other.entry: reportsClaim = false
        case (let claimNode?, let otherNode?): reportsClaim = nodes.tree.location(otherNode) <= nodes.tree.location(claimNode)
        case (_, nil): reportsClaim = true
        case (nil, _): reportsClaim = false
        }
        let (shown, against) = reportsClaim ? (claim, other) : (other, claim)
        guard reported.insert([shown.entry.rawValue, against.entry.rawValue]).inserted else { return }
        let location = (reportsClaim ? claimNode : otherNode).map(nodes.tree.location) ?? nodes.topLevel(.outputs).map(nodes.tree.location) ?? .startOfFile
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
