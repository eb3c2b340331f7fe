import FlaggenJSON

/// Builds the template context for the Swift output: every identifier escaped and every literal
/// rendered as Swift source, so the templates only place text (see docs/templates.md).
struct SwiftTranslator: Sendable {
    /// The context `Templates/swift/Flags.swift.mustache` renders.
    func context(for manifest: Manifest, header: GeneratedHeader) -> JSONValue {
        // An argument's label in a call: any keyword but `inout` is a label as it is (swiftc
        // warns that `` `let` `` and `` `var` `` need no backticks there).
        let calls = ConfigCall.calls(for: manifest.configs) { ($0 == "inout" ? "`inout`" : $0) + ": " }
        let scope = SwiftScope.namespace(of: manifest)
        let enumFlags = manifest.flags.filter { $0.enumValues != nil }
        return .object([
            "header": .array(header.lines.map(JSONValue.string)),
            "manifestName": .string(header.manifestName),
            "typeName": .string(manifest.name),
            "access": .string(manifest.swiftAccess.rawValue),
            // A public API imports its modules publicly: with `InternalImportsByDefault` a plain
            // import is internal. An internal one keeps plain imports, which other files share.
            "importAccess": .string(manifest.swiftAccess == .public ? "public " : ""),
            "keyTypeName": .string(Self.keyTypeName),
            "types": scope.types,
            "flags": .list(manifest.flags.map { flag(for: $0, calls: calls, scope: scope) }),
            "hasFlags": .bool(!manifest.flags.isEmpty),
            "enumFlags": .list(enumFlags.map { flag in
                enumContext(
                    name: Self.enumTypeName(ofFlag: flag.key), values: flag.enumValues ?? [],
                    doc: "The values of the flag `\(flag.key)`; a value the app does not know gives the flag's default.")
            }),
            "configs": .list(manifest.configs.map { config(for: $0, calls: calls, scope: scope.inside($0)) }),
        ])
    }

    /// The name of the key enum inside the namespace: `Flags.Key`.
    static let keyTypeName = "Key"

    /// The name of the enum a string property with `enum:` values becomes, nested in its
    /// config's struct (and Kotlin data class): the property's name in UpperCamelCase, `Style`,
    /// or with `Value` added where a nested type cannot have that name (`Type`, `Companion`,
    /// ...: ``enumTypeNamesTaken``) or where the property itself has it (`Style` → `StyleValue`).
    static func enumTypeName(of property: ConfigProperty) -> String {
        let camel = Identifiers.upperCamel(property.name)
        let name = camel.prefix(1).uppercased() + camel.dropFirst()
        // A property written in UpperCamelCase (`Style`) cannot share its name with its type.
        return enumTypeNamesTaken.contains(name) || name == property.name ? name + "Value" : name
    }

    /// The name of the enum a string flag with `enum:` values becomes, nested in the namespace
    /// (and in Kotlin's `Flags`): the key in UpperCamelCase, `checkout_theme` → `CheckoutTheme`,
    /// with `Value` added as for properties.
    static func enumTypeName(ofFlag key: String) -> String {
        let name = Identifiers.upperCamel(key)
        return enumTypeNamesTaken.contains(name) ? name + "Value" : name
    }

    /// The context of a nested enum: its name, doc comment and cases, each case's raw value the
    /// exact string.
    private func enumContext(name: String, values: [String], doc: String) -> [String: JSONValue] {
        let cases = EnumCases(values)
        return [
            "name": .string(name),
            "docComment": .array(docComment([doc])),
            "cases": .list(values.indices.map { index in
                ["name": .string(cases.swiftNames[index]), "rawValueLiteral": .string(SwiftLiteral.string(values[index]))]
            }),
        ]
    }

    /// Names a nested enum cannot take: Swift's `Type`, `Protocol`, `Self` and `Any`, the
    /// synthesized `CodingKeys`, and Kotlin's `Companion` (the data class has a companion).
    static let enumTypeNamesTaken: Set<String> = ["Type", "Protocol", "Self", "Any", "CodingKeys", "Companion"]

    // MARK: - Flags

    /// A flag's context.
    private func flag(for flag: FlagDefinition, calls: [String: ConfigCall], scope: SwiftScope) -> [String: JSONValue] {
        var doc = flag.description.map { SourceText.commentLines($0) + [""] } ?? []
        doc.append("- Owner: " + SourceText.commentLines(flag.owner).joined(separator: " "))
        doc += flag.lifetimeDocLines(expiresNote: "")
        let name = Identifiers.lowerCamel(flag.key)
        let defaultLiteral =
            enumCaseLiteral(of: flag)
            ?? literal(flag.defaultValue, configName: flag.configName, calls: calls, scope: scope, used: 18, trailing: 1, indent: 4)
        return [
            "key": .string(flag.key),
            "name": .string(Identifiers.swiftEscaped(name)),
            // A deprecated flag is a deprecated computed property over a private constant, which
            // `all` lists: the generated file itself then uses nothing deprecated (no warning).
            "storageName": .string(flag.deprecated == nil ? Identifiers.swiftEscaped(name) : "_" + name),
            "deprecatedMessageLiteral": flag.deprecated.map { .string(SwiftLiteral.string($0)) } ?? .null,
            "keyLiteral": .string(SwiftLiteral.string(flag.key)),
            "valueType": .string(flag.enumValues != nil ? Self.enumTypeName(ofFlag: flag.key) : swiftType(flag.valueType, scope: scope)),
            "defaultLiteral": .string(defaultLiteral),
            "ownerLiteral": .string(SwiftLiteral.string(flag.owner, used: 11, trailing: 1, indent: 6)),
            "expiresLiteral": .string(flag.expires.map { "\(scope.library("FlagDay")).utc(\($0.year), \($0.month), \($0.day))" } ?? "nil"),
            "killSwitchLiteral": .string(SwiftLiteral.bool(flag.killSwitch)),
            "kindLiteral": .string("." + flag.kind.rawValue),
            "descriptionLiteral": .string(flag.description.map { SwiftLiteral.string($0, used: 17, trailing: 0, indent: 6) } ?? "nil"),
            "docComment": .array(docComment(doc)),
        ]
    }

    /// `///` lines for doc text; empty lines get no trailing space.
    private func docComment(_ lines: [String]) -> [JSONValue] {
        lines.map { .string($0.isEmpty ? "///" : "/// " + $0) }
    }

    /// `.payNow`: the default of a string flag with `enum:` values, as a case of its enum.
    private func enumCaseLiteral(of flag: FlagDefinition) -> String? {
        guard case .string(let text) = flag.defaultValue else { return nil }
        return Self.enumCase(.string(text), of: flag.enumValues)
    }

    /// `.payNow`: a string among `values` (a flag's or a property's `enum:` values) as a case of
    /// their enum; nil for any other value, or without `enum:` values.
    private static func enumCase(_ value: JSONValue, of values: [String]?) -> String? {
        guard let values, case .string(let text) = value, let index = EnumCases.position(of: text, in: values) else { return nil }
        return "." + EnumCases(values).swiftNames[index]
    }

    // MARK: - Literals

    /// A flag value as a Swift expression placed after `used` columns, followed by `trailing`
    /// columns, on a line indented by `indent`.
    func literal(
        _ value: ManifestValue, configName: String?, calls: [String: ConfigCall], scope: SwiftScope, used: Int,
        trailing: Int, indent: Int
    ) -> String {
        switch value {
        case .bool(let bool): SwiftLiteral.bool(bool)
        case .string(let text): SwiftLiteral.string(text, used: used, trailing: trailing, indent: indent + 2)
        case .int(let number): SwiftLiteral.int(number)
        case .double(let number): SwiftLiteral.double(number)
        case .json(let json):
            expression(json, as: .config(configName ?? ""), calls: calls, scope: scope, used: used, trailing: trailing, indent: indent)
        }
    }

    /// A Swift expression for a JSON value of a property type, such as
    /// `PaywallConfig(title: "Go Pro", trialDays: 7)`. Omitted properties take their defaults.
    /// It stays on one line when that fits in the line length; otherwise each argument or
    /// element goes on its own line, as swift-format lays them out, each laid out the same way.
    func expression(
        _ value: JSONValue, as type: PropertyType, calls: [String: ConfigCall], scope: SwiftScope, used: Int,
        trailing: Int, indent: Int
    ) -> String {
        let inline = inlineExpression(value, as: type, calls: calls, scope: scope)
        if used + SourceText.width(inline) + trailing <= SwiftLiteral.lineLength, !inline.utf8.contains(0x0A) { return inline }
        let pad = String(repeating: " ", count: indent)
        let inner = indent + 2
        let innerPad = String(repeating: " ", count: inner)
        switch (type, value) {
        case (.string, .string(let string)):
            return SwiftLiteral.string(string, used: used, trailing: trailing, indent: inner)
        case (.array(let items), .array(let values)) where !values.isEmpty:
            var text = "[\n"
            for value in values {
                text += innerPad + expression(value, as: items, calls: calls, scope: scope, used: inner, trailing: 1, indent: inner) + ",\n"
            }
            return text + pad + "]"
        case (.config(let name), .object(let object)):
            // The arguments are the properties the object has, in the order of the config's properties.
            guard let call = calls[name] else { return inline }
            let properties = call.definition.properties
            let present = call.arguments(for: object)
            guard !present.isEmpty else { return inline }
            var text = scope.config(name) + "(\n"
            for (position, (index, value)) in present.enumerated() {
                let isLast = position == present.count - 1
                text += innerPad + call.labels[index]
                // An enum case is short and written as it is.
                text +=
                    properties[index].enumValues != nil
                    ? argumentInline(value, of: properties[index], calls: calls, scope: scope)
                    : expression(
                        value, as: properties[index].type, calls: calls, scope: scope, used: inner + SourceText.width(call.labels[index]),
                        trailing: isLast ? 0 : 1, indent: inner)
                text += isLast ? "\n" : ",\n"
            }
            return text + pad + ")"
        default:
            return inline
        }
    }

    /// The one-line form of ``expression(_:as:calls:scope:used:trailing:indent:)``.
    func inlineExpression(
        _ value: JSONValue, as type: PropertyType, calls: [String: ConfigCall], scope: SwiftScope
    ) -> String {
        switch (type, value) {
        case (.string, .string(let string)): return SwiftLiteral.string(string)
        case (.bool, .bool(let bool)): return SwiftLiteral.bool(bool)
        case (.int, .int(let number)): return SwiftLiteral.int(number)
        case (.double, .double(let number)): return SwiftLiteral.double(number)
        case (.double, .int(let number)): return SwiftLiteral.double(Double(number))
        case (.array(let items), .array(let values)):
            return "[" + values.map { inlineExpression($0, as: items, calls: calls, scope: scope) }.joined(separator: ", ") + "]"
        case (.config(let name), .object(let object)):
            guard let call = calls[name] else { return "nil" }
            let arguments = call.arguments(for: object).map { index, value in
                call.labels[index] + argumentInline(value, of: call.definition.properties[index], calls: calls, scope: scope)
            }
            return scope.config(name) + "(" + arguments.joined(separator: ", ") + ")"
        default:
            // The validator guarantees values match their types; this is unreachable.
            return "nil"
        }
    }

    /// The one-line form of an argument's value: a case of its property's nested enum, typed by
    /// the argument, or the value's expression.
    private func argumentInline(_ value: JSONValue, of property: ConfigProperty, calls: [String: ConfigCall], scope: SwiftScope) -> String {
        Self.enumCase(value, of: property.enumValues) ?? inlineExpression(value, as: property.type, calls: calls, scope: scope)
    }

    // MARK: - Configs

    /// A config's context. `scope` is the inside of the config's struct.
    private func config(for config: ConfigDefinition, calls: [String: ConfigCall], scope: SwiftScope) -> [String: JSONValue] {
        var doc = config.description.map(SourceText.commentLines) ?? ["A config of flags.yaml."]
        doc += [
            "", "Schema version \(config.version). Decode with `\(config.name).decode(from:)`, which returns nil on any error.",
        ]
        var hoistedNames: Set<String> = []
        let properties = config.properties.map { property(for: $0, calls: calls, scope: scope, hoistedNames: &hoistedNames) }
        let enums = config.properties.filter { $0.enumValues != nil }.map { property in
            enumContext(
                name: Self.enumTypeName(of: property), values: property.enumValues ?? [],
                doc: "The values of `\(property.name)`; a value the app does not know fails decoding.")
        }
        return [
            "name": .string(config.name),
            "schemaVersionLiteral": .string(SwiftLiteral.int(config.version)),
            "docComment": .array(docComment(doc)),
            "types": scope.types,
            "enums": .list(enums),
            "properties": .list(properties),
            "hasProperties": .bool(!properties.isEmpty),
        ]
    }

    private func swiftType(_ type: PropertyType, scope: SwiftScope) -> String {
        switch type {
        case .string: scope.library("String")
        case .int: scope.library("Int")
        case .double: scope.library("Double")
        case .bool: scope.library("Bool")
        case .config(let name): scope.config(name)
        case .array(let items): "[\(swiftType(items, scope: scope))]"
        }
    }

    private func property(
        for property: ConfigProperty, calls: [String: ConfigCall], scope: SwiftScope, hoistedNames: inout Set<String>
    ) -> [String: JSONValue] {
        let name = Identifiers.swiftEscaped(property.name)
        // A nested enum's name is never hidden inside its struct: validation keeps every member
        // name distinct.
        let baseType = property.enumValues != nil ? Self.enumTypeName(of: property) : swiftType(property.type, scope: scope)
        let isOptional = !property.isRequired && property.defaultValue == nil
        let type = isOptional ? baseType + "?" : baseType

        /// The default, as an expression placed after `used` columns.
        func defaultExpression(_ value: JSONValue, used: Int, trailing: Int, indent: Int) -> String {
            Self.enumCase(value, of: property.enumValues)
                ?? expression(value, as: property.type, calls: calls, scope: scope, used: used, trailing: trailing, indent: indent)
        }

        var parameter = "\(name): \(type)"
        if let value = property.defaultValue {
            parameter += " = " + defaultExpression(value, used: 6 + SourceText.width(parameter) + 3, trailing: 1, indent: 6)
        } else if isOptional {
            parameter += " = nil"
        }
        let keyCase = "." + name
        var decode: String
        var hoistedDefault: JSONValue?
        if property.isRequired {
            decode = "try container.decode(\(baseType).self, forKey: \(keyCase))"
        } else if let value = property.defaultValue {
            decode = "try container.decodeIfPresent(\(baseType).self, forKey: \(keyCase)) ?? "
            let inline =
                property.enumValues != nil
                ? defaultExpression(value, used: 0, trailing: 0, indent: 0) : inlineExpression(value, as: property.type, calls: calls, scope: scope)
            if 6 + 5 + SourceText.width(name) + 3 + SourceText.width(decode) + SourceText.width(inline) <= SwiftLiteral.lineLength {
                decode += inline
            } else {
                // Too long for the decoding line: keep the default in a private constant, named
                // after the property and unique among the struct's constants.
                let constant = Identifiers.unique("default" + Identifiers.upperCamel(property.name), among: &hoistedNames)
                decode += "Self.\(constant)"
                hoistedDefault = .object([
                    "name": .string(constant), "type": .string(baseType),
                    "literal": .string(
                        defaultExpression(
                            value, used: 24 + SourceText.width(constant) + SourceText.width(baseType) + 3, trailing: 0, indent: 4)),
                ])
            }
        } else {
            decode = "try container.decodeIfPresent(\(baseType).self, forKey: \(keyCase))"
        }

        var object: [String: JSONValue] = [
            "name": .string(name),
            "type": .string(type),
            "initParameter": .string(parameter),
            "decodeExpression": .string(decode),
            "keyCase": .string(keyCase),
            "docComment": .array(docComment(property.description.map(SourceText.commentLines) ?? [])),
            "checks": .list(checks(for: property, name: name, isOptional: isOptional)),
        ]
        if let hoistedDefault { object["hoistedDefault"] = hoistedDefault }
        return object
    }

    /// The constraints a decoded value must meet, as Swift conditions with a message each, on
    /// the property as `self.name` (a local such as `container` may share its name).
    /// Optional properties pass when absent; the conditions avoid closures, which Swift warns
    /// about inside `guard`. An `enum:` property needs none: decoding its enum refuses other
    /// values.
    private func checks(for property: ConfigProperty, name: String, isOptional: Bool) -> [[String: JSONValue]] {
        var checks: [(condition: String, message: String)] = []
        let member = "self." + name
        if let maxLength = property.maxLength {
            let count = isOptional ? "(\(member)?.unicodeScalars.count ?? 0)" : "\(member).unicodeScalars.count"
            checks.append(("\(count) <= \(SwiftLiteral.int(maxLength))", "\(property.name) is longer than its maxLength"))
        }
        for (bound, op, word, vacuous) in [(property.minimum, ">=", "below its minimum", Int.min), (property.maximum, "<=", "above its maximum", Int.max)] {
            guard let bound else { continue }
            let limit: String
            switch (property.type, bound) {
            case (.int, .int(let number)):
                // A bound at the end of Int's range always holds; Swift would warn about dead code.
                if number == vacuous { continue }
                limit = SwiftLiteral.int(number)
            case (_, .double(let number)): limit = SwiftLiteral.double(number)
            case (_, .int(let number)): limit = SwiftLiteral.double(Double(number))
            default: continue
            }
            let value = isOptional ? "(\(member) ?? \(limit))" : member
            checks.append(("\(value) \(op) \(limit)", "\(property.name) is \(word)"))
        }
        return checks.map { ["condition": .string($0.condition), "messageLiteral": .string(SwiftLiteral.string($0.message))] }
    }
}
