import FlaggenArguments
import FlaggenJSON

/// Reads the `configs:` section and checks JSON values against configs.
struct ConfigValidation {
    typealias Node = YAMLTree.NodeID

    let context: ValidationContext

    private var tree: YAMLTree { context.tree }

    /// Reads every config, in manifest order and by name. Configs with errors are left out,
    /// after their errors are reported.
    func read(_ node: Node?) -> (inOrder: [ConfigDefinition], byName: [String: ConfigDefinition]) {
        guard let node else { return ([], [:]) }
        guard tree.kind(node) == .mapping else {
            context.error("'configs' must be a mapping from config names to configs, found \(tree.kindDescription(node))", at: tree.location(node))
            return ([], [:])
        }
        let entries = tree.entries(node)
        // Names first, so properties can refer to configs defined later in the file.
        var names: Set<String> = []
        for entry in entries {
            let name = tree.text(entry.key)
            let keyLocation = tree.location(entry.key)
            if !Self.isTypeName(name) {
                context.error(
                    "config name '\(name)' must be an UpperCamelCase type name (letters and digits, starting with a capital), such as PaywallConfig",
                    at: keyLocation)
            } else if SwiftScope.modules.contains(name) {
                let example = SwiftScope.libraryTypes.first { $0.module == name }?.name ?? "Int"
                context.error(
                    "config name '\(name)' is the name of the module \(name), which the generated Swift writes to reach the types it uses (such as \(name).\(example)); pick another name",
                    at: keyLocation)
            } else if Identifiers.reservedTypeNames.contains(name) {
                context.error("config name '\(name)' clashes with a type the generated code uses; pick another name", at: keyLocation)
            } else if Identifiers.isKotlinHolderName(name) {
                context.error(
                    "config name '\(name)' clashes with the objects that hold the flags in the generated Kotlin ('Part' followed by digits); pick another name",
                    at: keyLocation)
            }
            names.insert(name)
        }
        var shapes: [(entry: YAMLTree.Entry, config: ConfigDefinition, defaults: [(Int, Node)])] = []
        for entry in entries {
            if let shape = readShape(entry, names: names) { shapes.append((entry, shape.config, shape.defaults)) }
        }
        var configs: [String: ConfigDefinition] = [:]
        for shape in shapes { configs[shape.config.name] = shape.config }
        reportCycles(in: shapes.map(\.config), byName: configs)
        // Defaults last: a default of a config type is checked against that config.
        var defaultLocations: [String: SourceLocation] = [:]
        var inOrder: [ConfigDefinition] = []
        for shape in shapes {
            var config = shape.config
            for (index, node) in shape.defaults {
                let property = config.properties[index]
                config.properties[index].defaultValue = value(node, as: property.type, property: property, configs: configs, what: "the default of '\(config.name).\(property.name)'")
                defaultLocations["\(config.name).\(property.name)"] = tree.location(node)
            }
            configs[config.name] = config
            inOrder.append(config)
        }
        reportEndlessDefaults(configs, at: defaultLocations)
        return (inOrder, configs)
    }

    /// Reports a property default that needs itself to be built: `children: [{}]` of a `Node`
    /// holds a Node without `children`, whose default is `[{}]` again. Building it never ends,
    /// and the generated Swift and Kotlin crash on it (a stack overflow).
    private func reportEndlessDefaults(_ configs: [String: ConfigDefinition], at locations: [String: SourceLocation]) {
        // Which property defaults building each one needs: those of the properties its objects leave out.
        var needs: [String: [String]] = [:]
        func walk(_ value: JSONValue, _ type: PropertyType, into found: inout [String]) {
            switch (type, value) {
            case (.array(let items), .array(let values)):
                for value in values { walk(value, items, into: &found) }
            case (.config(let name), .object(let object)):
                for property in configs[name]?.properties ?? [] {
                    if let member = object[property.name] {
                        walk(member, property.type, into: &found)
                    } else if property.defaultValue != nil {
                        found.append("\(name).\(property.name)")
                    }
                }
            default:
                break
            }
        }
        for config in configs.values {
            for property in config.properties {
                guard let value = property.defaultValue else { continue }
                var found: [String] = []
                walk(value, property.type, into: &found)
                needs["\(config.name).\(property.name)"] = found
            }
        }
        // Depth first, with an explicit stack (a long chain of configs must not overflow the
        // call stack); a cycle is reported once, at the first default of it in the manifest.
        var state: [String: Int] = [:]  // 1 = on the path, 2 = done
        for root in needs.keys.sorted(by: { (locations[$0] ?? .startOfFile) < (locations[$1] ?? .startOfFile) }) where state[root] == nil {
            var path: [(name: String, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = path.last {
                let next = needs[top.name] ?? []
                guard top.next < next.count else {
                    state[top.name] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let name = next[top.next]
                switch state[name] {
                case 2?: continue
                case 1?:
                    let names = path.map(\.name)
                    let cycle = names[(names.firstIndex(of: name) ?? 0)...].map { "'\($0)'" }
                    let through = cycle.count > 1 ? " through \(cycle.dropFirst().joined(separator: ", "))" : ""
                    context.error(
                        "the default of \(cycle[cycle.startIndex]) needs itself\(through): an object in it leaves out a property whose default leads back to it, so building it never ends (the generated code would crash); write that property out in the inner object, such as [] for a list",
                        at: locations[name] ?? .startOfFile)
                    state[name] = 2
                default:
                    state[name] = 1
                    path.append((name, 0))
                }
            }
        }
    }

    /// `[A-Z][A-Za-z0-9]*`, checked on UTF-8 bytes.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIIUppercase else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
    }

    /// `[A-Za-z][A-Za-z0-9_]*`, checked on UTF-8 bytes.
    static func isPropertyName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIILetter else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    }

    private func readShape(_ entry: YAMLTree.Entry, names: Set<String>) -> (config: ConfigDefinition, defaults: [(Int, Node)])? {
        let name = tree.text(entry.key)
        let keyLocation = tree.location(entry.key)
        // Built only for a message: most configs have nothing to report.
        func what() -> String { "config '\(name)'" }
        guard let fields = context.fields(of: entry.value, in: what(), as: ConfigField.self) else { return nil }
        var version = 1
        if let node = fields[.version], let value = context.int(node, "the version of \(what())") {
            if value < 1 {
                context.error("the version of \(what()) must be 1 or more", at: tree.location(node))
            } else {
                version = value
            }
        }
        let description = fields[.description].flatMap { context.string($0, "the description of \(what())") }
        let additional = fields[.additionalProperties].flatMap { context.bool($0, "additionalProperties of \(what())") } ?? false

        var properties: [ConfigProperty] = []
        var defaults: [(Int, Node)] = []
        if let node = fields[.properties] {
            if tree.kind(node) == .mapping {
                for propertyEntry in tree.entries(node) {
                    guard let (property, defaultNode) = readProperty(propertyEntry, of: name, names: names) else { continue }
                    if let defaultNode { defaults.append((properties.count, defaultNode)) }
                    properties.append(property)
                }
            } else {
                context.error("'properties' of \(what()) must be a mapping from property names to properties, found \(tree.kindDescription(node))", at: tree.location(node))
            }
        } else {
            context.error("\(what()) needs 'properties'", at: keyLocation)
        }

        if let node = fields[.required], let items = context.list(node, "'required' of \(what())") {
            var seen: Set<String> = []
            var indices: [String: Int] = [:]  // by name: scanning the list per entry is quadratic
            for (index, property) in properties.enumerated() where indices[property.name] == nil { indices[property.name] = index }
            for item in items {
                guard let required = context.string(item, "a 'required' entry of \(what())") else { continue }
                if !seen.insert(required).inserted {
                    context.error("'\(required)' is listed twice in 'required' of \(what())", at: tree.location(item))
                } else if let index = indices[required] {
                    properties[index].isRequired = true
                } else {
                    context.error("'required' of \(what()) names '\(required)', which is not one of its properties", at: tree.location(item))
                }
            }
        }
        let config = ConfigDefinition(
            name: name, version: version, description: description, properties: properties,
            additionalProperties: additional, location: keyLocation)
        return (config, defaults)
    }

    private func readProperty(_ entry: YAMLTree.Entry, of configName: String, names: Set<String>) -> (ConfigProperty, Node?)? {
        let name = tree.text(entry.key)
        let keyLocation = tree.location(entry.key)
        // Built only for a message: most properties have nothing to report.
        func what() -> String { "property '\(configName).\(name)'" }
        if !Self.isPropertyName(name) {
            context.error("\(what()): a property name must start with a letter and hold only letters, digits and '_'", at: keyLocation)
        }
        if Identifiers.reservedPropertyNames.contains(name) {
            context.error("\(what()): '\(name)' cannot be a property name in generated Swift or Kotlin; pick another name", at: keyLocation)
        }
        guard let fields = context.fields(of: entry.value, in: what(), as: PropertyField.self) else { return nil }
        guard let typeNode = fields[.type] else {
            return context.refuse("\(what()) needs a 'type': string, int, double, bool, array or a config name", at: keyLocation)
        }
        guard let typeName = context.string(typeNode, "the type of \(what())") else { return nil }
        var type: PropertyType
        switch typeName {
        case "array":
            guard let itemsNode = fields[.items] else {
                return context.refuse("\(what()) is an array and needs 'items': the type of its elements", at: tree.location(typeNode))
            }
            guard let itemsName = context.string(itemsNode, "the items of \(what())"),
                let items = scalarOrConfigType(itemsName, at: tree.location(itemsNode), names: names, what: "the items of \(what())")
            else { return nil }
            type = .array(items)
        default:
            guard let resolved = scalarOrConfigType(typeName, at: tree.location(typeNode), names: names, what: what()) else { return nil }
            type = resolved
            if let itemsNode = fields[.items] {
                context.error("'items' applies only to arrays; \(what()) is \(typeName)", at: tree.location(itemsNode))
            }
        }
        var property = ConfigProperty(name: name, type: type, location: keyLocation)
        property.description = fields[.description].flatMap { context.string($0, "the description of \(what())") }

        if let node = fields[.enumValues] {
            if type != .string {
                context.error("'enum' applies only to string properties; \(what()) is \(type)", at: tree.location(node))
            } else {
                property.enumValues = context.enumValues(node, "'enum' of \(what())")
            }
        }
        for bound in [PropertyField.minimum, .maximum] {
            guard let node = fields[bound] else { continue }
            let limit: JSONValue?
            switch type {
            case .int: limit = context.int(node, "'\(bound.name)' of \(what())").map(JSONValue.int)
            case .double: limit = context.double(node, "'\(bound.name)' of \(what())").map(JSONValue.double)
            default:
                context.error("'\(bound.name)' applies only to int and double properties; \(what()) is \(type)", at: tree.location(node))
                limit = nil
            }
            if bound == .minimum { property.minimum = limit } else { property.maximum = limit }
        }
        if let minimum = property.minimum?.doubleValue, let maximum = property.maximum?.doubleValue, minimum > maximum {
            context.error("'minimum' of \(what()) is greater than its 'maximum'", at: fields.keyLocation(.minimum))
        }
        if let node = fields[.maxLength] {
            if type != .string {
                context.error("'maxLength' applies only to string properties; \(what()) is \(type)", at: tree.location(node))
            } else if let value = context.int(node, "'maxLength' of \(what())") {
                if value < 0 { context.error("'maxLength' of \(what()) must be 0 or more", at: tree.location(node)) } else { property.maxLength = value }
            }
        }
        return (property, fields[.defaultValue])
    }

    private func scalarOrConfigType(_ name: String, at location: SourceLocation, names: Set<String>, what: @autoclosure () -> String) -> PropertyType? {
        switch name {
        case "string": return .string
        case "int": return .int
        case "double": return .double
        case "bool": return .bool
        case "array":
            return context.refuse("\(what()): arrays of arrays are not supported; wrap the inner array in a config", at: location)
        default:
            if names.contains(name) { return .config(name) }
            var message = "\(what()) has unknown type '\(name)'; use string, int, double, bool, array or a config name"
            if let suggestion = context.suggestion(
                for: name, among: ["string", "int", "double", "bool", "array"] + names.sorted(), count: 5 + names.count) {
                message += " (did you mean '\(suggestion)'?)"
            }
            return context.refuse(message, at: location)
        }
    }

    /// Configs may not contain themselves, directly or through others: the generated structs
    /// would have infinite size. Through an array is fine (`children: [Node]` is a tree).
    private func reportCycles(in configs: [ConfigDefinition], byName: [String: ConfigDefinition]) {
        var state: [String: Int] = [:]  // 1 = visiting, 2 = done
        var reported: Set<String> = []
        // Depth first, with an explicit stack rather than recursion: a chain of many thousand
        // configs, each holding the next, would overflow the call stack. `stack` holds the
        // path being visited and the index of each config's next property.
        var stack: [(name: String, config: ConfigDefinition, next: Int)] = []
        for root in configs where state[root.name] == nil {
            state[root.name] = 1
            stack = [(root.name, root, 0)]
            while let top = stack.last {
                guard top.next < top.config.properties.count else {
                    state[top.name] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                // Only direct references count: an array of a config is a tree, which is finite.
                guard case .config(let name) = top.config.properties[top.next].type, let next = byName[name] else { continue }
                switch state[name] {
                case 2:
                    continue
                case 1:
                    // At most 100 cycles, each named by at most 10 configs: a manifest full of
                    // long cycles must not make the report quadratic in size.
                    guard reported.count < 100 else { continue }
                    let path = stack.map(\.name)
                    let cycle = path[(path.firstIndex(of: name) ?? 0)...] + [name]
                    let shown = cycle.count <= 10
                        ? cycle.joined(separator: " -> ")
                        : (cycle.prefix(5) + ["... \(cycle.count - 10) more ..."] + cycle.suffix(5)).joined(separator: " -> ")
                    if reported.insert(cycle.sorted().joined(separator: ",")).inserted {
                        context.error(
                            "configs refer to each other in a cycle (\(shown)); break it by removing one reference",
                            at: next.location)
                    }
                default:
                    state[name] = 1
                    stack.append((name, next, 0))
                }
            }
        }
    }

    // MARK: - Values

    /// Checks a value against a config and returns it as JSON, or nil after reporting errors.
    func value(of config: ConfigDefinition, _ node: Node, configs: [String: ConfigDefinition], what: @autoclosure () -> String) -> JSONValue? {
        guard tree.kind(node) == .mapping else {
            return context.refuse("\(what()) must be a mapping with the fields of \(config.name), found \(context.describe(node))", at: tree.location(node))
        }
        let entries = tree.entries(node)
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(entries.count)
        var valid = true
        // Each property by its name (scanning the list for every key would be quadratic in a
        // config with many properties).
        let propertiesByName = Dictionary(config.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            let key = tree.text(entry.key)
            if let property = propertiesByName[key] {
                if let value = value(entry.value, as: property.type, property: property, configs: configs, what: "'\(key)' in \(what())") {
                    object[key] = value
                } else {
                    valid = false
                }
            } else if config.additionalProperties {
                if let value = anyValue(entry.value, what: "'\(key)' in \(what())") { object[key] = value } else { valid = false }
            } else {
                var message = "\(what()) has '\(key)', which is not a property of \(config.name)"
                if let suggestion = context.suggestion(
                    for: key, among: config.properties.map(\.name), count: config.properties.count) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    // At most 20 names, so that many such errors cannot fill memory.
                    let names = config.properties.prefix(20).map(\.name).joined(separator: ", ")
                    let more = config.properties.count > 20 ? " and \(config.properties.count - 20) more" : ""
                    message += "; its properties are \(names)\(more)"
                }
                context.error(message, at: tree.location(entry.key))
                valid = false
            }
        }
        // While every value is valid, each property written is in `object`; one missing is reported.
        for property in config.properties where valid && property.isRequired && object[property.name] == nil {
            context.error("\(what()) lacks '\(property.name)', which \(config.name) requires", at: tree.location(node))
            valid = false
        }
        return valid ? .object(object) : nil
    }

    /// Checks a value against a property type and its constraints.
    func value(_ node: Node, as type: PropertyType, property: ConfigProperty?, configs: [String: ConfigDefinition], what: @autoclosure () -> String) -> JSONValue? {
        switch type {
        case .string:
            guard let text = context.string(node, what()) else { return nil }
            if let allowed = property?.enumValues, EnumCases.position(of: text, in: allowed) == nil {
                return context.refuse("\(what()) is '\(text)', not one of the allowed values: \(allowed.joined(separator: ", "))", at: tree.location(node))
            }
            if let maxLength = property?.maxLength, text.unicodeScalars.count > maxLength {
                let count = text.unicodeScalars.count
                return context.refuse("\(what()) is \(count) character\(count == 1 ? "" : "s") long, more than its maxLength of \(maxLength)", at: tree.location(node))
            }
            return .string(text)
        case .bool:
            return context.bool(node, what()).map(JSONValue.bool)
        case .int:
            guard let number = context.int(node, what()) else { return nil }
            return checkBounds(.int(number), Double(number), property: property, at: tree.location(node), what: what())
        case .double:
            guard let number = context.double(node, what()) else { return nil }
            return checkBounds(.double(number), number, property: property, at: tree.location(node), what: what())
        case .config(let name):
            guard let config = configs[name] else { return nil }
            return value(of: config, node, configs: configs, what: what())
        case .array(let items):
            guard let elements = context.list(node, what()) else { return nil }
            var values: [JSONValue] = []
            var valid = true
            for (index, element) in elements.enumerated() {
                if let value = value(element, as: items, property: nil, configs: configs, what: "item \(index) of \(what())") {
                    values.append(value)
                } else {
                    valid = false
                }
            }
            return valid ? .array(values) : nil
        }
    }

    private func checkBounds(_ value: JSONValue, _ number: Double, property: ConfigProperty?, at location: SourceLocation, what: @autoclosure () -> String) -> JSONValue? {
        if let limit = property?.minimum?.doubleValue, number < limit {
            return context.refuse("\(what()) is \(number.cleanDescription), below its minimum of \(limit.cleanDescription)", at: location)
        }
        if let limit = property?.maximum?.doubleValue, number > limit {
            return context.refuse("\(what()) is \(number.cleanDescription), above its maximum of \(limit.cleanDescription)", at: location)
        }
        return value
    }

    /// Any YAML value as JSON (for `additionalProperties: true`).
    func anyValue(_ node: Node, what: @autoclosure () -> String) -> JSONValue? {
        switch tree.kind(node) {
        case .mapping:
            var object: [String: JSONValue] = [:]
            for entry in tree.entries(node) {
                let key = tree.text(entry.key)
                guard let value = anyValue(entry.value, what: "'\(key)' in \(what())") else { return nil }
                object[key] = value
            }
            return .object(object)
        case .sequence:
            var values: [JSONValue] = []
            for item in tree.items(node) {
                guard let value = anyValue(item, what: what()) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .scalar:
            guard tree.isPlain(node) else { return .string(tree.text(node)) }
            switch tree.plainMeaning(node) {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value?): return .int(value)
            case .int(nil), .double: return context.double(node, what()).map(JSONValue.double)
            case .string: return .string(tree.text(node))
            }
        }
    }
}

extension Double {
    /// `7` rather than `7.0` for whole numbers, for messages.
    var cleanDescription: String {
        if abs(self) < 1e15, let whole = Int(exactly: self) { return String(whole) }
        return description
    }
}
