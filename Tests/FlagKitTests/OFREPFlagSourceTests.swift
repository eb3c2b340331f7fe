@testable import FlagKit
import Foundation
import XCTest

/// `OFREPFlagSource` against a loopback server that speaks OFREP bulk evaluation.
final class OFREPFlagSourceTests: XCTestCase {
    nonisolated(unsafe) private static var server: ContractServer?

    override class func setUp() {
        super.setUp()
        server = try? ContractServer()
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func server() throws -> ContractServer {
        guard let server = Self.server else {
            XCTFail("the contract server (python3 Tests/Peers/contract_server.py) did not start")
            throw ContractServer.ServerError.noPort
        }
        return server
    }

    private func source(_ scenario: String, tag: String, timeout: TimeInterval = 5) throws -> OFREPFlagSource {
        OFREPFlagSource(
            baseURL: try server().baseURL(scenario, tag: tag), installID: "install-1",
            attributes: ["platform": "ios", "appVersion": "2.4.0"], headers: ["Authorization": "Bearer client"],
            timeout: timeout)
    }

    /// Found by a hunt: `"errorCode": null` (a success, to OpenFeature's providers) was read as
    /// an error, and the flag kept its default.
    func testANullErrorCodeIsNoError() {
        let body = Data(#"{"flags": [{"key": "ks", "value": false, "errorCode": null}, {"key": "bad", "value": 1, "errorCode": "GENERAL"}]}"#.utf8)
        XCTAssertEqual(OFREPFlagSource.decode(body), ["ks": false])
    }

    func testA200AnswerMapsValuesAndSkipsErrors() async throws {
        let source = try source("ok", tag: "ok200")
        let values = await source.fetch(userKey: "acct-42")
        XCTAssertEqual(values, [
            "new_checkout": true,
            "checkout_button_label": "Pay now",
            "max_retries": 5,
            "discount_ratio": 0.25,
            "paywall": ["title": "Go Pro today", "trialDays": 14],
            "chat_media_enabled": false,
        ], "flags with an errorCode, or without a value, are left to their defaults")

        let request = try await server().requests(tag: "ok200").first ?? [:]
        XCTAssertEqual(request["endpoint"], "/ofrep/v1/evaluate/flags")
        XCTAssertEqual(body(of: request), [
            "context": ["targetingKey": "acct-42", "platform": "ios", "appVersion": "2.4.0"],
        ])
        XCTAssertEqual(headers(of: request)["authorization"], "Bearer client")
        XCTAssertEqual(headers(of: request)["content-type"], "application/json")
    }

    func testSignedOutTargetsTheInstall() async throws {
        let source = try source("ok", tag: "signedout")
        _ = await source.fetch(userKey: nil)
        let request = try await server().requests(tag: "signedout").first ?? [:]
        guard case .object(let context)? = body(of: request)["context"] else { return XCTFail("no context") }
        XCTAssertEqual(context["targetingKey"], "install-1")
    }

    func testA304WithTheETagReturnsTheLastValues() async throws {
        let source = try source("ok", tag: "etag")
        let first = await source.fetch(userKey: "acct-42")
        let second = await source.fetch(userKey: "acct-42")
        XCTAssertNotNil(first)
        XCTAssertEqual(second, first)
        let requests = try await server().requests(tag: "etag")
        XCTAssertEqual(requests.count, 2)
        XCTAssertNil(requests.first.map(headers(of:))?["if-none-match"])
        XCTAssertEqual(requests.last.map(headers(of:))?["if-none-match"], #""ofrep-3""#)
    }

    func testAnotherUserDoesNotSendTheLastETag() async throws {
        let source = try source("ok", tag: "users")
        _ = await source.fetch(userKey: "acct-42")
        let other = await source.fetch(userKey: nil)
        XCTAssertNotNil(other)
        let requests = try await server().requests(tag: "users")
        XCTAssertNil(requests.last.map(headers(of:))?["if-none-match"])
    }

    func testA500Fails() async throws {
        let values = try await source("error500", tag: "e500").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testABulkFailureFails() async throws {
        let values = try await source("bad-request", tag: "e400").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testARedirectOnTheSameOriginIsFollowedWithTheHeaders() async throws {
        let values = try await source("redirect-here", tag: "redirect-here").fetch(userKey: "acct-42")
        XCTAssertEqual(values?["new_checkout"], true)
        let requests = try await server().requests(tag: "redirect-here")
        XCTAssertEqual(requests.map { $0["scenario"] }, ["redirect-here", "ok"])
        XCTAssertEqual(requests.last.map(headers(of:))?["authorization"], "Bearer client")
    }

    /// A redirect to another origin would hand the credentials and the user's attributes to a
    /// server the app never named: the fetch fails instead.
    func testARedirectToAnotherOriginIsNotFollowed() async throws {
        let values = try await source("redirect-away", tag: "redirect-away").fetch(userKey: "acct-42")
        XCTAssertNil(values)
        let requests = try await server().requests(tag: "redirect-away")
        XCTAssertEqual(requests.map { $0["scenario"] }, ["redirect-away"], "nothing reached the other origin")
    }

    func testASlowServerTimesOut() async throws {
        let source = try source("slow", tag: "slow", timeout: 0.5)
        let started = Date()
        let values = await source.fetch(userKey: "acct-42")
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertNil(values)
        XCTAssertLessThan(elapsed, 2.5, "gave up after \(elapsed) s")
    }

    func testMalformedJSONFails() async throws {
        let values = try await source("malformed", tag: "malformed").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testJSONOfTheWrongShapeFails() async throws {
        let values = try await source("wrong-shape", tag: "shape").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }
}
