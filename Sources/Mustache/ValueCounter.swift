import FlaggenJSON

/// Counts the values in a render's data (every string, number, list, object, ... at any depth)
/// for the render step limit, a piece at a time.
///
/// The limit grows with the data, but a render that stays well under it only needs to know
/// that the data holds *enough* values, so the walk stops as soon as it has counted as many as
/// asked for and resumes from there when asked for more. A large render then walks only a
/// fraction of its data, and a render that fails still counts all of it first.
struct ValueCounter {
    /// The values counted so far.
    private(set) var count = 1
    /// The lists and objects whose members are not counted yet; other values are counted as
    /// their container is.
    private var pending: [JSONValue] = []

    init(_ data: JSONValue) {
        if Self.isContainer(data) { pending.append(data) }
    }

    /// Counts until ``count`` reaches `target` or every value is counted.
    mutating func count(upTo target: Int) {
        while count < target, let container = pending.popLast() {
            switch container {
            case .array(let items):
                count += items.count
                for item in items where Self.isContainer(item) { pending.append(item) }
            case .object(let object):
                count += object.count
                for member in object.values where Self.isContainer(member) { pending.append(member) }
            default:
                break
            }
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }
}
