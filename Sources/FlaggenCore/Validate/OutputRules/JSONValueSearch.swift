import FlaggenJSON

extension JSONValue {
    /// The first value, this one or one inside it at any depth, for which `isMatch` is true, in
    /// document order (an object's members by key); nil when there is none. Iterative, so a
    /// deeply nested value costs no stack. The output rules search defaults with it.
    func first(where isMatch: (JSONValue) -> Bool) -> JSONValue? {
        var pending = [self]
        while let next = pending.popLast() {
            if isMatch(next) { return next }
            switch next {
            case .array(let items): pending += items.reversed()
            case .object(let members): pending += members.keys.sorted().reversed().compactMap { members[$0] }
            default: continue
            }
        }
        return nil
    }
}
