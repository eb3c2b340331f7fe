import FlagKitBucket
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlaggenJSON
import Mustache

/// `flaggen report --format html`: one self-contained page, HTML-escaped so text from the manifest
/// is never markup; its inlined script's SHA-256 is the only script its Content-Security-Policy
/// allows, even if markup ever slipped through.
enum ReportHTML {
    /// The template the page is rendered from.
    static let templateName = "report/report.html.mustache"
    /// The page's script, inlined as it is (it has no Mustache tags).
    static let scriptName = "report/report.js.mustache"

    /// The page, as UTF-8 bytes.
    static func bytes(_ report: FlagReport) throws(TemplateError) -> [UInt8] {
        let source = TemplateLibrary.builtIn(templateName) ?? ""
        do throws(MustacheError) {
            let template = try MustacheTemplate(source: source, name: templateName)
            return try template.renderUTF8(context(report))
        } catch {
            throw TemplateError(error)
        }
    }

    /// The script the page runs.
    static var script: String { TemplateLibrary.builtIn(scriptName) ?? "" }

    /// The Content-Security-Policy source that allows exactly ``script``: `'sha256-BASE64'`.
    static var scriptHashSource: String {
        "'sha256-\(Data(SHA256.hash(script.utf8)).base64EncodedString())'"
    }

    /// What the template renders.
    static func context(_ report: FlagReport) -> JSONValue {
        let timeline = ExpiryTimeline(report)
        let context: [String: JSONValue] = [
            "typeName": .string(report.typeName),
            "manifest": .string(report.manifestPath),
            "today": .string(report.today.description),
            "version": .string(FlaggenVersion.current),
            "expiringSoonDays": .int(FlagStatus.expiringSoonDays),
            "flagCount": .int(report.rows.count),
            "statusCounts": .array(
                report.statusCounts.map { .object(["status": .string($0.status.rawValue), "label": .string($0.status.label), "count": .int($0.count)]) }),
            "owners": .array(report.owners.map { .object(["name": .string($0)]) }),
            "statuses": .array(
                FlagStatus.allCases.map { .object(["value": .string($0.rawValue), "label": .string($0.label)]) }),
            "refs": report.scan.map { scan in
                .object([
                    "paths": .string(scan.paths.joined(separator: ", ")),
                    "filesScanned": .int(scan.filesScanned),
                    "skippedCount": .int(scan.skipped.count),
                    "hasSkipped": .bool(!scan.skipped.isEmpty),
                ])
            } ?? .null,
            "hasRefs": .bool(report.scan != nil),
            "flags": .array(report.rows.enumerated().map { row($1, order: $0) }),
            "months": .array(timeline.months.map { .object(["label": .string(monthLabel($0))]) }),
            "timeline": .array(timeline.lines.map(line)),
            "hasTimeline": .bool(!timeline.lines.isEmpty),
            "scriptHash": .string(scriptHashSource),
            "script": .string(script),
        ]
        return .object(context)
    }

    /// A flag without an expiry date sorts after every date: more days than any date has.
    static let noExpiry = 99_999_999

    /// One table row: each cell's text, and the key it sorts by when its text does not sort
    /// right (a decimal number the script compares as one); the reads are null without `--refs`.
    static func row(_ row: FlagReport.Row, order: Int) -> JSONValue {
        // Days left, overdue first (the expiry column sorts the same way); kill switches first;
        // the share in basis points, no rule before 0 percent; the most urgent status first.
        let sort = (
            days: String(row.daysLeft ?? noExpiry), killSwitch: row.flag.killSwitch ? "0" : "1",
            rollout: String(row.flag.rollout?.basisPoints ?? -1), status: String(row.status.rank))
        return .object([
                "order": .int(order),
                "key": .string(row.flag.key),
                "description": row.flag.description.map(JSONValue.string) ?? .null,
                "type": .string(row.flag.typeLabel),
                "kind": .string(row.flag.kind.rawValue),
                "owner": .string(row.flag.owner),
                "expires": .string(row.flag.expires?.description ?? "—"),
                "daysLeft": .string(row.daysLeft.map(String.init) ?? "—"),
                "killSwitch": .string(row.flag.killSwitch ? "yes" : "no"),
                "rollout": .string(row.flag.rollout.map(rolloutText) ?? "—"),
                "status": .string(row.status.rawValue),
                "statusLabel": .string(row.status.label),
                "deprecated": .string(row.flag.deprecated ?? "—"),
                "line": .int(row.flag.location.line),
                "daysSort": .string(sort.days),
                "killSwitchSort": .string(sort.killSwitch),
                "rolloutSort": .string(sort.rollout),
                "statusSort": .string(sort.status),
                "swiftReads": row.reads.map { .int($0.swift) } ?? .null,
                "kotlinReads": row.reads.map { .int($0.kotlin) } ?? .null,
            ])
    }

    /// A rollout as the page shows it: "10% · ios · from 5.2.0"; "all platforms" when it names none.
    static func rolloutText(_ rollout: Rollout) -> String {
        let platforms = rollout.platforms.isEmpty ? "all platforms" : rollout.platforms.map(\.rawValue).joined(separator: ", ")
        let version = rollout.minAppVersion.map { " · from \($0)" } ?? ""
        return "\(rollout.percentText)% · \(platforms)\(version)"
    }

    /// One owner's line of the timeline: the overdue cell, one per month, the later cell.
    static func line(_ line: ExpiryTimeline.Line) -> JSONValue {
        func cell(_ entries: [ExpiryTimeline.Entry], kind: String) -> JSONValue {
            let entries = entries.map {
                JSONValue.object(["key": .string($0.key), "expires": .string($0.expires.description), "status": .string($0.status.rawValue)])
            }
            return .object(["kind": .string(kind), "entries": .array(entries)])
        }
        let cells = [cell(line.overdue, kind: "overdue")] + line.months.map { cell($0, kind: "month") } + [cell(line.later, kind: "later")]
        return .object(["owner": .string(line.owner), "cells": .array(cells)])
    }

    /// `2029-03` for the month that starts on `first`.
    static func monthLabel(_ first: ISODate) -> String {
        String(first.description.prefix(7))
    }
}
