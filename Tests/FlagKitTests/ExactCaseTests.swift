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

    private struct Size: Decodable, Equatable {
        var sizeKb: Int?
    }

    /// Property names are looked up exactly too: `size\u{212A}b` (KELVIN SIGN, canonically
    /// equivalent to K) is an unknown name, as the generated Kotlin reads it.
    func testPropertyNamesAreMatchedExactly() throws {
        XCTAssertEqual(try ConfigDecoding.decode(Size.self, from: Data(#"{"sizeKb":5}"#.utf8)), Size(sizeKb: 5))
        XCTAssertEqual("size\u{212A}b", "sizeKb", "Swift's == finds the KELVIN SIGN equal")
        XCTAssertEqual(try ConfigDecoding.decode(Size.self, from: Data(#"{"size\u212Ab":5}"#.utf8)), Size(sizeKb: nil))
        XCTAssertEqual(try ConfigDecoding.decode(Size.self, from: Data("{\"size\u{212A}b\":5}".utf8)), Size(sizeKb: nil))
        XCTAssertThrowsError(try ConfigDecoding.decode(Size.self, from: Data(#"{"sizeKb":5,"size\u212Ab":6}"#.utf8)),
                             "canonically equivalent names are still duplicates")
    }
}
