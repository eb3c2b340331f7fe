/// The keys the page's table sorts by, for the columns whose text does not sort right by
/// itself: each is a decimal number the script compares as a number (`data-sort`). Text
/// columns (key, type, kind, owner, rollout's text, deprecation) sort by their text.
enum SortKeys {
    /// A flag without an expiry date sorts after every date: more days than any date has.
    static let noExpiry = 99_999_999

    /// The sort keys of one row's cells.
    struct Row: Sendable, Hashable {
        /// Days left, overdue first; the expiry column sorts the same way.
        var days: String
        /// Kill switches first when ascending.
        var killSwitch: String
        /// The share in basis points; no rule sorts before 0 percent.
        var rollout: String
        /// The most urgent status first (``FlagStatus/rank``).
        var status: String
    }

    /// The keys of one row.
    static func of(_ row: FlagReport.Row) -> Row {
        Row(
            days: String(row.daysLeft ?? noExpiry), killSwitch: row.flag.killSwitch ? "0" : "1",
            rollout: String(row.flag.rollout?.basisPoints ?? -1), status: String(row.status.rank))
    }
}
