/// One finding about an input file: an error that fails the run, or a warning that does not.
///
/// Printed like a compiler diagnostic, `flags.yaml:12:5: error: message`, so editors and CI
/// logs link straight to the line.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a finding is.
    enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    /// How serious the finding is.
    var severity: Severity
    /// What is wrong and what to do about it, in one or two sentences.
    var message: String
    /// The file the finding is about, as the user named it.
    var file: String
    /// Where in the file.
    var location: SourceLocation

    /// Creates a diagnostic.
    init(_ severity: Severity, _ message: String, file: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
    }

    /// `file:line:column: severity: message`, on one line: control characters from the input
    /// are written as escapes (``TerminalText``).
    public var formatted: String {
        "\(TerminalText.escaped(file)):\(location.line):\(location.column): \(severity.rawValue): \(TerminalText.escaped(message))"
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { formatted }
}

extension Array where Element == Diagnostic {
    /// True when at least one diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics ordered by file, then position, then severity, so output is stable.
    func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            if a.element.file != b.element.file { return a.element.file < b.element.file }
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }
}
