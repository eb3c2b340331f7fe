import FlaggenJSON

/// Builds the template context for the Kotlin output (`Templates/kotlin/Flags.kt.mustache` and
/// `FlagKit.kt.mustache`): every identifier escaped and every literal rendered as Kotlin source,
/// so the templates only place text. The keys are documented in docs/templates.md.
///
/// The generated Kotlin compiles with kotlinc 1.3 and later, warning-free, and needs only the
/// Kotlin standard library and org.json (built into Android), so it runs on minSdk 21.
struct KotlinTranslator: Sendable {
    /// The context both Kotlin templates render.
    func context(for manifest: Manifest, header: GeneratedHeader) -> JSONValue {
        let calls = ConfigCall.calls(for: manifest.configs) { Identifiers.kotlinEscaped($0) + " = " }
        // Flag properties are lowerCamelCase (`newCheckout`), `FlagKey` entries UpperCamelCase
        // (`NewCheckout`), as `FlagKind`'s entries are written.
        let names = manifest.flags.map { Identifiers.lowerCamel($0.key) }
        let entries = manifest.flags.map { Identifiers.upperCamel($0.key) }
        // Inside `object Flags` the nested enums of enum flags hide types of their name, as the
        // flag properties would (validation refuses the names that matter; see KotlinRules).
        let enumFlags = manifest.flags.indices.filter { manifest.flags[$0].enumValues != nil }
        let enumTypes = enumFlags.map { entries[$0] }
        let scope = Scope(hidden: names + enumTypes, packageName: manifest.kotlinPackage).hiding(configsAmong: enumTypes, configs: calls)
        // Enum entries hide types inside their enum, even in its constructor's parameter types.
        let keyScope = Scope(hidden: entries, packageName: manifest.kotlinPackage)
        let flags = flagsAndParts(manifest.flags, names: names, entries: entries, calls: calls, scope: scope)
        return .object([
            // `//` comments: the header's text is already safe in any comment line.
            "header": .array(header.lines.map(JSONValue.string)),
            "manifestName": .string(KotlinLiteral.commentText(header.manifestName)),
            "packageName": .string(manifest.kotlinPackage),
            "typeName": .string(manifest.name),
            "imports": .array(manifest.configs.isEmpty ? [] : [.string("org.json.JSONObject")]),
            "flagKeyStringType": .string(keyScope.stringIsHidden ? "kotlin.String" : "String"),
            "flags": .array(flags.flags),
            "parts": flags.parts,
            "hasFlags": .bool(!manifest.flags.isEmpty),
            "flagEnums": .list(enumFlags.map { index in
                flagEnum(for: manifest.flags[index], typeName: entries[index], packageName: manifest.kotlinPackage, objectName: manifest.name)
            }),
            "hasFlagEnums": .bool(!enumFlags.isEmpty),
            "configs": .list(manifest.configs.map { config(for: $0, calls: calls, manifest: manifest, header: header) }),
            "hasConfigs": .bool(!manifest.configs.isEmpty),
        ])
    }

    /// The context of the enum class an enum flag's values become, nested in the flags object
    /// (`Flags.CheckoutTheme` for `checkout_theme`), as in Swift.
    private func flagEnum(for flag: FlagDefinition, typeName: String, packageName: String, objectName: String) -> [String: JSONValue] {
        let qualifiedName = "\(packageName).\(objectName).\(typeName)"
        var context = enumClass(
            typeName, values: flag.enumValues ?? [], qualifiedName: qualifiedName,
            doc: "The values of the flag `\(flag.key)`; [\(objectName).\(Identifiers.kotlinEscaped(Identifiers.lowerCamel(flag.key)))] reads one.")
        // FlagStore.kt names it from outside, where a config or the app may hide it.
        context["qualifiedName"] = .string(qualifiedName)
        context["key"] = .string(flag.key)
        return context
    }

    /// The context of an enum class named `typeName` for `values`, reached from outside as
    /// `qualifiedName`, with `doc` as its KDoc.
    private func enumClass(_ typeName: String, values: [String], qualifiedName: String, doc: String) -> [String: JSONValue] {
        [
            "name": .string(typeName),
            "docComment": .array(KotlinLiteral.kdoc([doc], indent: 4).map(JSONValue.string)),
            // An entry named `String` hides the type inside the enum.
            "valueType": .string(EnumCases(values).kotlinNames.contains("String") ? "kotlin.String" : "String"),
            "selfType": .string(Self.enumSelfType(typeName, values: values, qualified: qualifiedName)),
            "entries": enumEntries(values, typeName: typeName),
        ]
    }

    /// How an enum class names itself inside its body: `Style`, or its qualified name where an
    /// entry has the name of the type it is nested in (`PaywallConfig("paywall config")`), since
    /// entries hide types there.
    static func enumSelfType(_ name: String, values: [String], qualified: String) -> String {
        let outer = qualified.split(separator: ".").dropLast().last.map(String.init)
        let entries = entryNames(values, typeName: name)
        return outer.map(entries.contains) == true ? qualified : name
    }

    /// The Kotlin entry names of an enum class named `typeName` for `values`: ``EnumCases``'
    /// names, except that an entry never takes the name of its own enum class (`Style("style")`
    /// breaks every entry of `Style`), which gets `Case` added (`StyleCase`), and a number
    /// after that if another value has that name.
    static func entryNames(_ values: [String], typeName: String) -> [String] {
        var names = EnumCases(values).kotlinNames
        guard let index = names.firstIndex(of: typeName) else { return names }
        var taken = Set(names)
        names[index] = Identifiers.unique(typeName + "Case", among: &taken)
        return names
    }

    /// The entries of an enum class for `enum:` values: each entry's name and its exact value.
    private func enumEntries(_ values: [String], typeName: String) -> JSONValue {
        let names = Self.entryNames(values, typeName: typeName)
        return .list(values.indices.map { ["name": .string(names[$0]), "valueLiteral": .string(KotlinLiteral.string(values[$0]))] })
    }

    /// The names that hide types where an expression is placed, and how to reach a type anyway.
    struct Scope {
        /// The package of the generated files, to qualify a hidden generated type.
        let packageName: String
        /// Whether `Long.MIN_VALUE` would find a property named `Long` instead of the type.
        /// Looked up once: every `Long` literal asks.
        let longIsHidden: Bool
        /// Whether a name `String` is declared in the scope.
        let stringIsHidden: Bool
        /// `FlagDate` and `FlagKind`, which every flag's context names, or their qualified names
        /// (`com.example.flags.FlagKind`) where a flag property has their name.
        let flagDateType: String
        let flagKindType: String
        /// The configs whose name is declared here (a flag or a parameter named `Plan`): a
        /// nested enum of theirs is reached through the package (`com.example.flags.Plan.Style`).
        var hiddenConfigs: Set<String> = []
        /// Whether a name here (a parameter `com`) hides the package's first segment, so an
        /// expression cannot start with the package either (a type can).
        let packageIsHidden: Bool

        /// The type names above that a declaration can hide.
        private static let hideableTypes: Set<String> = ["Long", "String", "FlagDate", "FlagKind"]

        /// A scope where `hidden` are declared (flag properties, constructor parameters). Only
        /// the few type names above matter.
        init(hidden: some Sequence<String>, packageName: String) {
            let firstSegment = packageName.prefix { $0 != "." }
            self.packageIsHidden = hidden.contains { $0 == firstSegment }
            let hidden = Set(hidden.filter(Self.hideableTypes.contains))
            self.packageName = packageName
            self.longIsHidden = hidden.contains("Long")
            self.stringIsHidden = hidden.contains("String")
            self.flagDateType = hidden.contains("FlagDate") ? "\(packageName).FlagDate" : "FlagDate"
            self.flagKindType = hidden.contains("FlagKind") ? "\(packageName).FlagKind" : "FlagKind"
        }

        /// The same scope, where those of `hidden` that are config names hide their configs.
        func hiding(configsAmong hidden: some Sequence<String>, configs: [String: ConfigCall]) -> Scope {
            var scope = self
            for name in hidden where configs[name] != nil { scope.hiddenConfigs.insert(name) }
            return scope
        }

        /// How a config's nested type is reached here: `Plan.Style`, or
        /// `com.example.flags.Plan.Style` where a name hides the config.
        func nested(_ type: String, in config: String) -> String {
            hiddenConfigs.contains(config) ? "\(packageName).\(config).\(type)" : "\(config).\(type)"
        }
    }

    // MARK: - Parts

    // The JVM caps a method at 65,535 bytes of bytecode, and a Kotlin object (like an enum class)
    // builds all its properties in one method, its static initializer. One object of every flag
    // stopped compiling between 1,000 and 1,500 flags ("Method too large"). So the flags are
    // built in holder objects, `Part1`, `Part2`, ..., nested in the flags object and in
    // `FlagKey`, which read them through getters; each part is initialized on first use.
    //
    // A part is closed before it would pass either bound. Measured with kotlinc 1.3
    // (docs/performance.md): besides its default value, a flag costs about 45 bytes of its
    // part's initializer (200 bools: 8.9 KB) and a `FlagKey` entry about 20 (200: 3.9 KB); a
    // default costs at most about 2 bytes per character of its Kotlin text (short lists of small
    // numbers: 5,994 characters in 111 flags took 14.3 KB; a string costs 3 bytes whatever its
    // length). So a part stays near 20 KB, a third of the limit, whatever the manifest holds;
    // the count bound alone would not do, as defaults can be long. A flag whose default alone is
    // longer than the size bound gets a part of its own (a default of tens of thousands of
    // numbers could still pass the limit by itself: the JVM cannot build one such value in one
    // method, whatever flaggen does).

    /// The most flags one holder object builds.
    static let maxFlagsPerPart = 200

    /// The most UTF-8 bytes of `defaultLiteral` text one holder object builds, unless its only
    /// flag's default is longer.
    static let maxDefaultLiteralBytesPerPart = 6_000

    /// Every flag's context, in manifest order, and the holder objects that build them: each flag
    /// is in exactly one part, parts keep manifest order, and ``maxFlagsPerPart`` and
    /// ``maxDefaultLiteralBytesPerPart`` bound each part.
    ///
    /// A part lists the same flag objects as `flags` (shared, not copied: a copy of every flag's
    /// context cost 13.5 MB at 10,000 flags), so each flag carries its place in both lists:
    /// `isFirst`/`isLast` in all flags, `isFirstInPart`/`isLastInPart` in its part.
    private func flagsAndParts(
        _ definitions: [FlagDefinition], names: [String], entries: [String], calls: [String: ConfigCall], scope: Scope
    ) -> (flags: [JSONValue], parts: JSONValue) {
        var contexts: [[String: JSONValue]] = []
        contexts.reserveCapacity(definitions.count)
        // The index of each part's first flag.
        var partStarts: [Int] = []
        var literalBytes = 0
        for index in definitions.indices {
            let (context, bytes) = flag(for: definitions[index], name: names[index], entry: entries[index], calls: calls, scope: scope)
            let partSize = contexts.count - (partStarts.last ?? 0)
            if partStarts.isEmpty || partSize == Self.maxFlagsPerPart || (partSize > 0 && literalBytes + bytes > Self.maxDefaultLiteralBytesPerPart) {
                partStarts.append(contexts.count)
                literalBytes = 0
            }
            literalBytes += bytes
            contexts.append(context)
        }
        var flags: [JSONValue] = []
        flags.reserveCapacity(contexts.count)
        var parts: [[String: JSONValue]] = []
        for (number, start) in partStarts.enumerated() {
            let end = number + 1 < partStarts.count ? partStarts[number + 1] : contexts.count
            let name = JSONValue.string(Identifiers.kotlinHolderName(number + 1))
            for index in start..<end {
                var context = contexts[index]
                context["part"] = name
                context["isFirst"] = .bool(index == 0)
                context["isLast"] = .bool(index == contexts.count - 1)
                context["isFirstInPart"] = .bool(index == start)
                context["isLastInPart"] = .bool(index == end - 1)
                flags.append(.object(context))
            }
            parts.append(["name": name, "flags": .array(Array(flags[start..<end]))])
        }
        return (flags, .list(parts))
    }

    // MARK: - Flags

    /// The context of a flag that does not depend on its place in the lists, and the UTF-8
    /// length of its `defaultLiteral` (which bounds its part). `name` is the flag's
    /// ``Identifiers/lowerCamel(_:)`` property name (before keyword escaping; `flaggen remove`
    /// rewrites reads of it), `entry` its ``Identifiers/upperCamel(_:)`` `FlagKey` entry (and the
    /// name of its enum class, for an enum flag).
    private func flag(
        for flag: FlagDefinition, name: String, entry: String, calls: [String: ConfigCall], scope: Scope
    ) -> (context: [String: JSONValue], defaultLiteralBytes: Int) {
        let defaultLiteral: String
        if let values = flag.enumValues, case .string(let text) = flag.defaultValue, let index = EnumCases.position(of: text, in: values) {
            // Validation checked that the default is one of the values, exactly.
            defaultLiteral = entry + "." + Self.entryNames(values, typeName: entry)[index]
        } else {
            defaultLiteral = literal(flag.defaultValue, configName: flag.configName, calls: calls, scope: scope, used: 27, indent: 12)
        }
        let context: [String: JSONValue] = [
            "key": .string(flag.key),
            "name": .string(Identifiers.kotlinEscaped(name)),
            "entry": .string(entry),
            "keyLiteral": .string(KotlinLiteral.string(flag.key)),
            "valueType": .string(flag.enumValues != nil ? entry : kotlinType(flag.valueType)),
            "defaultLiteral": .string(defaultLiteral),
            "ownerLiteral": .string(KotlinLiteral.string(flag.owner)),
            "expiresLiteral": .string(flag.expires.map { "\(scope.flagDateType)(\($0.year), \($0.month), \($0.day))" } ?? "null"),
            "killSwitchLiteral": .string(KotlinLiteral.bool(flag.killSwitch)),
            "kindLiteral": .string(scope.flagKindType + "." + Identifiers.upperCamel(flag.kind.rawValue)),
            "descriptionLiteral": .string(flag.description.map(KotlinLiteral.string) ?? "null"),
            "docComment": .array(docComment(for: flag).map(JSONValue.string)),
            "deprecatedMessageLiteral": flag.deprecated.map { .string(KotlinLiteral.string($0)) } ?? .null,
        ]
        return (context, defaultLiteral.utf8.count)
    }

    /// A flag's KDoc: its description, then its key, owner, kind, expiry and rollout. That is
    /// four lines at least, so always the multi-line form of ``KotlinLiteral/kdoc(_:indent:)``.
    private func docComment(for flag: FlagDefinition) -> [String] {
        var doc = flag.description.map(KotlinLiteral.commentLines) ?? []
        if !doc.isEmpty { doc.append("") }
        doc.append("- Key: `" + flag.key + "`")
        doc.append("- Owner: " + KotlinLiteral.commentText(flag.owner))
        doc += flag.lifetimeDocLines(expiresNote: " (expired from the next day on)")
        return KotlinLiteral.kdoc(doc, indent: 4)
    }

    // MARK: - Literals

    /// A flag value as a Kotlin expression placed in `scope`, after `used` columns of a line
    /// indented by `indent`.
    func literal(
        _ value: ManifestValue, configName: String?, calls: [String: ConfigCall], scope: Scope, used: Int, indent: Int
    ) -> String {
        switch value {
        case .bool(let bool): KotlinLiteral.bool(bool)
        case .string(let text): KotlinLiteral.string(text)
        case .int(let number): KotlinLiteral.long(number, longIsHidden: scope.longIsHidden)
        case .double(let number): KotlinLiteral.double(number)
        case .json(let json):
            expression(json, as: .config(configName ?? ""), calls: calls, scope: scope, used: used, indent: indent)
        }
    }

    /// A Kotlin expression for a JSON value of a property type, placed after `used` columns of a
    /// line indented by `indent`: on one line when it fits in ``KotlinLiteral/lineLength`` (with
    /// a comma after it), else with one argument or element per line, each laid out the same way.
    func expression(
        _ value: JSONValue, as type: PropertyType, calls: [String: ConfigCall], scope: Scope, used: Int, indent: Int
    ) -> String {
        let inline = inlineExpression(value, as: type, calls: calls, scope: scope)
        if used + SourceText.width(inline) + 1 <= KotlinLiteral.lineLength { return inline }
        let pad = String(repeating: " ", count: indent)
        let inner = indent + 4
        let innerPad = String(repeating: " ", count: inner)
        switch (type, value) {
        case (.array(let items), .array(let values)) where !values.isEmpty:
            let elements = values.map { innerPad + expression($0, as: items, calls: calls, scope: scope, used: inner, indent: inner) }
            return "listOf(\n" + elements.joined(separator: ",\n") + "\n" + pad + ")"
        case (.config(let name), .object(let object)):
            guard let call = calls[name] else { return inline }
            let properties = call.definition.properties
            let present = call.arguments(for: object)
            guard !present.isEmpty else { return inline }
            let arguments = present.map { index, value in
                // An enum entry is short and written as it is.
                let text =
                    properties[index].enumValues != nil
                    ? argumentInline(value, of: properties[index], in: name, calls: calls, scope: scope)
                    : expression(value, as: properties[index].type, calls: calls, scope: scope, used: inner + SourceText.width(call.labels[index]), indent: inner)
                return innerPad + call.labels[index] + text
            }
            return name + "(\n" + arguments.joined(separator: ",\n") + "\n" + pad + ")"
        default:
            return inline
        }
    }

    /// The one-line form of ``expression(_:as:calls:scope:used:indent:)``, such as
    /// `PaywallConfig(title = "Go Pro", trialDays = 7L)`. Arguments are named; omitted
    /// properties take their defaults from the data class.
    func inlineExpression(_ value: JSONValue, as type: PropertyType, calls: [String: ConfigCall], scope: Scope) -> String {
        switch (type, value) {
        case (.string, .string(let string)): return KotlinLiteral.string(string)
        case (.bool, .bool(let bool)): return KotlinLiteral.bool(bool)
        case (.int, .int(let number)): return KotlinLiteral.long(number, longIsHidden: scope.longIsHidden)
        case (.double, .double(let number)): return KotlinLiteral.double(number)
        case (.double, .int(let number)): return KotlinLiteral.double(Double(number))
        case (.array, .array(let values)) where values.isEmpty: return "emptyList()"
        case (.array(let items), .array(let values)):
            return "listOf(" + values.map { inlineExpression($0, as: items, calls: calls, scope: scope) }.joined(separator: ", ") + ")"
        case (.config(let name), .object(let object)):
            guard let call = calls[name] else { return "null" }
            let arguments = call.arguments(for: object).map { index, value in
                call.labels[index] + argumentInline(value, of: call.definition.properties[index], in: name, calls: calls, scope: scope)
            }
            return name + "(" + arguments.joined(separator: ", ") + ")"
        default:
            // The validator guarantees values match their types; this is unreachable.
            return "null"
        }
    }

    /// The one-line form of a config argument's value: an entry of the property's enum class,
    /// or the value's expression.
    private func argumentInline(
        _ value: JSONValue, of property: ConfigProperty, in config: String, calls: [String: ConfigCall], scope: Scope
    ) -> String {
        enumEntry(value, of: property, in: config, scope: scope) ?? inlineExpression(value, as: property.type, calls: calls, scope: scope)
    }

    // MARK: - Configs

    /// A config's context.
    private func config(
        for config: ConfigDefinition, calls: [String: ConfigCall], manifest: Manifest, header: GeneratedHeader
    ) -> [String: JSONValue] {
        let packageName = manifest.kotlinPackage
        var doc = config.description.map(KotlinLiteral.commentLines) ?? []
        if doc.isEmpty { doc = ["A config of \(KotlinLiteral.commentText(header.manifestName))."] }
        doc += [
            "",
            "Schema version \(config.version). Read it with [\(config.name).fromJson], which returns null on any error.",
        ]
        // Constructor parameters are in scope in the default values of later parameters.
        let constructorScope = Scope(hidden: config.properties.lazy.map(\.name), packageName: packageName)
            .hiding(configsAmong: config.properties.lazy.map(\.name), configs: calls)
        // Two properties whose JVM getters share a name (`title` and `Title`: getTitle) would not
        // compile: the later ones get a getter of their own, `get_Title`, which no property's
        // getter can have (property names start with a letter).
        var getters: Set<String> = []
        let jvmNames = config.properties.map { property -> String? in
            getters.insert(Self.jvmGetterName(of: property.name)).inserted ? nil : "get_" + property.name
        }
        let properties = zip(config.properties, jvmNames).map {
            property(for: $0, calls: calls, constructorScope: constructorScope, packageName: packageName, jvmGetterName: $1)
        }
        let enums = config.properties.filter { $0.enumValues != nil }.map { property in
            let typeName = SwiftTranslator.enumTypeName(of: property)
            return enumClass(
                typeName, values: property.enumValues ?? [], qualifiedName: "\(packageName).\(config.name).\(typeName)",
                doc: "The values of `\(property.name)`; a value the app does not know fails decoding.")
        }
        return [
            "name": .string(config.name),
            "enums": .list(enums),
            "schemaVersionLiteral": .string(KotlinLiteral.int(config.version)),
            "docComment": .array(KotlinLiteral.kdoc(doc, indent: 0).map(JSONValue.string)),
            "properties": .list(properties),
            "hasProperties": .bool(!properties.isEmpty),
        ]
    }

    /// The Kotlin type of a property type: `Long`, `List<Plan>`.
    func kotlinType(_ type: PropertyType) -> String {
        switch type {
        case .string: "String"
        case .int: "Long"
        case .double: "Double"
        case .bool: "Boolean"
        case .config(let name): name
        case .array(let items): "List<\(kotlinType(items))>"
        }
    }

    private func property(
        for property: ConfigProperty, calls: [String: ConfigCall], constructorScope: Scope, packageName: String, jvmGetterName: String?
    ) -> [String: JSONValue] {
        let keyLiteral = KotlinLiteral.string(property.name)
        let name = Identifiers.kotlinEscaped(property.name)
        let isNullable = !property.isRequired && property.defaultValue == nil
        let baseType = property.enumValues != nil ? SwiftTranslator.enumTypeName(of: property) : kotlinType(property.type)
        let type = baseType + (isNullable ? "?" : "")
        var parameter = jvmGetterName.map { "@get:kotlin.jvm.JvmName(\"\($0)\") " } ?? ""
        parameter += "val \(name): \(type)"
        if let value = property.defaultValue {
            parameter += " = "
            let used = 4 + SourceText.width(parameter)
            parameter +=
                enumEntry(value, of: property, in: nil, scope: constructorScope)
                ?? expression(value, as: property.type, calls: calls, scope: constructorScope, used: used, indent: 4)
        } else if isNullable {
            parameter += " = null"
        }
        return [
            "name": .string(name),
            "keyLiteral": .string(keyLiteral),
            "type": .string(type),
            "parameter": .string(parameter),
            // Nothing hidden: `read(json)` is in the companion object, which sees no instance properties.
            "readExpression": .string(
                readExpression(for: property, keyLiteral: keyLiteral, calls: calls, scope: Scope(hidden: [], packageName: packageName))),
            "docComment": .array(KotlinLiteral.kdoc(docLines(for: property), indent: 4).map(JSONValue.string)),
        ]
    }

    /// What a property means and the rules its values follow.
    private func docLines(for property: ConfigProperty) -> [String] {
        var doc = property.description.map(KotlinLiteral.commentLines) ?? []
        var rules: [String] = []
        if property.isRequired { rules.append("Required.") }
        if let allowed = property.enumValues {
            rules.append("One of " + allowed.map { KotlinLiteral.commentText(KotlinLiteral.string($0)) }.joined(separator: ", ") + ".")
        }
        if let maxLength = property.maxLength { rules.append("At most \(maxLength) characters.") }
        if let minimum = property.minimum.map(boundText) { rules.append("At least \(minimum).") }
        if let maximum = property.maximum.map(boundText) { rules.append("At most \(maximum).") }
        if !rules.isEmpty {
            if !doc.isEmpty { doc.append("") }
            doc.append(rules.joined(separator: " "))
        }
        return doc
    }

    private func boundText(_ bound: JSONValue) -> String {
        switch bound {
        case .int(let number): String(number)
        case .double(let number): KotlinLiteral.double(number)
        default: ""
        }
    }

    /// The expression that reads a property in `read(json)`: it throws inside `FlagJson.decode`
    /// when the value is missing, of the wrong type or breaks a rule, and gives the default when
    /// an optional value is missing or null.
    func readExpression(
        for property: ConfigProperty, keyLiteral: String, calls: [String: ConfigCall], scope: Scope
    ) -> String {
        let reader = property.isRequired ? "FlagJson.required" : "FlagJson.optional"
        // An optional property falls back to its default, when it has one.
        let defaultValue = property.isRequired ? nil : property.defaultValue
        if property.enumValues != nil {
            // The exact string, looked up among the entries' values; any other string throws.
            let type = SwiftTranslator.enumTypeName(of: property)
            let entry = defaultValue.flatMap { enumEntry($0, of: property, in: nil, scope: scope) }
            return reader + "Enum(json, \(keyLiteral)) { \(type).fromValue(it) }" + (entry.map { " ?: " + $0 } ?? "")
        }
        let bound = { (name: String, value: JSONValue?) in
            value.map { ", \(name) = " + inlineExpression($0, as: property.type, calls: calls, scope: scope) } ?? ""
        }
        let read: String
        switch property.type {
        case .string: read = "String(json, \(keyLiteral)" + (property.maxLength.map { ", maxLength = " + KotlinLiteral.int($0) } ?? "") + ")"
        case .int: read = "Long(json, \(keyLiteral)" + bound("minimum", property.minimum) + bound("maximum", property.maximum) + ")"
        case .double: read = "Double(json, \(keyLiteral)" + bound("minimum", property.minimum) + bound("maximum", property.maximum) + ")"
        case .bool: read = "Boolean(json, \(keyLiteral))"
        case .config(let name): read = "Object(json, \(keyLiteral)) { \(name).read(it) }"
        case .array(let items): read = "List(json, \(keyLiteral)) { \(itemExpression(items, value: "it")) }"
        }
        return reader + read + (defaultValue.map { " ?: " + inlineExpression($0, as: property.type, calls: calls, scope: scope) } ?? "")
    }

    /// The entry of a property's nested enum that a value names, such as `Style.Light` inside
    /// the config (`config` nil) or `PaywallConfig.Style.Light` elsewhere; nil for a property
    /// without `enum:` values.
    func enumEntry(_ value: JSONValue, of property: ConfigProperty, in config: String?, scope: Scope) -> String? {
        guard let values = property.enumValues, case .string(let text) = value, let index = EnumCases.position(of: text, in: values) else {
            return nil
        }
        let type = SwiftTranslator.enumTypeName(of: property)
        let qualified = config.map { scope.nested(type, in: $0) } ?? type
        let entry = Self.entryNames(values, typeName: type)[index]
        if let config, scope.hiddenConfigs.contains(config), scope.packageIsHidden {
            // Both the config and the package are hidden here; a type argument is a type
            // position, which no parameter hides.
            return "enumValueOf<\(qualified)>(\(KotlinLiteral.string(entry)))"
        }
        return qualified + "." + entry
    }

    /// The JVM name of a Kotlin property's getter: `getTitle` for `title` and `Title`, `isOn`
    /// for `isOn` (a name of `is` and a character that is not a lowercase letter keeps its name).
    static func jvmGetterName(of name: String) -> String {
        let utf8 = Array(name.utf8)
        if utf8.count > 2, utf8[0] == UInt8(ascii: "i"), utf8[1] == UInt8(ascii: "s"), !utf8[2].isASCIILowercase {
            return name
        }
        return "get" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Reads one array element, `value`, strictly.
    private func itemExpression(_ type: PropertyType, value: String, depth: Int = 0) -> String {
        switch type {
        case .string: return "FlagJson.string(\(value))"
        case .int: return "FlagJson.long(\(value))"
        case .double: return "FlagJson.double(\(value))"
        case .bool: return "FlagJson.boolean(\(value))"
        case .config(let name): return "\(name).read(FlagJson.jsonObject(\(value)))"
        case .array(let items):
            // The validator refuses arrays of arrays; named parameters keep this correct anyway.
            let item = "item\(depth + 1)"
            return "FlagJson.list(\(value)) { \(item) -> \(itemExpression(items, value: item, depth: depth + 1)) }"
        }
    }
}
