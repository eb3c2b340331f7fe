@testable import FlagKit
import Foundation
import XCTest

/// Both HTTP sources against bodies that must not get through: gzip bombs, bodies far over the
/// limit, and a server that trickles its answer past the timeout. Every case runs on flaggen's
/// contract and on OFREP. Bounds on time are loose (machines are noisy); what matters is that
/// the fetch fails and nothing is saved.
final class BoundedBodyTests: XCTestCase {
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

    private static let limit = FlagLimits.maximumPayloadSize

    private enum Endpoint: CaseIterable {
        case contract, ofrep
    }

    private func source(
        _ endpoint: Endpoint, _ scenario: String, timeout: TimeInterval = 30,
        maximumBodySize: Int = FlagLimits.maximumPayloadSize
    ) throws -> any FlagSource {
        guard let server = Self.server else {
            XCTFail("the contract server (python3 Tests/Peers/contract_server.py) did not start")
            throw ContractServer.ServerError.noPort
        }
        let url = server.baseURL(scenario, tag: "bounded")
        switch endpoint {
        case .contract:
            return HTTPFlagSource(
                baseURL: url, appVersion: "2.4.0", installID: "install-1", timeout: timeout,
                maximumBodySize: maximumBodySize)
        case .ofrep:
            return OFREPFlagSource(
                baseURL: url, installID: "install-1", timeout: timeout, maximumBodySize: maximumBodySize)
        }
    }

    /// The fetch's values and how many seconds it took.
    private func fetch(_ source: any FlagSource) async -> (values: [String: FlagValue]?, seconds: TimeInterval) {
        let started = Date()
        let values = try? await source.fetch(userKey: "acct-42")
        return (values, Date().timeIntervalSince(started))
    }

    func testTheDefaultLimitIsFourMebibytesOnBothSources() throws {
        XCTAssertEqual(FlagLimits.maximumPayloadSize, 4_194_304)
        let url = URL(string: "https://flags.example.com")!
        XCTAssertEqual(HTTPFlagSource(baseURL: url, appVersion: "1", installID: "i").maximumBodySize, 4_194_304)
        XCTAssertEqual(OFREPFlagSource(baseURL: url, installID: "i").maximumBodySize, 4_194_304)
    }

    func testAGzipAnswerIsDecoded() async throws {
        for endpoint in Endpoint.allCases {
            let (values, _) = await fetch(try source(endpoint, "gzip"))
            XCTAssertEqual(values?["new_checkout"], true, "\(endpoint)")
            XCTAssertEqual(values?["paywall"], ["title": "Go Pro today", "trialDays": 14], "\(endpoint)")
        }
    }

    /// About 1 MB on the wire, 1 GiB once decoded: refused when the decoded bytes pass the limit,
    /// long before the timeout, and the store saves nothing. (On Linux, libcurl goes on decoding
    /// what it has already read, on the one queue every URLSession of the process shares, so the
    /// second fetch here can wait a few seconds for it; the bytes are dropped as they come.)
    @MainActor
    func testAGzipBombFailsFastAndNothingIsSaved() async throws {
        for endpoint in Endpoint.allCases {
            let disk = InMemoryFlagDisk()
            let store = FlagStore(
                source: try source(endpoint, "gzip-pad-1073741824", timeout: 30), disk: disk, flags: TestFlags.all)
            await store.start(userKey: "acct-42")
            let started = Date()
            let answered = await store.refresh()
            let seconds = Date().timeIntervalSince(started)
            XCTAssertFalse(answered, "\(endpoint)")
            let writes = await disk.writeCount
            XCTAssertEqual(writes, 0, "\(endpoint): nothing is saved")
            XCTAssertLessThan(seconds, 15, "\(endpoint): the limit, not the 30 s timeout, ended it (\(seconds) s)")
        }
    }

    /// The limit counts decoded bytes: a few kilobytes of gzip that decode to one byte over it
    /// fail; the same at exactly the limit is read.
    func testTheLimitCountsTheBytesOnceDecoded() async throws {
        for endpoint in Endpoint.allCases {
            let over = await fetch(try source(endpoint, "gzip-pad-\(Self.limit + 1)"))
            XCTAssertNil(over.values, "\(endpoint)")
            let atLimit = await fetch(try source(endpoint, "gzip-pad-\(Self.limit)"))
            XCTAssertEqual(atLimit.values?["new_checkout"], true, "\(endpoint)")
        }
    }

    func testAPlainBodyFarOverTheLimitFailsFast() async throws {
        for endpoint in Endpoint.allCases {
            // With a Content-Length, and without one (the body ends when the connection closes).
            for scenario in ["pad-200000000", "unsized-pad-200000000"] {
                let (values, seconds) = await fetch(try source(endpoint, scenario, timeout: 30))
                XCTAssertNil(values, "\(endpoint) \(scenario)")
                XCTAssertLessThan(seconds, 15, "\(endpoint) \(scenario): \(seconds) s")
            }
        }
    }

    func testAPlainBodyAtTheLimitIsReadAndOneByteMoreIsNot() async throws {
        for endpoint in Endpoint.allCases {
            for prefix in ["pad", "unsized-pad"] {
                let atLimit = await fetch(try source(endpoint, "\(prefix)-\(Self.limit)"))
                XCTAssertEqual(atLimit.values?["new_checkout"], true, "\(endpoint) \(prefix)")
                let over = await fetch(try source(endpoint, "\(prefix)-\(Self.limit + 1)"))
                XCTAssertNil(over.values, "\(endpoint) \(prefix)")
            }
        }
    }

    func testEachSourceTakesItsOwnLimit() async throws {
        for endpoint in Endpoint.allCases {
            let ok = await fetch(try source(endpoint, "ok", maximumBodySize: 2048))
            XCTAssertNotNil(ok.values, "\(endpoint): the usual answer is a few hundred bytes")
            let atLimit = await fetch(try source(endpoint, "pad-2048", maximumBodySize: 2048))
            XCTAssertEqual(atLimit.values?["new_checkout"], true, "\(endpoint)")
            for scenario in ["pad-2049", "unsized-pad-2049", "gzip-pad-2049"] {
                let over = await fetch(try source(endpoint, scenario, maximumBodySize: 2048))
                XCTAssertNil(over.values, "\(endpoint) \(scenario)")
            }
        }
    }

    /// The server sends a byte every quarter second, so no idle timeout ever fires; the fetch
    /// still ends at its own timeout.
    func testATrickledAnswerEndsAtTheTimeout() async throws {
        for endpoint in Endpoint.allCases {
            let (values, seconds) = await fetch(try source(endpoint, "trickle", timeout: 1))
            XCTAssertNil(values, "\(endpoint)")
            XCTAssertLessThan(seconds, 3, "\(endpoint): gave up after \(seconds) s")
        }
    }

    func testCancellingTheFetchEndsIt() async throws {
        for endpoint in Endpoint.allCases {
            let source = try source(endpoint, "trickle", timeout: 30)
            let started = Date()
            let fetch = Task { try? await source.fetch(userKey: "acct-42") }
            try await Task.sleep(nanoseconds: 300_000_000)
            fetch.cancel()
            let values = await fetch.value
            let seconds = Date().timeIntervalSince(started)
            XCTAssertNil(values, "\(endpoint)")
            XCTAssertLessThan(seconds, 5, "\(endpoint): \(seconds) s")
        }
    }
}
