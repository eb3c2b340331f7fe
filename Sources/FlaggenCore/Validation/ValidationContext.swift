import FlaggenArguments

/// Collects the diagnostics of one validation run, so every problem is reported, not just the
/// first.
final class ValidationContext {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
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

    func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, file: file, at: location))
    }

    /// Reads a mapping's fields, reporting fields not in `known` (with a "did you mean").
    /// Returns nil, after reporting, when the node is not a mapping.
    func fields(of node: YAMLNode, in what: @autoclosure () -> String, known: [String]) -> Fields? {
        guard case .mapping(let entries, _) = node else {
            error("\(what()) must be a mapping of fields, found \(node.kindDescription)", at: node.location)
            return nil
        }
        for entry in entries where !known.contains(entry.key.text) {
            var message = "unknown field '\(entry.key.text)' in \(what())"
            if let suggestion = NearMiss.suggestion(for: entry.key.text, among: known) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known fields: \(known.joined(separator: ", "))"
            }
            error(message, at: entry.key.location)
        }
        return Fields(entries: entries, location: node.location)
    }
}

/// The fields of one mapping, looked up by name.
struct Fields {
    let entries: [YAMLEntry]
    let location: SourceLocation

    subscript(_ name: String) -> YAMLNode? {
        entries.first { $0.key.text == name }?.value
    }

    /// The position of a field's key, or of the mapping when the field is absent.
    func keyLocation(_ name: String) -> SourceLocation {
        entries.first { $0.key.text == name }?.key.location ?? location
    }
}
