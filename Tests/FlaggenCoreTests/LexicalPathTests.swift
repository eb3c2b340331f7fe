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

    func testRelativePathsKeepTheirWayOut() {
        XCTAssertEqual(LexicalPath.standardized("../a"), "../a")
        XCTAssertEqual(LexicalPath.standardized("a/../../b"), "../b")
        XCTAssertEqual(LexicalPath.standardized("../../a/./b/../c"), "../../a/c")
        XCTAssertEqual(LexicalPath.standardized("a/b/.."), "a")
    }

    func testParentAndJoin() {
        // The parent is cut at the last `/` byte, even before a combining mark.
        XCTAssertEqual(LexicalPath.parent(of: "/out/\u{301}x.swift"), "/out")
        XCTAssertEqual(LexicalPath.parent(of: "/a/b/c.json"), "/a/b")
        XCTAssertEqual(LexicalPath.parent(of: "/c.json"), "/")
        XCTAssertEqual(LexicalPath.joined("/a/b", "c"), "/a/b/c")
        XCTAssertEqual(LexicalPath.joined("/", "c"), "/c")
    }
}
