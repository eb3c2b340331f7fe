@testable import FlaggenCore
import Foundation
import XCTest

/// `LexicalPath` standardizes paths as `URL.standardizedFileURL` does, without the `URL`s.
final class LexicalPathTests: XCTestCase {
    func testStandardizesLikeFoundation() {
        let paths = [
            "/a/b/c.swift", "/a//b/./c.swift", "/a/b/../c.swift", "/a/b/../../c", "/a/./.", "/a/b/..", "/../a", "/a/b/c/../../../..",
            "/tmp/out dir/Schemas/../Server/flags.seed.json", "/é/ü/../x", "/a/b/", "/",
        ]
        for path in paths {
            XCTAssertEqual(LexicalPath.standardized(path), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
    }

    func testParentAndJoin() {
        XCTAssertEqual(LexicalPath.parent(of: "/a/b/c.json"), "/a/b")
        XCTAssertEqual(LexicalPath.parent(of: "/c.json"), "/")
        XCTAssertEqual(LexicalPath.joined("/a/b", "c"), "/a/b/c")
        XCTAssertEqual(LexicalPath.joined("/", "c"), "/c")
    }
}
