import FlaggenJSON

/// Swift source text for values from the manifest: string, number and config literals, and
/// doc-comment lines. Every literal reads back as exactly the manifest's value.
enum SwiftLiteral {
    /// A double-quoted string literal. Escapes quotes, backslashes (so `\(` stays text), control
    /// characters and bidirectional-text controls (so the source cannot display misleadingly).
    static func string(_ text: String) -> String {
        SourceText.quoted(text, escaping: escape)
    }

    /// The escape that stands for `scalar` in a Swift string literal, or nil when it stands for
    /// itself.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\0": "\\0"
        default: SourceText.needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
        }
    }

    /// The widest line swift-format's default configuration accepts.
    static let lineLength = 100

    /// A string literal for a line that already holds `used` columns before it and `trailing`
    /// after it. When the one-line form would be too long, a multi-line literal with line
    /// continuations is used instead; its lines are indented by `indent` spaces. Both forms
    /// hold exactly `text`.
    static func string(_ text: String, used: Int, trailing: Int, indent: Int) -> String {
        let single = string(text)
        if used + SourceText.width(single) + trailing <= lineLength { return single }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        var width = 0
        let budget = max(20, lineLength - indent - 2)
        for scalar in text.unicodeScalars {
            // The escape for the scalar, if it needs one; otherwise the scalar is its own piece,
            // one column wide.
            let escape = Self.escape(scalar)
            let pieceWidth = escape.map { $0.utf8.count } ?? 1
            // Break after a space when the line is full; a line never starts with a space, so
            // the literal's indentation stripping cannot eat content.
            if width + pieceWidth > budget, !current.isEmpty, current.last == " " || width + pieceWidth > budget + 20,
                scalar != " "
            {
                lines.append(current)
                current = ""
                width = 0
            }
            if let escape {
                current += escape
            } else {
                current.unicodeScalars.append(scalar)
            }
            width += pieceWidth
        }
        lines.append(current)
        var result = "\"\"\"\n"
        for (index, line) in lines.enumerated() {
            result += pad + line + (index < lines.count - 1 ? "\\\n" : "\n")
        }
        return result + pad + "\"\"\""
    }

    /// An integer literal, grouped by thousands as swift-format expects (`1_000_000`).
    static func int(_ value: Int) -> String {
        // Numbers below 10,000 stay ungrouped.
        value.magnitude >= 10_000 ? SourceText.grouped(value, by: "_") : String(value)
    }

    /// A floating-point literal that reads back as exactly `value` (finite values only).
    /// Subnormal numbers are written in hexadecimal (`0x1p-1074`): exact, and Swift warns about
    /// decimal literals that underflow.
    static func double(_ value: Double) -> String {
        if value.isSubnormal {
            return (value.sign == .minus ? "-" : "") + "0x\(String(value.significandBitPattern, radix: 16))p-1074"
        }
        return SourceText.shortestDouble(value)
    }

    /// A bool literal.
    static func bool(_ value: Bool) -> String { value ? "true" : "false" }
}
