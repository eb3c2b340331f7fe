/// The keys listed under 'retired' and where each is listed, looked up for every flag key.
///
/// A manifest retires a handful of keys, which are quicker to compare one by one than to hash
/// each of thousands of flag keys; a longer list goes in a dictionary.
struct RetiredKeys {
    /// Lists up to this long are scanned.
    private static let scannedCount = 8

    private let listed: [(key: String, location: SourceLocation)]
    private let byKey: [String: SourceLocation]?

    /// Creates the lookup for the keys of 'retired', in the order listed.
    init(_ retired: [(key: String, location: SourceLocation)]) {
        if retired.count > Self.scannedCount {
            listed = []
            byKey = Dictionary(retired.map { ($0.key, $0.location) }, uniquingKeysWith: { first, _ in first })
        } else {
            listed = retired
            byKey = nil
        }
    }

    /// Where `key` is first listed in 'retired', or nil when it is not retired.
    func location(of key: String) -> SourceLocation? {
        if let byKey { return byKey[key] }
        return listed.first { $0.key == key }?.location
    }
}
