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
        XCTAssertEqual(BreakingChanges.shape(of: old.configs[1]), BreakingChanges.shape(of: new.configs[1]))
        XCTAssertEqual(BreakingChanges().findings(old: old, new: new, file: "flags.yaml", oldName: "old.yaml").map(\.formatted), [])
    }
}
