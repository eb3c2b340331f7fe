import Foundation
import XCTest

/// The generated Swift decodes the same JSON documents as the generated Kotlin
/// (KotlinCompileTests), with the same answers: valid or not.
final class SharedDecodingVectorTests: XCTestCase {
    func testHostileSwiftAgreesWithKotlinOnEveryVector() throws {
        let vectors = try loadDecodingVectors("hostile")
        XCTAssertGreaterThan(vectors.count, 10)
        for vector in vectors {
            let data = Data(vector.json.utf8)
            let decoded: Bool
            switch vector.config {
            case "Keywords": decoded = Hostile.Keywords.decode(from: data) != nil
            case "Nested": decoded = Hostile.Nested.decode(from: data) != nil
            case "Empty": decoded = Hostile.Empty.decode(from: data) != nil
            default:
                XCTFail("unknown config \(vector.config)")
                continue
            }
            XCTAssertEqual(decoded, vector.valid, "\(vector.config): \(vector.json.prefix(200))")
        }
    }
}

/// The vectors of one manifest from Tests/FlaggenCoreTests/Fixtures/config-decoding-vectors.json.
func loadDecodingVectors(_ manifest: String) throws -> [(config: String, json: String, valid: Bool)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FlaggenCoreTests/Fixtures/config-decoding-vectors.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [[String: Any]]]
    return try XCTUnwrap(object?[manifest]).compactMap { item in
        guard let config = item["config"] as? String, let json = item["json"] as? String, let valid = item["valid"] as? Bool else { return nil }
        return (config, json, valid)
    }
}
