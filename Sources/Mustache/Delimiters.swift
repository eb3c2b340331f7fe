/// The pair of strings that open and close a tag: `{{` and `}}` unless a set-delimiter tag
/// such as `{{=<% %>=}}` changed them.
struct Delimiters: Sendable, Hashable {
    var open: String
    var close: String

    static let standard = Delimiters(open: "{{", close: "}}")
}
