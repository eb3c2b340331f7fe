/// The keys the page's table sorts by, for the columns whose text does not sort right by
/// itself: each is a decimal number the script compares as a number (`data-sort`). Text
/// columns (key, type, kind, owner, rollout's text, deprecation) sort by their text.
enum SortKeys {
    /// A flag without an expiry date sorts after every date: more days than any date has.
    static let noExpiry = 99_999_999

    /// The keys of one row, by the name the template reads (`daysSort`, …).
    static func of(_ row: FlagReport.Row) -> [(name: String, key: String)] {
        [
            // Days left, overdue first; the expiry column sorts the same way.
            ("daysSort", String(row.daysLeft ?? noExpiry)),
            // Kill switches first when ascending.
            ("killSwitchSort", row.killSwitch ? "0" : "1"),
            // The share in basis points; no rule sorts before 0 percent.
            ("rolloutSort", String(row.rollout?.basisPoints ?? -1)),
            // The most urgent first.
            ("statusSort", String(row.status.rank)),
        ]
    }
}
