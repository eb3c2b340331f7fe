import XCTest
import FlaggenArguments

final class NearMissTests: XCTestCase {
    private let commands = ["lint", "generate", "check", "bucket", "context", "render", "breaking", "refs"]

    func testOneTypo() {
        XCTAssertEqual(NearMiss.suggestion(for: "lnt", among: commands), "lint")
        XCTAssertEqual(NearMiss.suggestion(for: "chek", among: commands), "check")
        XCTAssertEqual(NearMiss.suggestion(for: "rendr", among: commands), "render")
    }

    func testSwappedNeighboursCountAsOneEdit() {
        XCTAssertEqual(NearMiss.distance("bukcet", "bucket"), 1)
        XCTAssertEqual(NearMiss.suggestion(for: "bukcet", among: commands), "bucket")
        XCTAssertEqual(NearMiss.suggestion(for: "lnit", among: commands), "lint")
    }

    func testTwoEditsInALongerWord() {
        XCTAssertEqual(NearMiss.suggestion(for: "genrte", among: commands), "generate")
        XCTAssertEqual(NearMiss.suggestion(for: "contxet", among: commands), "context")
    }

    func testCaseIsIgnored() {
        XCTAssertEqual(NearMiss.suggestion(for: "LINT", among: commands), "lint")
        XCTAssertEqual(NearMiss.suggestion(for: "Expires", among: ["expires", "owner"]), "expires")
    }

    func testVeryDifferentWordsGetNoSuggestion() {
        XCTAssertNil(NearMiss.suggestion(for: "deploy", among: commands))
        XCTAssertNil(NearMiss.suggestion(for: "xyzzy", among: commands))
        XCTAssertNil(NearMiss.suggestion(for: "generation-report", among: commands))
    }

    func testShortWordsNeedACloseMatch() {
        // Two characters allow no edit at all; three to five allow one.
        XCTAssertNil(NearMiss.suggestion(for: "ab", among: ["ac", "ba"]))
        XCTAssertNil(NearMiss.suggestion(for: "-x", among: ["-f", "-m"]))
        XCTAssertEqual(NearMiss.suggestion(for: "rfs", among: commands), "refs")
        XCTAssertNil(NearMiss.suggestion(for: "rf", among: commands))
        XCTAssertNil(NearMiss.suggestion(for: "lt", among: commands))
    }

    func testEditLimitByLength() {
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 0), 0)
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 2), 0)
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 3), 1)
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 5), 1)
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 6), 2)
        XCTAssertEqual(NearMiss.maximumDistance(forLength: 30), 2)
    }

    func testClosestCandidateWinsAndTiesGoToTheFirstListed() {
        XCTAssertEqual(NearMiss.suggestion(for: "rollouts", among: ["rollouts22", "rolls", "rollout"]), "rollout")
        XCTAssertEqual(NearMiss.suggestion(for: "tset", among: ["test", "tst"]), "test")
        XCTAssertEqual(NearMiss.suggestion(for: "tset", among: ["tst", "test"]), "tst")
    }

    func testExactMatchIsReturned() {
        XCTAssertEqual(NearMiss.suggestion(for: "lint", among: commands), "lint")
    }

    func testEmptyInputs() {
        XCTAssertNil(NearMiss.suggestion(for: "lint", among: []))
        XCTAssertNil(NearMiss.suggestion(for: "", among: commands))
        XCTAssertEqual(NearMiss.suggestion(for: "", among: [""]), "")
        XCTAssertEqual(NearMiss.distance("", "abc"), 3)
        XCTAssertEqual(NearMiss.distance("abc", ""), 3)
    }

    func testDistanceBasics() {
        XCTAssertEqual(NearMiss.distance("kitten", "sitting"), 3)
        XCTAssertEqual(NearMiss.distance("ca", "abc"), 3)  // optimal string alignment, not unrestricted
        XCTAssertEqual(NearMiss.distance("same", "same"), 0)
        XCTAssertEqual(NearMiss.distance("naïve", "naive"), 1)
    }
}
