/// The string constants of an enum's raw values (`'bool'`, `'release'`), each followed by a
/// fixed text, made once instead of quoting the same few words for every flag.
struct PostgresSeedEnumLiterals<Case: CaseIterable & RawRepresentable & Equatable & Sendable>: Sendable where Case.RawValue == String {
    /// Every case, in `allCases` order (`allCases` builds a new array on each call).
    private let cases: [Case]
    /// ``PostgresSeedLiteral/string(_:)`` of each case's raw value, then the suffix.
    private let literals: [[UInt8]]

    /// The literals of every case, each followed by `suffix`.
    init(followedBy suffix: String = "") {
        cases = Array(Case.allCases)
        literals = cases.map { Array((PostgresSeedLiteral.string($0.rawValue) + suffix).utf8) }
    }

    /// Appends the literal of `value`, then the suffix.
    func append(_ value: Case, to bytes: inout [UInt8]) {
        // A linear search: these enums have a handful of cases.
        guard let index = cases.firstIndex(of: value) else {
            preconditionFailure("\(value) is not among its type's allCases")
        }
        bytes.append(contentsOf: literals[index])
    }
}
