import FlaggenArguments

/// Collects the diagnostics of one validation run, so every problem is reported, not just the
/// first. Used by one thread at a time.
final class ValidationContext {
    let file: String
    /// The document being validated.
    let tree: YAMLTree
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, tree: YAMLTree) {
        self.file = file
        self.tree = tree
    }

    var hasErrors: Bool { diagnostics.containsErrors }

    /// "Did you mean" hints compare a name with every candidate, so thousands of unknown names
    /// among thousands of configs would take minutes: hints stop after this many comparisons
    /// in one run, far more than a real manifest needs.
    static let maxHintComparisons = 250_000
    private var hintComparisons = 0

    /// The candidate closest to `word`, for a "did you mean" hint; nil when none is close or
    /// the run has used up ``maxHintComparisons``. `candidates` is only built when it is used;
    /// `count` is how many it holds.
    func suggestion(for word: String, among candidates: @autoclosure () -> [String], count: Int) -> String? {
        hintComparisons += count
        guard hintComparisons <= Self.maxHintComparisons else { return nil }
        return NearMiss.suggestion(for: word, among: candidates())
    }

    func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, file: file, at: location))
    }

    /// Reports an error and gives nil: what a read returns when a node does not hold what it needs.
    func refuse<Value>(_ message: String, at location: SourceLocation) -> Value? {
        error(message, at: location)
        return nil
    }

    /// Reads a mapping's fields, reporting fields not among `Name`'s names (with a "did you
    /// mean"). Returns nil, after reporting, when the node is not a mapping.
    func fields<Name: FieldName>(of node: YAMLTree.NodeID, in what: @autoclosure () -> String, as _: Name.Type) -> Fields<Name>? {
        guard tree.kind(node) == .mapping else {
            return refuse("\(what()) must be a mapping of fields, found \(tree.kindDescription(node))", at: tree.location(node))
        }
        var found: [(field: Name, entry: YAMLTree.Entry)] = []
        for entry in tree.entries(node) {
            let text = tree.text(entry.key)
            if let field = Name(rawValue: text) {
                if !found.contains(where: { $0.field == field }) { found.append((field, entry)) }
                continue
            }
            var message = "unknown field '\(text)' in \(what())"
            if let suggestion = NearMiss.suggestion(for: text, among: Name.names) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known fields: \(Name.names.joined(separator: ", "))"
            }
            error(message, at: tree.location(entry.key))
        }
        return Fields(tree: tree, location: tree.location(node), found: found)
    }
}
