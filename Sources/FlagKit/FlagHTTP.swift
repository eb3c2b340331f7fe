import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP exchange both flag sources share: one JSON POST with a short timeout, no cookies and
/// no HTTP cache (the sources handle `If-None-Match` and 304 themselves).
enum FlagHTTP {
    /// What came back from the server.
    struct Answer: Sendable {
        /// The HTTP status code.
        var status: Int
        /// The `ETag` header, if any.
        var etag: String?
        /// The body.
        var body: Data
    }

    /// The last 200 answer a source got, so a 304 can return its values.
    struct Remembered: Sendable {
        /// The user the values belong to; a 304 for another user is never answered with them.
        var userKey: String?
        /// What the source sends in `If-None-Match`.
        var validator: String
        /// The values of that answer.
        var values: [String: FlagValue]
    }

    /// A session for one source: ephemeral, no cache, no cookies.
    ///
    /// Its own timeouts are whole seconds longer than `timeout`: Linux's FoundationNetworking drops
    /// the fraction of a second (0.5 s would time out at once), so `post` enforces the exact limit.
    static func makeSession(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = sessionTimeout(timeout)
        configuration.timeoutIntervalForResource = sessionTimeout(timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }

    private static func sessionTimeout(_ timeout: TimeInterval) -> TimeInterval {
        max(1, timeout.rounded(.up)) + 1
    }

    /// POSTs `body` as JSON to `url`; `nil` on a transport error, after `timeout` seconds, or on
    /// cancellation.
    static func post(
        _ body: FlagValue, to url: URL, ifNoneMatch: String?, headers: [String: String],
        timeout: TimeInterval, session: URLSession
    ) async -> Answer? {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout(timeout))
        request.httpMethod = "POST"
        request.httpBody = FlagJSON.serialize(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let ifNoneMatch {
            request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match")
        }
        let limit = UInt64(max(0, timeout) * 1_000_000_000)
        return await withTaskGroup(of: Answer?.self) { group in
            group.addTask { [request] in await exchange(request, session: session) }
            group.addTask {
                try? await Task.sleep(nanoseconds: limit)
                return nil  // the timeout (or cancellation) came first
            }
            let first = await group.next() ?? nil
            group.cancelAll()  // stops the request or the timer, whichever is still running
            return first
        }
    }

    private static func exchange(_ request: URLRequest, session: URLSession) async -> Answer? {
        guard let (data, response) = try? await session.data(for: request),
              let http = response as? HTTPURLResponse
        else { return nil }
        return Answer(status: http.statusCode, etag: http.value(forHTTPHeaderField: "ETag"), body: data)
    }
}
