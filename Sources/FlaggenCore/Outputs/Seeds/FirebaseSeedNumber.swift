/// Numbers as Firebase Remote Config `NUMBER` values: plain decimal text without an exponent
/// (`-?(digits.)?digits`, the form the Firebase console accepts), that reads back as exactly the
/// manifest's number.
enum FirebaseSeedNumber {
    /// An integer in decimal: `-9223372036854775808`.
    static func text(_ value: Int) -> String {
        String(value)
    }

    /// A double as the decimal expansion of its shortest round-trip form: `0.1`, `3`, `-0`,
    /// `0.00001` (not `1e-05`), `5e-324` as `0.` followed by 323 zeros and `5`. Parsing the text
    /// as a double gives back exactly `value`. Finite values only (the manifest has no others).
    static func text(_ value: Double) -> String {
        var shortest = Substring(value.description)
        let negative = shortest.first == "-"
        if negative { shortest = shortest.dropFirst() }
        var exponent = 0
        if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
            shortest = shortest[..<e]
        }
        let parts = shortest.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let digits = Array(whole + fraction)
        let point = whole.count + exponent

        var integerPart: String
        var fractionPart: String
        if point <= 0 {
            integerPart = "0"
            fractionPart = String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            integerPart = String(digits) + String(repeating: "0", count: point - digits.count)
            fractionPart = ""
        } else {
            integerPart = String(digits[..<point])
            fractionPart = String(digits[point...])
        }
        while integerPart.count > 1, integerPart.first == "0" { integerPart.removeFirst() }
        while fractionPart.last == "0" { fractionPart.removeLast() }
        let plain = fractionPart.isEmpty ? integerPart : integerPart + "." + fractionPart
        return negative ? "-" + plain : plain
    }
}
