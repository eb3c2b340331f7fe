/// An object of template data: its members by name.
public struct MustacheObject: Sendable, ExpressibleByDictionaryLiteral {
    /// The members. Names are compared as Swift strings compare.
    public var members: [String: MustacheValue]

    /// An object with these members.
    public init(_ members: [String: MustacheValue]) {
        self.members = members
    }

    /// An object with these members. Keys must be distinct.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(Dictionary(elements) { _, _ in preconditionFailure("an object's keys must be distinct") })
    }

    /// How many members the object has.
    public var count: Int { members.count }

    /// The value of `key`, or `nil` when there is none; setting `nil` removes the member.
    public subscript(key: String) -> MustacheValue? {
        get { members[key] }
        set { members[key] = newValue }
    }
}
