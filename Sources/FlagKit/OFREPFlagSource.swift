import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `FlagSource` for servers that speak the OpenFeature Remote Evaluation Protocol (OFREP),
/// such as flagd: the bulk evaluation endpoint.
///
/// ```
/// POST {baseURL}/ofrep/v1/evaluate/flags
///      body: {"context": {"targetingKey": "acct-42", "appVersion": "2.4.0", "platform": "ios"}}
///   → 200 {"flags": [{"key": "new_checkout", "value": true, "reason": "TARGETING_MATCH", "variant": "on"},
///                    {"key": "broken", "errorCode": "PARSE_ERROR", "errorDetails": "…"}]}
///     with an ETag header
///   → 304 when If-None-Match holds that ETag
/// ```
///
/// The targeting key is the store's user key when signed in, else the install ID. Flags that
/// carry an `errorCode`, or no `value` (the server defers to the code default), are left out, so
/// the app uses their defaults. Any failure returns `nil` (see `FlagSource`), a status other than
/// 200 or 304 included.
public actor OFREPFlagSource: FlagSource {
    /// The full URL the source POSTs to.
    public nonisolated let endpoint: URL
    /// A random ID of this install, the targeting key when signed out.
    public nonisolated let installID: String
    /// Seconds before a request gives up.
    public nonisolated let timeout: TimeInterval
    /// The most bytes an answer's body may have after decompression (4 MiB by default); a bigger
    /// body fails the fetch as soon as it passes the limit.
    public nonisolated let maximumBodySize: Int
    private let attributes: [String: FlagValue]
    private let headers: [String: String]
    private let client: FlagHTTP.Client
    private var remembered: FlagHTTP.Remembered?

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - baseURL: the server; the source POSTs to `baseURL/ofrep/v1/evaluate/flags`.
    ///   - installID: a random ID stored with the app.
    ///   - attributes: more evaluation context, sent with every request, such as
    ///     `["platform": "ios", "appVersion": "2.4.0"]`. Send the least the rules need.
    ///   - headers: extra request headers, such as `Authorization` or `X-API-Key`.
    ///   - timeout: seconds before a request gives up.
    public init(
        baseURL: URL, installID: String, attributes: [String: FlagValue] = [:],
        headers: [String: String] = [:], timeout: TimeInterval = 10,
        maximumBodySize: Int = FlagLimits.maximumPayloadSize
    ) {
        self.endpoint = baseURL.appendingPathComponent("ofrep/v1/evaluate/flags")
        self.installID = installID
        self.attributes = attributes
        self.headers = headers
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.client = FlagHTTP.Client(timeout: timeout, maximumBodySize: maximumBodySize)
    }

    /// Asks the server to evaluate every flag for this user; `nil` on any failure.
    public func fetch(userKey: String?) async -> [String: FlagValue]? {
        var context = attributes
        context["targetingKey"] = .string(userKey ?? installID)
        let known = remembered.flatMap { SavedCopyFormat.isSameUser($0.userKey, userKey) ? $0 : nil }
        guard let answer = await client.post(
            ["context": .object(context)], to: endpoint, ifNoneMatch: known?.validator, headers: headers)
        else { return nil }
        if answer.status == 304 { return known?.values }
        guard answer.status == 200, let values = Self.decode(answer.body) else { return nil }
        remembered = answer.etag.flatMap(FlagHTTP.validator).map { FlagHTTP.Remembered(userKey: userKey, validator: $0, values: values) }
        return values
    }

    /// The values of a 200 answer's body, or `nil` when it is not OFREP's bulk JSON (an object
    /// whose `flags` is an array). Evaluations with an `errorCode` (other than `null`), without a
    /// `value` or without a string `key` are left out.
    static func decode(_ body: Data) -> [String: FlagValue]? {
        guard case .object(let object)? = FlagJSON.parse(body),
              case .array(let evaluations)? = object["flags"]
        else { return nil }
        var values: [String: FlagValue] = [:]
        for case .object(let evaluation) in evaluations {
            guard case .string(let key)? = evaluation["key"],
                  evaluation["errorCode"] == nil || evaluation["errorCode"] == .null,
                  let value = evaluation["value"]
            else { continue }
            values[key] = value
        }
        return values
    }
}
