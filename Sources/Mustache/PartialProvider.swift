/// Supplies the source of the partials that `{{> name}}` tags include.
///
/// Asked at most once per name and render; a partial's source is parsed with the default
/// `{{ }}` delimiters whatever the including template set.
public protocol PartialProvider {
    /// The source of the partial called `name`, or `nil` if there is none (the tag then
    /// renders as nothing, as the spec asks).
    func partial(named name: String) -> String?

    /// How errors name the partial called `name`, asked after ``partial(named:)`` found it: its
    /// file, say, so an editor can open it. The name itself by default.
    func displayName(ofPartial name: String) -> String
}

extension PartialProvider {
    /// The partial's name.
    public func displayName(ofPartial name: String) -> String { name }
}

/// A `[name: source]` dictionary provides partials directly:
/// `try template.render(data, partials: ["row": "{{name}}"])`.
extension Dictionary: PartialProvider where Key == String, Value == String {
    /// The source stored under `name`.
    public func partial(named name: String) -> String? {
        self[name]
    }
}
