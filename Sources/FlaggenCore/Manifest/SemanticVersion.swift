/// A Semantic Versioning 2.0.0 version, `MAJOR.MINOR.PATCH[-prerelease][+build]`.
struct SemanticVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version.
    var major: Int
    /// The minor version.
    var minor: Int
    /// The patch version.
    var patch: Int
    /// Pre-release identifiers, such as `["beta", "2"]`.
    var prerelease: [String]
    /// Build metadata identifiers (ignored when comparing).
    var build: [String]

    /// Parses a version, or returns nil when `text` is not Semantic Versioning 2.0.0.
    init?(_ text: String) {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<plus]
            guard build.allSatisfy(Self.isIdentifier) else { return nil }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<dash]
            guard prerelease.allSatisfy({ Self.isIdentifier($0) && !Self.hasLeadingZero($0) }) else { return nil }
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3,
            core.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } && !Self.hasLeadingZero(String($0)) }),
            let major = Int(core[0]), let minor = Int(core[1]), let patch = Int(core[2])
        else { return nil }
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    private static func isIdentifier(_ part: String) -> Bool {
        !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }

    /// Numeric identifiers must not have leading zeros ("01").
    private static func hasLeadingZero(_ part: String) -> Bool {
        part.count > 1 && part.first == "0" && part.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
