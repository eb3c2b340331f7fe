import FlaggenJSON

/// Turns values into the text that interpolation tags write.
enum ValueFormatting {
    /// The text for `{{name}}`: strings as they are, `null` as nothing, numbers in Swift's
    /// shortest round-tripping form (`85`, `1.21`, and `1.0` for a whole double, so a
    /// `Double` stays a valid floating-point literal in generated code), booleans as
    /// `true`/`false`, and lists and objects as compact JSON with sorted keys.
    static func text(for value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .string(let string): string
        default: json(value)
        }
    }

    /// Replaces the characters the spec escapes, `& " < >`, with HTML entities, and a carriage
    /// return with a character reference: HTML reads CR and CR LF as LF, so `x\ry` and `x\ny`
    /// would be one attribute value.
    static func escapeHTML(_ text: String) -> String {
        let special: (UInt8) -> Bool = { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\r")
        }
        guard text.utf8.contains(where: special) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Compact JSON with sorted keys. Iterative, so deeply nested data cannot overflow the
    /// stack.
    private static func json(_ value: JSONValue) -> String {
        enum Step {
            case value(JSONValue)
            case literal(String)
        }
        var output = ""
        var steps: [Step] = [.value(value)]
        while let step = steps.popLast() {
            switch step {
            case .literal(let text):
                output += text
            case .value(.null):
                output += "null"
            case .value(.bool(let flag)):
                output += flag ? "true" : "false"
            case .value(.int(let number)):
                output += String(number)
            case .value(.double(let number)):
                output += String(number)
            case .value(.string(let string)):
                writeJSONString(string, to: &output)
            case .value(.array(let items)):
                output += "["
                steps.append(.literal("]"))
                for (index, item) in items.enumerated().reversed() {
                    steps.append(.value(item))
                    if index > 0 { steps.append(.literal(",")) }
                }
            case .value(.object(let object)):
                output += "{"
                steps.append(.literal("}"))
                for (index, key) in object.keys.sorted().enumerated().reversed() {
                    if let member = object[key] { steps.append(.value(member)) }
                    var prefix = ""
                    writeJSONString(key, to: &prefix)
                    steps.append(.literal((index > 0 ? "," : "") + prefix + ":"))
                }
            }
        }
        return output
    }

    private static func writeJSONString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
