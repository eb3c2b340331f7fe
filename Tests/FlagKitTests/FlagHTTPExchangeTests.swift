@testable import FlagKit
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `FlagHTTP.Exchange`, the part that answers the caller, without the transport's cooperation:
/// its task belongs to a session that never reports to it, as a transport that ignores
/// cancellation would, and asks a server that takes 3 s to answer.
final class FlagHTTPExchangeTests: XCTestCase {
    nonisolated(unsafe) private static var server: ContractServer?
    private let session = URLSession(configuration: .ephemeral)

    override class func setUp() {
        super.setUp()
        server = try? ContractServer()
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    override func tearDown() {
        session.invalidateAndCancel()
        super.tearDown()
    }

    private func exchange(maximumBodySize: Int = 16) throws -> FlagHTTP.Exchange {
        guard let server = Self.server else {
            XCTFail("the contract server (python3 Tests/Peers/contract_server.py) did not start")
            throw ContractServer.ServerError.noPort
        }
        var request = URLRequest(url: server.baseURL("slow", tag: "exchange").appendingPathComponent("v1/flags/evaluate"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        return FlagHTTP.Exchange(task: session.dataTask(with: request), maximumBodySize: maximumBodySize)
    }

    func testTheDeadlineAnswersEvenWhenTheTransportNeverDoes() async throws {
        let exchange = try exchange()
        let started = Date()
        let answer = await withCheckedContinuation { exchange.begin($0, timeout: 0.5) }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertNil(answer)
        XCTAssertLessThan(seconds, 2.5, "answered after \(seconds) s")
    }

    func testBytesPastTheLimitAnswerAtOnce() async throws {
        let exchange = try exchange(maximumBodySize: 16)
        let started = Date()
        let answer = await withCheckedContinuation { continuation in
            exchange.begin(continuation, timeout: 30)
            exchange.receive(Data(count: 16))  // exactly the limit: still waiting
            exchange.receive(Data(count: 1))  // one byte more: the answer is nil, now
        }
        XCTAssertNil(answer)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the limit answered, not the 30 s deadline")
    }

    func testCancelledBeforeItBeganItAnswersNilAtOnce() async throws {
        let exchange = try exchange()
        exchange.finish(nil)
        let started = Date()
        let answer = await withCheckedContinuation { exchange.begin($0, timeout: 30) }
        XCTAssertNil(answer)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testTheCallerIsAnsweredOnceAndLateEventsAreIgnored() async throws {
        let exchange = try exchange()
        let answer = await withCheckedContinuation { continuation in
            exchange.begin(continuation, timeout: 30)
            exchange.finish(FlagHTTP.Answer(status: 200, etag: nil, body: Data("{}".utf8)))
            // A second answer would resume the continuation twice, which traps.
            exchange.finish(nil)
            exchange.receive(Data(count: 100))
            exchange.complete(error: URLError(.cancelled))
        }
        XCTAssertEqual(answer?.status, 200)
        XCTAssertEqual(answer?.body, Data("{}".utf8))
    }
}
