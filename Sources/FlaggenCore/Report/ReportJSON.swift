import FlaggenJSON

/// `flaggen report --format json`: the report as one JSON document (docs/cleanup.md), the bytes
/// ``JSONWriter`` writes, so the same manifest, code and day give the same bytes.
enum ReportJSON {
    /// The whole document as a value.
    static func document(_ report: FlagReport) -> JSONValue {
        .object([
            "counts": counts(report),
            "expiringSoonDays": .int(FlagStatus.expiringSoonDays),
            "flags": .array(report.rows.map(flag)),
            "manifest": .string(report.manifestPath),
            "name": .string(report.typeName),
            "refs": report.scan.map(scan) ?? .null,
            "today": .string(report.today.description),
        ])
    }

    /// The document's bytes. Every number is finite and the nesting is four deep: the writer
    /// cannot fail here.
    static func bytes(_ report: FlagReport) -> [UInt8] {
        ValidatedJSON.fileBytes(document(report))
    }

    /// How many flags have each status; every status is there.
    static func counts(_ report: FlagReport) -> JSONValue {
        var counts: [String: JSONValue] = [:]
        for (status, count) in report.statusCounts { counts[status.rawValue] = .int(count) }
        return .object(counts)
    }

    /// One flag.
    static func flag(_ row: FlagReport.Row) -> JSONValue {
        .object([
            "key": .string(row.flag.key),
            "type": .string(row.flag.type.rawValue),
            "config": row.flag.configName.map(JSONValue.string) ?? .null,
            "kind": .string(row.flag.kind.rawValue),
            "owner": .string(row.flag.owner),
            "description": row.flag.description.map(JSONValue.string) ?? .null,
            "expires": row.flag.expires.map { .string($0.description) } ?? .null,
            "daysLeft": row.daysLeft.map(JSONValue.int) ?? .null,
            "status": .string(row.status.rawValue),
            "killSwitch": .bool(row.flag.killSwitch),
            "rollout": row.flag.rollout.map(rollout) ?? .null,
            "deprecated": row.flag.deprecated.map(JSONValue.string) ?? .null,
            "reads": row.reads.map { .object(["swift": .int($0.swift), "kotlin": .int($0.kotlin)]) } ?? .null,
            "line": .int(row.flag.location.line),
        ])
    }

    /// A rollout rule: its share as a percentage (a whole number when it is one, such as 10 or
    /// 12.5) and in basis points, its platforms (empty: all) and its lowest app version.
    static func rollout(_ rollout: Rollout) -> JSONValue {
        let percent: JSONValue =
            rollout.basisPoints % 100 == 0 ? .int(rollout.basisPoints / 100) : .double(Double(rollout.basisPoints) / 100)
        return .object([
            "percent": percent,
            "basisPoints": .int(rollout.basisPoints),
            "platforms": .array(rollout.platforms.map { .string($0.rawValue) }),
            "minAppVersion": rollout.minAppVersion.map { .string($0.description) } ?? .null,
        ])
    }

    /// What the code scan covered.
    static func scan(_ scan: FlagReferences.Report) -> JSONValue {
        .object([
            "paths": .array(scan.paths.map(JSONValue.string)),
            "filesScanned": .int(scan.filesScanned),
            "skipped": .array(scan.skipped.map { .object(["file": .string($0.file), "reason": .string($0.reason)]) }),
        ])
    }
}
