/// Finds the closest match for a mistyped word, for "did you mean" hints.
///
/// Words are compared case-insensitively by Damerau–Levenshtein distance
/// (optimal string alignment: insertions, deletions, substitutions and
/// swaps of two neighbouring characters each cost 1). A candidate is close
/// enough when its distance is at most 2 and at most a third of the typed
/// word's length, so short words need a near-exact match and very different
/// words get no suggestion.
public enum NearMiss {
    /// Returns the candidate closest to `word`, or `nil` if none is close enough.
    ///
    /// Ties go to the candidate listed first, so the result is deterministic.
    ///
    /// - Parameters:
    ///   - word: The word as the user typed it, for example `lnit`.
    ///   - candidates: The valid words, for example the command names.
    ///
    /// Takes time in proportion to the words' total length: only distances up to the limit
    /// are computed, so a long typed word costs no more than a short one per candidate.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = maximumDistance(forLength: word.count)
        let typed = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard let distance = self.distance(typed, Array(candidate.lowercased()), atMost: limit) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The largest distance accepted for a typed word of the given length.
    public static func maximumDistance(forLength length: Int) -> Int {
        min(2, length / 3)
    }

    /// The case-insensitive Damerau–Levenshtein (optimal string alignment)
    /// distance between two words.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        // No distance exceeds the longer word's length, so with that limit every cell of the
        // table is inside the band and none is cut off.
        let longer = max(a.count, b.count)
        return distance(a, b, atMost: longer) ?? longer
    }

    /// The distance between two lowercased words if it is at most `limit`, else nil.
    ///
    /// A cell (i, j) of the full table is at least |i - j|, so only the cells within `limit` of
    /// the diagonal matter: each row keeps just those, at slot `j - i + limit`. Time and memory
    /// grow with the words' length, not with the product of their lengths (two 30,000-letter
    /// names would otherwise need a 7 GB table).
    static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        let width = 2 * limit + 1
        let far = limit + 1
        var beforePrevious = [Int](repeating: far, count: width)  // row i - 2
        var previous = [Int](repeating: far, count: width)  // row i - 1
        var current = [Int](repeating: far, count: width)
        for slot in limit..<width where slot - limit <= b.count { previous[slot] = slot - limit }
        for i in stride(from: 1, through: a.count, by: 1) {
            for slot in 0..<width {
                let j = i + slot - limit
                guard j >= 0, j <= b.count else {
                    current[slot] = far
                    continue
                }
                guard j > 0 else {
                    current[slot] = min(i, far)
                    continue
                }
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = previous[slot] + cost  // substitution, from (i - 1, j - 1)
                if slot + 1 < width { value = min(value, previous[slot + 1] + 1) }  // deletion, from (i - 1, j)
                if slot > 0 { value = min(value, current[slot - 1] + 1) }  // insertion, from (i, j - 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[slot] + 1)  // transposition, from (i - 2, j - 2)
                }
                current[slot] = min(value, far)
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = previous[b.count - a.count + limit]
        return distance <= limit ? distance : nil
    }
}
