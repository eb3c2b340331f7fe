@testable import FlaggenCore
import XCTest

final class BreakingChangesTests: XCTestCase {
    private let keys = (0..<40).map { "k\($0)" }

    /// A config whose property default is an object, with the object's keys in `order`.
    private func manifest(keys order: [String]) throws -> Manifest {
        let object = order.map { "\($0): 1" }.joined(separator: ", ")
        let properties = keys.map { "          \($0): {type: int}" }.joined(separator: "\n")
        let yaml = """
            version: 1
            flags:
              layout: {type: json, schema: Layout, default: {}, owner: a, expires: 2029-01-01}
            configs:
              Inner:
                properties:
            \(properties)
              Layout:
                properties:
                  inner: {type: Inner, default: {\(object)}}

            """
        return try XCTUnwrap(validate(yaml).manifest, "\(validate(yaml).diagnostics)")
    }

    /// The same default written with its keys in another order is the same shape: the shape
    /// compared the defaults' descriptions, whose key order follows the dictionary's, so
    /// `breaking` reported "changed shape" now and then for an unchanged config.
    func testAnObjectDefaultWithItsKeysInAnotherOrderIsTheSameShape() throws {
        let old = try manifest(keys: keys)
        let new = try manifest(keys: keys.reversed())
        var structures = ConfigStructures(old: old, new: new)
        XCTAssertEqual(structures.old(.config("Layout")), structures.new(.config("Layout")))
        XCTAssertEqual(BreakingChanges().findings(old: old, new: new, file: "flags.yaml", oldName: "old.yaml").map(\.formatted), [])
    }
}

/// Changes a review found `breaking` missing (or reporting wrongly), each against the runtime's
/// real behaviour: installed apps decode a config with the rules compiled into them, whatever its
/// `version` says, and compare values code point for code point.
final class BreakingChangesReviewTests: XCTestCase {
    private func findings(_ old: String, _ new: String, strict: Bool = false) throws -> [String] {
        let oldManifest = try XCTUnwrap(validate(old).manifest, "\(validate(old).diagnostics)")
        let newManifest = try XCTUnwrap(validate(new).manifest, "\(validate(new).diagnostics)")
        var breaking = BreakingChanges()
        breaking.strict = strict
        return breaking.findings(old: oldManifest, new: newManifest, file: "flags.yaml", oldName: "old.yaml").map(\.formatted)
    }

    private func config(version: Int = 1, _ properties: String, required: String = "[title]", default value: String = "{title: Go}") -> String {
        """
        version: 1
        flags:
          paywall: {type: json, schema: Paywall, default: \(value), owner: a, expires: 2029-01-01}
        configs:
          Paywall:
            version: \(version)
            required: \(required)
            properties:
        \(properties)

        """
    }

    func testARequiredPropertyMadeOptionalIsAnErrorWhateverTheVersion() throws {
        let old = config("      title: {type: string}")
        let new = config(version: 2, "      title: {type: string}", required: "[]", default: "{}")
        let found = try findings(old, new)
        XCTAssertTrue(found.contains { $0.contains("error: property 'Paywall.title' is no longer required") }, "\(found)")
    }

    func testWhatAPropertyAcceptsChangingIsAWarningWhateverTheVersion() throws {
        let cases: [(String, String)] = [
            ("style: {type: string, enum: [light, dark]}", "style: {type: string, enum: [light, dark, sepia]}"),
            ("style: {type: string, enum: [light, dark]}", "style: {type: string}"),
            ("style: {type: string}", "style: {type: string, enum: [light, dark]}"),
            ("style: {type: string, maxLength: 40}", "style: {type: string, maxLength: 60}"),
            ("count: {type: int, minimum: 1}", "count: {type: int, minimum: 0}"),
        ]
        for (before, after) in cases {
            let old = config("      title: {type: string}\n      \(before)")
            let new = config(version: 2, "      title: {type: string}\n      \(after)")
            let found = try findings(old, new)
            let name = before.prefix { $0 != ":" }
            XCTAssertTrue(found.contains { $0.contains("warning: property 'Paywall.\(name)' changed what it accepts") }, "\(before) -> \(after): \(found)")
            XCTAssertTrue(try findings(old, new, strict: true).contains { $0.contains("error: property 'Paywall.\(name)' changed what it accepts") })
        }
    }

    /// A default does not change what apps accept: they fill in their own where a value leaves
    /// the property out.
    func testAPropertysDefaultChangedIsAWarningOfItsOwn() throws {
        let old = config("      title: {type: string}\n      count: {type: int, maximum: 9, default: 3}")
        let new = config(version: 2, "      title: {type: string}\n      count: {type: int, maximum: 9, default: 4}")
        let found = try findings(old, new)
        XCTAssertTrue(found.contains { $0.contains("warning: property 'Paywall.count' changed its default; installed apps fill in the old default") }, "\(found)")
        XCTAssertFalse(found.contains { $0.contains("changed what it accepts") }, "\(found)")
    }

    func testReorderingPropertiesOrEnumValuesIsNotAChangeOfShape() throws {
        let old = config("      title: {type: string}\n      style: {type: string, enum: [light, dark]}")
        let new = config("      style: {type: string, enum: [dark, light]}\n      title: {type: string}")
        XCTAssertEqual(try findings(old, new), [])
    }

    func testAValueWrittenInAnotherUnicodeNormalizationIsAnotherValue() throws {
        func flag(_ values: String) -> String {
            "version: 1\nflags:\n  f: {type: string, enum: [\(values)], default: plain, owner: a, expires: 2029-01-01}\n"
        }
        let found = try findings(flag("plain, \"caf\\u00E9\""), flag("plain, \"cafe\\u0301\""))
        XCTAssertTrue(found.contains { $0.contains("error: flag 'f' lost the enum value 'café'") }, "\(found)")
        let defaults = try findings(
            "version: 1\nflags:\n  s: {type: string, default: \"caf\\u00E9\", owner: a, expires: 2029-01-01}\n",
            "version: 1\nflags:\n  s: {type: string, default: \"cafe\\u0301\", owner: a, expires: 2029-01-01}\n")
        XCTAssertTrue(defaults.contains { $0.contains("warning: flag 's' changed its default") }, "\(defaults)")
    }

    func testAStringFlagThatGainsAnEnumListIsAWarning() throws {
        let found = try findings(
            "version: 1\nflags:\n  layout: {type: string, default: grid, owner: a, expires: 2029-01-01}\n",
            "version: 1\nflags:\n  layout: {type: string, enum: [grid, list], default: grid, owner: a, expires: 2029-01-01}\n")
        XCTAssertTrue(found.contains { $0.contains("warning: flag 'layout' now lists its enum values") }, "\(found)")
    }

    func testAnExpiryRemovedIsAWarning() throws {
        let found = try findings(
            "version: 1\nflags:\n  f: {type: bool, default: false, owner: a, expires: 2029-01-01}\n",
            "version: 1\nflags:\n  f: {type: bool, default: false, owner: a, kind: permission}\n")
        XCTAssertTrue(found.contains { $0.contains("warning: flag 'f' no longer expires (it did on 2029-01-01") }, "\(found)")
    }
}

/// A config renamed without changing what it reads is the same type to installed apps, which
/// decode JSON, not names. (Reported: "changed type from array of Plan to array of PricePlan;
/// add a new property instead", an error no `version` could answer.)
final class BreakingChangesRenameTests: XCTestCase {
    private func findings(_ old: String, _ new: String) throws -> [String] {
        let oldManifest = try XCTUnwrap(validate(old).manifest, "\(validate(old).diagnostics)")
        let newManifest = try XCTUnwrap(validate(new).manifest, "\(validate(new).diagnostics)")
        return BreakingChanges().findings(old: oldManifest, new: newManifest, file: "flags.yaml", oldName: "old.yaml").map(\.formatted)
    }

    private func manifest(plan: String, item: String = "id: {type: string}", schema: String = "Paywall", top: String = "Paywall") -> String {
        """
        version: 1
        flags:
          paywall: {type: json, schema: \(schema), default: {title: Hi}, owner: a, expires: 2029-01-01}
        configs:
          \(top):
            properties:
              title: {type: string}
              plans: {type: array, items: \(plan), default: []}
            required: [title]
          \(plan):
            properties:
              \(item)
            required: [id]

        """
    }

    func testANestedConfigRenamedWithTheSameShapeIsNoChange() throws {
        XCTAssertEqual(try findings(manifest(plan: "Plan"), manifest(plan: "PricePlan")), [])
    }

    func testAFlagsConfigRenamedWithTheSameShapeIsNoChange() throws {
        XCTAssertEqual(try findings(manifest(plan: "Plan"), manifest(plan: "Plan", schema: "Offer", top: "Offer")), [])
    }

    func testARenamedConfigWhoseShapeChangedIsStillAChangeOfType() throws {
        let found = try findings(manifest(plan: "Plan"), manifest(plan: "PricePlan", item: "id: {type: int}"))
        XCTAssertTrue(found.contains { $0.contains("error: property 'Paywall.plans' changed type from array of Plan to array of PricePlan") }, "\(found)")
    }

    /// Configs that nest each other twice at every level are compared by number, not by
    /// expanding them (2^400 characters).
    func testDeeplySharedConfigsAreComparedWithoutExpandingThem() throws {
        var configs = "  C0:\n    properties:\n      v: {type: int}\n"
        for level in 1...400 {
            configs += "  C\(level):\n    properties:\n      a: {type: C\(level - 1)}\n      b: {type: C\(level - 1)}\n"
        }
        let yaml = "version: 1\nflags:\n  f: {type: json, schema: C400, default: {}, owner: a, expires: 2029-01-01}\nconfigs:\n" + configs
        XCTAssertEqual(try findings(yaml, yaml), [])
    }
}
