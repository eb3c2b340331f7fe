/// A position in an input file, 1-based, as compilers and editors print it.
struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, counting from 1.
    var line: Int
    /// The column, counting from 1, in Unicode characters (libyaml's count).
    var column: Int

    /// The start of a file, for problems that belong to the file as a whole.
    static let startOfFile = SourceLocation(line: 1, column: 1)

    var description: String { "\(line):\(column)" }

    static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
