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
    /// Returns nil, after reporting, when the node is not a mapping. `known` names are ASCII.
    func fields(of node: YAMLNode, in what: @autoclosure () -> String, known: [String]) -> Fields? {
        guard case .mapping(let entries, _) = node else {
            error("\(what()) must be a mapping of fields, found \(node.kindDescription)", at: node.location)
            return nil
        }
        var positions = [Int](repeating: -1, count: known.count)
        for (position, entry) in entries.enumerated() {
            if let field = Fields.index(of: entry.key.text, in: known) {
                if positions[field] < 0 { positions[field] = position }
                continue
            }
            var message = "unknown field '\(entry.key.text)' in \(what())"
            if let suggestion = NearMiss.suggestion(for: entry.key.text, among: known) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; known fields: \(known.joined(separator: ", "))"
            }
            error(message, at: entry.key.location)
        }
        return Fields(entries: entries, location: node.location, known: known, positions: positions)
    }
}

/// The fields of one mapping, looked up by name.
///
/// Where each known field is was found once, when the fields were read, so a lookup compares
/// the name with the few known names rather than with every key.
struct Fields {
    let entries: [YAMLEntry]
    let location: SourceLocation
    /// The field names the mapping may have, all ASCII.
    let known: [String]
    /// For each known name, the position of its entry, or -1 when the mapping lacks it.
    let positions: [Int]

    subscript(_ name: String) -> YAMLNode? {
        position(of: name).map { entries[$0].value }
    }

    /// The position of a field's key, or of the mapping when the field is absent.
    func keyLocation(_ name: String) -> SourceLocation {
        position(of: name).map { entries[$0].key.location } ?? location
    }

    private func position(of name: String) -> Int? {
        guard let field = Self.index(of: name, in: known) else {
            return entries.firstIndex { $0.key.text == name }
        }
        let position = positions[field]
        return position < 0 ? nil : position
    }

    /// The index of the known name equal to `name`, as Swift compares strings.
    ///
    /// Known names are ASCII, and an ASCII string equals another string only if that one has
    /// the same bytes or is not ASCII: so byte counts rule most names out without a string
    /// comparison, and only a key with other characters (the Kelvin sign equals "K") is
    /// compared with every name.
    static func index(of name: String, in known: [String]) -> Int? {
        let count = name.utf8.count
        for (index, field) in known.enumerated() where field.utf8.count == count && field == name {
            return index
        }
        if name.utf8.contains(where: { $0 >= 0x80 }) {
            return known.firstIndex(of: name)
        }
        return nil
    }
}
