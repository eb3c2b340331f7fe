import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP exchange both flag sources share: one JSON POST with a short timeout, no cookies and
/// no HTTP cache (the sources handle `If-None-Match` and 304 themselves), and a bounded body.
enum FlagHTTP {
    /// What came back from the server.
    struct Answer: Sendable {
        /// The HTTP status code.
        var status: Int
        /// The `ETag` header, if any.
        var etag: String?
        /// The `Location` header, if any.
        var location: String?
        /// The body, decoded (gzip and deflate are undone by URLSession), at most the limit.
        var body: Data
    }

    /// `text` when it can go back in `If-None-Match`: at most 1 KiB of visible ASCII and spaces.
    /// A longer one (a hunt's server sent a version of 200,000 characters) would have servers
    /// refuse every later request of the process, and a line break would start another header.
    static func validator(_ text: String) -> String? {
        text.utf8.count <= 1024 && text.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? text : nil
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

    /// One source's connection to its server: an ephemeral session (no cache, no cookies) whose
    /// delegate counts each body's bytes and stops the request past the limit.
    final class Client: Sendable {
        /// Seconds before a request gives up.
        let timeout: TimeInterval
        /// The most bytes a body may have once decoded.
        let maximumBodySize: Int
        /// The session's own timeout, whole seconds longer than `timeout`: Linux's
        /// FoundationNetworking drops the fraction of a second (0.5 s would time out at once), and
        /// `post` enforces the exact limit itself.
        private let sessionTimeout: TimeInterval
        private let session: URLSession
        private let exchanges = Exchanges()

        init(timeout: TimeInterval, maximumBodySize: Int) {
            self.timeout = timeout
            self.maximumBodySize = maximumBodySize
            sessionTimeout = max(1, timeout.rounded(.up)) + 1
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = sessionTimeout
            configuration.timeoutIntervalForResource = sessionTimeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.httpCookieAcceptPolicy = .never
            session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
        }

        deinit {
            session.finishTasksAndInvalidate()  // the session holds its delegate until then
        }

        /// The most redirects one `post` follows.
        static let maximumRedirects = 5

        /// POSTs `body` as JSON to `url`; `nil` on a transport error, a body over the limit, after
        /// `timeout` seconds, or on cancellation. It returns at the deadline even when the
        /// transport is slow to stop: the request is cancelled, and whatever it still delivers
        /// is dropped.
        ///
        /// A 307 or 308 that ``mayFollow(from:to:)`` allows is followed with the same request, at
        /// most ``maximumRedirects`` times within the same `timeout`, so a server can move its
        /// endpoint under apps already in the field. Any other redirect is the answer (a failure
        /// to the sources): to another origin it would hand over the API key and the user's IDs,
        /// and a 301, 302 or 303 turns the POST into a GET that the contract has no answer for.
        func post(_ body: FlagValue, to url: URL, ifNoneMatch: String?, headers: [String: String]) async -> Answer? {
            var request = URLRequest(
                url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionTimeout)
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
            // On the monotonic clock: a change of the wall clock cannot stretch the timeout.
            let deadline = ProcessInfo.processInfo.systemUptime + timeout
            var redirects = 0
            while true {
                let remaining = deadline - ProcessInfo.processInfo.systemUptime
                guard remaining > 0, !Task.isCancelled,
                      let answer = await send(request, timeout: remaining)
                else { return nil }
                guard [307, 308].contains(answer.status), let from = request.url, let location = answer.location,
                      let to = URL(string: location, relativeTo: from)?.absoluteURL, Self.mayFollow(from: from, to: to)
                else { return answer }
                guard redirects < Self.maximumRedirects else { return nil }
                redirects += 1
                request.url = to
            }
        }

        /// Whether a redirect from `from` to `to` keeps the request with the server the app named:
        /// the same origin (scheme, host and port), or the same host moved from `http` to `https`
        /// on the default ports.
        static func mayFollow(from: URL, to: URL) -> Bool {
            let origin = Self.origin(of: from)
            let target = Self.origin(of: to)
            if target == origin { return true }
            return origin.hasPrefix("http://") && origin.hasSuffix(":80") && target == "https://\(from.host?.lowercased() ?? ""):443"
        }

        /// One exchange of `request`, answered within `timeout` seconds.
        private func send(_ request: URLRequest, timeout: TimeInterval) async -> Answer? {
            let exchange = Exchange(task: session.dataTask(with: request), maximumBodySize: maximumBodySize)
            exchanges.add(exchange)
            defer { exchanges.remove(exchange) }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    exchange.begin(continuation, timeout: timeout)
                }
            } onCancel: {
                exchange.finish(nil)
            }
        }

        /// Scheme, host and port, lowercased, with the scheme's default port filled in.
        static func origin(of url: URL) -> String {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
        }
    }

    /// One request: the body received so far, and the caller waiting for the answer. Whichever
    /// comes first — the end of the body, an error, the body passing the limit, the deadline, or
    /// the caller's cancellation — answers the caller, once; anything after it is ignored.
    final class Exchange: @unchecked Sendable {
        // Every `var` is guarded by `lock`.
        private let lock = NSLock()
        let task: URLSessionDataTask
        private let maximumBodySize: Int
        private var body = Data()
        private var continuation: CheckedContinuation<Answer?, Never>?
        private var deadline: DispatchWorkItem?
        private var finished = false

        init(task: URLSessionDataTask, maximumBodySize: Int) {
            self.task = task
            self.maximumBodySize = maximumBodySize
        }

        /// Starts the request, and the timer that answers `nil` after `timeout` seconds.
        func begin(_ continuation: CheckedContinuation<Answer?, Never>, timeout: TimeInterval) {
            let deadline = DispatchWorkItem { [weak self] in self?.finish(nil) }
            let alreadyFinished = lock.locked { () -> Bool in
                guard !finished else { return true }
                self.continuation = continuation
                self.deadline = deadline
                return false
            }
            if alreadyFinished {  // cancelled before it began
                continuation.resume(returning: nil)
                return
            }
            // A Dispatch timer, not a task: it fires even when every thread of the concurrency
            // pool is busy.
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, timeout), execute: deadline)
            task.resume()
        }

        /// Adds received bytes (already decoded); past the limit, it cancels the request and
        /// answers `nil`.
        func receive(_ data: Data) {
            let overLimit = lock.locked { () -> Bool in
                guard !finished else { return false }
                if body.isEmpty, declaredLengthIsOverLimit() { return true }
                guard data.count <= maximumBodySize - body.count else { return true }
                body.append(data)
                return false
            }
            if overLimit { finish(nil) }
        }

        /// A `Content-Length` over the limit, for a body that is not encoded (its decoded length
        /// is the same): refused before the bytes arrive. Encoded bodies are counted as they decode.
        private func declaredLengthIsOverLimit() -> Bool {
            guard let response = task.response as? HTTPURLResponse else { return false }
            let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
            return encoding == "identity" && response.expectedContentLength > Int64(maximumBodySize)
        }

        /// The request ended: the answer, or `nil` after an error.
        func complete(error: (any Error)?) {
            let received = lock.locked { body }
            guard error == nil, let response = task.response as? HTTPURLResponse else {
                finish(nil)
                return
            }
            finish(Answer(
                status: response.statusCode, etag: response.value(forHTTPHeaderField: "ETag"),
                location: response.value(forHTTPHeaderField: "Location"), body: received))
        }

        /// Answers the caller, the first time only; `nil` also cancels the request.
        func finish(_ answer: Answer?) {
            let (continuation, deadline) = lock.locked { () -> (CheckedContinuation<Answer?, Never>?, DispatchWorkItem?) in
                guard !finished else { return (nil, nil) }
                finished = true
                defer {
                    self.continuation = nil
                    self.deadline = nil
                    body = Data()
                }
                return (self.continuation, self.deadline)
            }
            deadline?.cancel()
            continuation?.resume(returning: answer)
            if answer == nil {
                // Off this thread: FoundationNetworking's cancel() can wait for its transfer
                // thread (busy decoding a gzip bomb, say), and this may be a cancellation handler.
                DispatchQueue.global().async { [self] in task.cancel() }
            }
        }
    }

    /// The session's delegate: hands each task's events to its `Exchange`.
    final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // `byTask` is guarded by `lock`.
        private let lock = NSLock()
        private var byTask: [Int: Exchange] = [:]

        func add(_ exchange: Exchange) {
            lock.locked { byTask[exchange.task.taskIdentifier] = exchange }
        }

        func remove(_ exchange: Exchange) {
            lock.locked { byTask[exchange.task.taskIdentifier] = nil }
        }

        private func exchange(for task: URLSessionTask) -> Exchange? {
            lock.locked { byTask[task.taskIdentifier] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            // A task without an exchange has answered its caller and was cancelled then.
            exchange(for: dataTask)?.receive(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            exchange(for: task)?.complete(error: error)
        }

        /// Never lets URLSession follow a redirect: the request ends with its 3xx answer, and
        /// `Client.post` decides (URLSession would re-send the headers to any origin, and Linux's
        /// FoundationNetworking drops the body of the request it re-sends).
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}

extension NSLock {
    /// Runs `body` while holding the lock. (Foundation's `withLock` needs macOS 14 and iOS 17.)
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
