import FlagKit
import Foundation
import XCTest

/// `ConfigDecoding.exactCase`, which the generated enums decode with: a value matches a case only
/// when it is written exactly as the case's raw value, as the generated Kotlin compares strings.
final class ExactCaseTests: XCTestCase {
    private enum Drink: String, Codable, CaseIterable {
        case cafe = "caf\u{E9}"
        case tea = "tea"

        init(from decoder: any Decoder) throws {
            self = try ConfigDecoding.exactCase(from: decoder)
        }
    }

    private struct Order: Decodable, Equatable {
        var drink: Drink
    }

    func testOnlyTheExactTextDecodes() throws {
        XCTAssertEqual(try ConfigDecoding.decode(Order.self, from: Data(#"{"drink":"tea"}"#.utf8)), Order(drink: .tea))
        XCTAssertEqual(try ConfigDecoding.decode(Order.self, from: Data("{\"drink\":\"caf\u{E9}\"}".utf8)), Order(drink: .cafe))
        // Canonically equivalent (Swift's == says equal), but other code points: refused, as on Kotlin.
        XCTAssertEqual("cafe\u{301}", Drink.cafe.rawValue)
        XCTAssertEqual(Drink(rawValue: "cafe\u{301}"), .cafe, "init(rawValue:) compares as Swift does")
        XCTAssertThrowsError(try ConfigDecoding.decode(Order.self, from: Data("{\"drink\":\"cafe\u{301}\"}".utf8)))
        for other in [#""Tea""#, #""tea ""#, #""""#, "1", "null", "true", "[\"tea\"]"] {
            XCTAssertThrowsError(try ConfigDecoding.decode(Order.self, from: Data(#"{"drink":\#(other)}"#.utf8)), other)
        }
    }
}
