/// The report's timeline: for each owner, which flags expire when, as a grid of months — a
/// column of overdue flags, this month and the eleven after it, and a column for later dates.
/// Flags without an expiry date (kill switches, permissions) are not on it.
struct ExpiryTimeline: Sendable {
    /// How many month columns the grid has, this month first (fewer in the last months of
    /// 9999, the last year a date may have).
    static let monthCount = 12

    /// One flag in a cell.
    struct Entry: Sendable, Hashable {
        var key: String
        var expires: ISODate
        var status: FlagStatus
    }

    /// One owner's line: the overdue flags, the flags of each month, and the later ones, each
    /// cell in date order, then key order.
    struct Line: Sendable {
        var owner: String
        var overdue: [Entry] = []
        var months: [[Entry]]
        var later: [Entry] = []
    }

    /// The first day of each month column, this month first.
    var months: [ISODate]
    /// One line per owner who has a flag with an expiry date, owners in UTF-8 byte order.
    var lines: [Line]

    /// The timeline of a report.
    init(_ report: FlagReport) {
        let today = report.today
        months = (0..<Self.monthCount).compactMap { offset in
            let index = today.month - 1 + offset
            return ISODate(year: today.year + index / 12, month: index % 12 + 1, day: 1)
        }
        // By the owner's bytes, as ``FlagReport/owners`` tells owners apart.
        var byOwner: [[UInt8]: Line] = [:]
        let dated = report.rows.compactMap { row in row.flag.expires.map { (row, $0) } }
        for (row, expires) in dated.sorted(by: { ($0.1, $0.0.flag.key) < ($1.1, $1.0.flag.key) }) {  // keys are ASCII
            let owner = Array(row.flag.owner.utf8)
            var line = byOwner[owner] ?? Line(owner: row.flag.owner, months: Array(repeating: [], count: months.count))
            let entry = Entry(key: row.flag.key, expires: expires, status: row.status)
            let column = (expires.year - today.year) * 12 + expires.month - today.month
            if expires < today {
                line.overdue.append(entry)
            } else if column < months.count {
                line.months[column].append(entry)
            } else {
                line.later.append(entry)
            }
            byOwner[owner] = line
        }
        lines = byOwner.values.sorted { FlagReport.precedes($0.owner, $1.owner) }
    }
}
