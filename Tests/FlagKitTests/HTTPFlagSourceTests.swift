@testable import FlagKit
import Foundation
import XCTest

/// `HTTPFlagSource` against a loopback server that speaks flaggen's contract.
final class HTTPFlagSourceTests: XCTestCase {
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

    private func source(_ scenario: String, tag: String, timeout: TimeInterval = 5) throws -> HTTPFlagSource {
        HTTPFlagSource(
            baseURL: try server().baseURL(scenario, tag: tag), platform: "ios", appVersion: "2.4.0",
            installID: "install-1", headers: ["X-API-Key": "public-client-key"], timeout: timeout)
    }

    func testA200AnswerGivesTheFlagsAndTheRequestFollowsTheContract() async throws {
        let source = try source("ok", tag: "ok200")
        let values = await source.fetch(userKey: "acct-42")
        XCTAssertEqual(values?["new_checkout"], true)
        XCTAssertEqual(values?["checkout_button_label"], "Pay now")
        XCTAssertEqual(values?["max_retries"], 5)
        XCTAssertEqual(values?["discount_ratio"], 0.25)
        XCTAssertEqual(values?["paywall"], ["title": "Go Pro today", "trialDays": 14])
        XCTAssertNotNil(values?["flag_from_the_future"], "unknown keys pass through; the store ignores them")
        let version = await source.lastVersion
        XCTAssertEqual(version, "v7")

        let requests = try await server().requests(tag: "ok200")
        XCTAssertEqual(requests.count, 1)
        guard let request = requests.first else { return }
        XCTAssertEqual(request["method"], "POST")
        XCTAssertEqual(request["endpoint"], "/v1/flags/evaluate")
        XCTAssertEqual(body(of: request), [
            "platform": "ios", "appVersion": "2.4.0", "accountId": "acct-42", "installId": "install-1",
        ])
        XCTAssertEqual(headers(of: request)["content-type"], "application/json")
        XCTAssertEqual(headers(of: request)["x-api-key"], "public-client-key")
        XCTAssertNil(headers(of: request)["if-none-match"], "nothing to match on the first fetch")
        XCTAssertNil(headers(of: request)["cookie"])
    }

    func testSignedOutSendsANullAccountID() async throws {
        let source = try source("ok", tag: "signedout")
        _ = await source.fetch(userKey: nil)
        let request = try await server().requests(tag: "signedout").first ?? [:]
        XCTAssertEqual(body(of: request)["accountId"], .null)
        XCTAssertEqual(body(of: request)["installId"], "install-1")
    }

    func testA304WithTheETagReturnsTheLastValues() async throws {
        let source = try source("ok", tag: "etag")
        let first = await source.fetch(userKey: "acct-42")
        let second = await source.fetch(userKey: "acct-42")
        XCTAssertNotNil(first)
        XCTAssertEqual(second, first)
        let requests = try await server().requests(tag: "etag")
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(requests.last.map(headers(of:))?["if-none-match"], #""v7""#)
    }

    func testWithoutAnETagTheVersionIsSentBack() async throws {
        let source = try source("version-only", tag: "version")
        let first = await source.fetch(userKey: "acct-42")
        let second = await source.fetch(userKey: "acct-42")
        XCTAssertEqual(first, ["new_checkout": true])
        XCTAssertEqual(second, first)
        let requests = try await server().requests(tag: "version")
        XCTAssertEqual(requests.last.map(headers(of:))?["if-none-match"], "v9")
    }

    /// Found by a hunt: a `version` of 200,000 characters went back in `If-None-Match`, and the
    /// server refused every later request of the process; one with a line break would have
    /// been a header of its own. A validator that is not a plain header value is not sent.
    func testAVersionThatIsNoHeaderValueIsNotSentBack() async throws {
        for (odd, tag) in [("long", "odd-long"), ("break", "odd-break")] {
            let source = HTTPFlagSource(
                baseURL: try server().baseURL("odd-version", tag: tag), platform: "ios", appVersion: "2.4.0",
                installID: "install-1", headers: ["X-Odd": odd], timeout: 5)
            let first = await source.fetch(userKey: "acct-42")
            let second = await source.fetch(userKey: "acct-42")
            XCTAssertEqual(first, ["new_checkout": true], odd)
            XCTAssertEqual(second, first, odd)
            let requests = try await server().requests(tag: tag)
            XCTAssertEqual(requests.count, 2, odd)
            XCTAssertNil(requests.last.map(headers(of:))?["if-none-match"], odd)
            XCTAssertNil(requests.last.map(headers(of:))?["x-injected"], odd)
        }
    }

    func testAnotherUserNeverSendsOrGetsTheLastUsersVersion() async throws {
        let source = try source("ok", tag: "users")
        _ = await source.fetch(userKey: "acct-42")
        _ = await source.fetch(userKey: "acct-43")
        let requests = try await server().requests(tag: "users")
        XCTAssertEqual(requests.count, 2)
        XCTAssertNil(requests.last.map(headers(of:))?["if-none-match"])
    }

    func testA500Fails() async throws {
        let values = try await source("error500", tag: "e500").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testARedirectOnTheSameOriginIsFollowedWithTheHeaders() async throws {
        let values = try await source("redirect-here", tag: "redirect-here").fetch(userKey: "acct-42")
        XCTAssertEqual(values?["new_checkout"], true)
        let requests = try await server().requests(tag: "redirect-here")
        XCTAssertEqual(requests.map { $0["scenario"] }, ["redirect-here", "ok"])
        XCTAssertEqual(requests.last.map(headers(of:))?["x-api-key"], "public-client-key")
        XCTAssertEqual(requests.last.map(body(of:))?["accountId"], "acct-42", "the body is sent again")
    }

    /// A redirect to another origin would hand the API key and the user's IDs to a server the app
    /// never named: the fetch fails instead, as when the server cannot be reached.
    func testARedirectToAnotherOriginIsNotFollowed() async throws {
        let values = try await source("redirect-away", tag: "redirect-away").fetch(userKey: "acct-42")
        XCTAssertNil(values)
        let requests = try await server().requests(tag: "redirect-away")
        XCTAssertEqual(requests.map { $0["scenario"] }, ["redirect-away"], "nothing reached the other origin")
    }

    func testRedirectsAreFollowedOnlyToTheServerTheAppNamed() throws {
        func follows(_ from: String, _ to: String) throws -> Bool {
            FlagHTTP.Client.mayFollow(from: try XCTUnwrap(URL(string: from)), to: try XCTUnwrap(URL(string: to)))
        }
        XCTAssertTrue(try follows("https://flags.example.com/v1", "https://FLAGS.example.com:443/v2"))
        XCTAssertTrue(try follows("http://flags.example.com/v1", "https://flags.example.com/v1"), "an upgrade to https")
        XCTAssertFalse(try follows("https://flags.example.com/v1", "http://flags.example.com/v1"), "a downgrade")
        XCTAssertFalse(try follows("https://flags.example.com/v1", "https://evil.example.com/v1"))
        XCTAssertFalse(try follows("https://flags.example.com/v1", "https://flags.example.com:8443/v1"))
        XCTAssertFalse(try follows("http://flags.example.com:8080/v1", "https://flags.example.com/v1"), "not the default port")
    }

    func testARedirectLoopEndsAfterFiveRedirects() async throws {
        let values = try await source("redirect-loop", tag: "redirect-loop").fetch(userKey: "acct-42")
        XCTAssertNil(values)
        let requests = try await server().requests(tag: "redirect-loop")
        XCTAssertEqual(requests.count, 1 + FlagHTTP.Client.maximumRedirects)
        XCTAssertEqual(Set(requests.map(body(of:)).map { $0["accountId"] }), ["acct-42"])
    }

    func testASlowServerTimesOut() async throws {
        let source = try source("slow", tag: "slow", timeout: 0.5)
        let started = Date()
        let values = await source.fetch(userKey: "acct-42")
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertNil(values)
        XCTAssertLessThan(elapsed, 2.5, "gave up after \(elapsed) s")
        XCTAssertGreaterThanOrEqual(elapsed, 0.4)
    }

    func testMalformedJSONFails() async throws {
        let values = try await source("malformed", tag: "malformed").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testJSONOfTheWrongShapeFails() async throws {
        let values = try await source("wrong-shape", tag: "shape").fetch(userKey: "acct-42")
        XCTAssertNil(values)
    }

    func testNoServerFails() async throws {
        let source = HTTPFlagSource(
            baseURL: URL(string: "http://127.0.0.1:9")!, appVersion: "2.4.0", installID: "i", timeout: 2)
        let values = await source.fetch(userKey: nil)
        XCTAssertNil(values)
    }

    func testTheDefaultTimeoutIsTenSeconds() {
        let source = HTTPFlagSource(baseURL: URL(string: "https://flags.example.com")!, appVersion: "1", installID: "i")
        XCTAssertEqual(source.timeout, 10)
        XCTAssertEqual(source.endpoint.absoluteString, "https://flags.example.com/v1/flags/evaluate")
    }

    @MainActor
    func testAStoreOnTheHTTPSourceSavesForTheNextSession() async throws {
        let disk = InMemoryFlagDisk()
        let store = FlagStore(source: try source("ok", tag: "store"), disk: disk, flags: TestFlags.all)
        await store.start(userKey: "acct-42")
        let screen = store.view()
        let answered = await store.refresh()
        XCTAssertTrue(answered)
        XCTAssertFalse(screen.isOn(TestFlags.chatMedia), "the server's kill switch applies at once")
        XCTAssertFalse(store.view().isOn(TestFlags.newCheckout), "the rest waits for the next session")

        let next = FlagStore(source: FakeSource(nil), disk: disk, flags: TestFlags.all)
        await next.start(userKey: "acct-42")
        let view = next.view()
        XCTAssertTrue(view.isOn(TestFlags.newCheckout))
        XCTAssertEqual(view.value(TestFlags.buttonLabel), "Pay now")
        XCTAssertEqual(view.value(TestFlags.paywall), TestPaywall(title: "Go Pro today", trialDays: 14))
    }
}
