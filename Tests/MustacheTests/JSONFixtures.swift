import FlaggenJSON
import Foundation
import XCTest

/// Reads JSON for tests with flaggen's own strict parser.
enum JSONFixtures {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    static func parse(_ data: Data) throws -> JSONValue {
        try JSONParser.parse(data)
    }
}

/// Parses a JSON literal written in a test; a malformed literal fails the test.
func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    do {
        return try JSONFixtures.parse(text)
    } catch {
        XCTFail("bad JSON in test: \(error)", file: file, line: line)
        return .null
    }
}
