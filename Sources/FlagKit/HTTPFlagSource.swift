import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `FlagSource` that speaks flaggen's contract:
///
/// ```
/// POST {baseURL}/v1/flags/evaluate
///      body: {"accountId": "acct-42" | null, "appVersion": "2.4.0", "installId": "…", "platform": "ios"}
///   → 200 {"version": "…", "flags": {"new_checkout": true, …}}
///   → 304 when If-None-Match holds the last version
/// ```
///
/// The account ID is the store's user key. The source remembers the last answer (per user) and
/// sends its `ETag` — or, without one, its `version` — in `If-None-Match`; a 304 returns the
/// remembered values. Any failure returns `nil` (see `FlagSource`), a status other than 2xx or
/// 304 included.
///
/// Send the least the server needs: no email, no location. Flag values are readable by anyone
/// who has the app, so they must never hold secrets.
public actor HTTPFlagSource: FlagSource {
    /// The full URL the source POSTs to.
    public nonisolated let endpoint: URL
    /// The platform the app reports, such as `ios`.
    public nonisolated let platform: String
    /// The app's version, such as `2.4.0`; rules compare it with `minAppVersion`.
    public nonisolated let appVersion: String
    /// A random ID of this install (never a device identifier); the stable ID when signed out.
    public nonisolated let installID: String
    /// Seconds before a request gives up.
    public nonisolated let timeout: TimeInterval
    /// The most bytes an answer's body may have after decompression (4 MiB by default); a bigger
    /// body fails the fetch as soon as it passes the limit.
    public nonisolated let maximumBodySize: Int
    private let headers: [String: String]
    private let client: FlagHTTP.Client
    private var remembered: FlagHTTP.Remembered?

    /// The `version` of the last 200 answer, for logs and support; `nil` before the first.
    public private(set) var lastVersion: String?

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - baseURL: the server; the source POSTs to `baseURL/v1/flags/evaluate`.
    ///   - platform: the platform name the server's rules use.
    ///   - appVersion: the app's version.
    ///   - installID: a random ID stored with the app.
    ///   - headers: extra request headers, such as an API key.
    ///   - timeout: seconds before a request gives up (10 by default: start never waits for it).
    public init(
        baseURL: URL, platform: String = "ios", appVersion: String, installID: String,
        headers: [String: String] = [:], timeout: TimeInterval = 10,
        maximumBodySize: Int = FlagLimits.maximumPayloadSize
    ) {
        self.endpoint = baseURL.appendingPathComponent("v1/flags/evaluate")
        self.platform = platform
        self.appVersion = appVersion
        self.installID = installID
        self.headers = headers
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.client = FlagHTTP.Client(timeout: timeout, maximumBodySize: maximumBodySize)
    }

    /// Asks the server for this user's values; `nil` on any failure.
    public func fetch(userKey: String?) async -> [String: FlagValue]? {
        let body: FlagValue = [
            "platform": .string(platform),
            "appVersion": .string(appVersion),
            "accountId": userKey.map(FlagValue.string) ?? .null,
            "installId": .string(installID),
        ]
        let known = remembered.flatMap { SavedCopyFormat.isSameUser($0.userKey, userKey) ? $0 : nil }
        guard let answer = await client.post(body, to: endpoint, ifNoneMatch: known?.validator, headers: headers)
        else { return nil }
        if answer.status == 304 { return known?.values }
        guard (200..<300).contains(answer.status), let (flags, version) = Self.decode(answer.body)
        else { return nil }
        lastVersion = version
        remembered = (answer.etag ?? version).flatMap(FlagHTTP.validator).map {
            FlagHTTP.Remembered(userKey: userKey, validator: $0, values: flags)
        }
        return flags
    }

    /// The `flags` and `version` of a 200 answer's body, or `nil` when it is not the contract's
    /// JSON (an object whose `flags` is an object).
    static func decode(_ body: Data) -> (flags: [String: FlagValue], version: String?)? {
        guard case .object(let object)? = FlagJSON.parse(body),
              case .object(let flags)? = object["flags"]
        else { return nil }
        return (flags, object["version"]?.stringValue)
    }
}
