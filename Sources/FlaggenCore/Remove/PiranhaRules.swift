import FlaggenJSON

/// The Polyglot Piranha rules that rewrite the reads of one flag through flaggen's generated API
/// to the kept value, chained to Piranha's cleanup rules and the few flaggen adds (docs/cleanup.md,
/// "Removing a flag"). The rules are data; `PiranhaDriver` hands them to Piranha as JSON.
struct PiranhaRules: Sendable {
    /// A source language Piranha rewrites; the raw value is Piranha's name for it.
    enum Language: String, Sendable, CaseIterable {
        case swift
        case kotlin = "kt"

        /// Swift for a `.swift` file, Kotlin for `.kt` and `.kts`; nil for any other.
        init?(file: String) {
            if file.hasSuffix(".swift") {
                self = .swift
            } else if file.hasSuffix(".kt") || file.hasSuffix(".kts") {
                self = .kotlin
            } else {
                return nil
            }
        }
    }

    /// What the reads become.
    enum Replacement: Sendable, Equatable {
        /// A bool flag's kept value: the reads become `true` or `false`, and what follows is simplified.
        case bool(Bool)
        /// Another flag's value, as a literal of each language (`"Pay now"`, `3` and `3L`, `0.5`).
        case literal(swift: String, kotlin: String)
    }

    /// One rule, as Piranha's `Rule` takes it.
    struct Rule: Sendable {
        var name: String
        var query: String
        var replaceNode: String?
        var replace: String?
        var isSeed = true
        var holes: [String] = []
        var enclosing: String?
        var notEnclosing: [String] = []
    }

    /// One `OutgoingEdges`.
    struct Edge: Sendable {
        var from: String
        var to: [String]
        var scope: String
    }

    var language: Language
    var rules: [Rule]
    var edges: [Edge]
    /// The query that finds every read the rules rewrite (`@call` is the whole read).
    var readQuery: String
    /// For a bool flag, the kept value and the queries of `&&` and `||` whose left operand
    /// holds a call (`@lhs`, `@rhs`): a read on their right would fold away the left operand
    /// (`sideEffect() && false` is `false`), so the driver lists such reads as unsafe.
    var shortCircuit: (kept: Bool, and: String, or: String)?

    /// The rules for the reads of the flag whose generated property is `typeName.propertyName`.
    init(language: Language, typeName: String, propertyName: String, replacement: Replacement) {
        self.language = language
        // A bool flag is read with isOn or value, any other with value.
        let method = replacement == .bool(true) || replacement == .bool(false) ? "(isOn|value)" : "value"
        let methods = "^\(method)$"
        var predicates = """
            (#match? @method "\(methods)")
            (#eq? @type "\(typeName)")
            (#eq? @name "\(propertyName)")
            """
        // Kotlin's `flags?.isOn(F)` is null where `flags` is: `flags?.isOn(F) == true` is not
        // `true == true`. Such a read stays, listed as one the rules cannot rewrite (a Swift
        // `?.` fails `swiftRead` below alike).
        if language == .kotlin { predicates += "\n(#not-match? @call \"[?][.] *\(method) *[(]\")" }
        let call: String
        switch language {
        case .swift:
            call = """
                (call_expression
                    [(navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @method))
                     (simple_identifier) @method
                     (prefix_expression (simple_identifier) @method)]
                    (call_suffix (value_arguments . (value_argument value: (navigation_expression
                        target: (simple_identifier) @type suffix: (navigation_suffix suffix: (simple_identifier) @name))) .))) @call
                """
        case .kotlin:
            call = """
                (call_expression
                    [(navigation_expression (_) (navigation_suffix (simple_identifier) @method))
                     (simple_identifier) @method]
                    (call_suffix (value_arguments . (value_argument (navigation_expression
                        (simple_identifier) @type (navigation_suffix (simple_identifier) @name))) .))) @call
                """
        }
        // tree-sitter-swift parses `a && x.isOn(F)` and `"a" + x.value(F)` as a call whose callee
        // is `a && x.isOn` (and `!x.isOn(F)` with the `!` inside; `!isOn(F)`, in an extension
        // of FlagView, as a call of the prefix expression `!isOn`), so replacing the call would
        // drop `a &&`. A Swift read is rewritten only when its text is the read alone: a plain
        // receiver chain (`flags`, `store.view()`), the method and the flag; other reads stay,
        // and the safety check lists them as reads it cannot rewrite.
        let swiftRead = "([A-Za-z_][A-Za-z0-9_]*([(][)])?[.])*\(method)[(] *\(typeName)[.]`?\(propertyName)`? *[)]$"
        let swiftAlone = "(#match? @call \"^\(swiftRead)\")"
        let swiftNegated = "(#match? @call \"^! *\(swiftRead)\")"
        readQuery = "(\(call)\n\(predicates))"
        switch replacement {
        case .literal(let swift, let kotlin):
            let literal = language == .swift ? swift : kotlin
            let query = language == .swift ? "(\(call)\n\(predicates)\n\(swiftAlone))" : readQuery
            rules = [Rule(name: "flaggen_read", query: query, replaceNode: "call", replace: literal)]
            edges = []
        case .bool(let kept):
            let operands = language == .swift ? "lhs: (_) @lhs rhs: (_) @rhs" : "(_) @lhs (_) @rhs"
            // A call, a trailing lambda (`items.any { … }`) or Kotlin's `++` and `--` run something.
            let hasCall = "(#match? @lhs \"[({]|[+][+]|--\")"
            // `@op`, the whole operation, is what the match's range covers.
            shortCircuit = (kept, "((conjunction_expression \(operands)) @op \(hasCall))", "((disjunction_expression \(operands)) @op \(hasCall))")
            let value = kept ? "true" : "false"
            let negated = kept ? "false" : "true"
            switch language {
            case .swift:
                rules = [
                    Rule(name: "flaggen_read", query: "(\(call)\n\(predicates)\n\(swiftAlone))", replaceNode: "call", replace: value),
                    Rule(name: "flaggen_negated_read", query: "(\(call)\n\(predicates)\n\(swiftNegated))", replaceNode: "call", replace: negated),
                ] + Self.swiftLocals
                edges = ["flaggen_read", "flaggen_negated_read"].map { Edge(from: $0, to: ["boolean_literal_cleanup", "flaggen_local"], scope: "Parent") } + [
                    Edge(from: "flaggen_local", to: ["flaggen_local_use"], scope: "Function"),
                    Edge(from: "flaggen_local_use", to: ["boolean_literal_cleanup"], scope: "Parent"),
                ]
            case .kotlin:
                rules = [Rule(name: "flaggen_read", query: readQuery, replaceNode: "call", replace: value)] + Self.kotlinWhen
                edges = [
                    Edge(from: "flaggen_read", to: ["boolean_literal_cleanup", "flaggen_when_true", "flaggen_when_false"], scope: "Parent"),
                    Edge(from: "flaggen_when_false", to: ["flaggen_when_else"], scope: "Parent"),
                ]
            }
        }
    }

    /// `let on = true` in a function (what `let on = flags.isOn(Flags.x)` became) goes, and
    /// each use of `on` in the function becomes the literal. Only `let`: a `var` may change.
    /// A name after a `.` or an argument label is another name.
    private static let swiftLocals: [Rule] = [
        Rule(
            name: "flaggen_local",
            query: """
                ((property_declaration (value_binding_pattern) @binding
                    name: (pattern bound_identifier: (simple_identifier) @flaggen_var)
                    value: (boolean_literal) @flaggen_lit) @declaration
                 (#eq? @binding "let"))
                """,
            replaceNode: "declaration", replace: "", isSeed: false, enclosing: "(function_declaration) @function"),
        Rule(
            name: "flaggen_local_use",
            query: "((simple_identifier) @use (#eq? @use \"@flaggen_var\"))",
            replaceNode: "use", replace: "@flaggen_lit", isSeed: false, holes: ["flaggen_var", "flaggen_lit"],
            notEnclosing: ["(navigation_suffix) @suffix", "(value_argument_label) @label", "(pattern) @pattern"]),
    ]

    /// Kotlin `when` without a subject: a first entry `true -> x` is the whole `when` (when `x`
    /// is one expression or statement); a `false -> x` entry goes; a `when` left with only
    /// `else -> x` is `x`. A `when (subject)` keeps its entries.
    private static let kotlinWhen: [Rule] = [
        Rule(
            name: "flaggen_when_true",
            query: """
                ((when_expression . (when_entry (when_condition (boolean_literal) @condition) (control_structure_body . (_) @body .))) @when
                 (#eq? @condition "true"))
                """,
            replaceNode: "when", replace: "@body", isSeed: false),
        // Only in a `when` without a subject: in `when (x)`, `false ->` compares x. The entry
        // itself is the pattern (an anchored `when_expression` pattern whose replaced node is an
        // entry never matched from the rewritten read), and no `when (x)` may enclose it: a
        // `when {}` nested in one keeps its entry, which is correct, only not simplified.
        Rule(
            name: "flaggen_when_false",
            query: """
                ((when_entry (when_condition (boolean_literal) @condition)) @entry
                 (#eq? @condition "false"))
                """,
            replaceNode: "entry", replace: "", isSeed: false, notEnclosing: ["(when_expression (when_subject)) @subject"]),
        Rule(
            name: "flaggen_when_else",
            query: "((when_expression . (when_entry \"else\" (control_structure_body . (_) @body .)) .) @when)",
            replaceNode: "when", replace: "@body", isSeed: false),
    ]

    /// The rules as the driver reads them.
    var json: JSONValue {
        .object([
            "language": .string(language.rawValue),
            "readQuery": .string(readQuery),
            "shortCircuit": shortCircuit.map { .object(["kept": .bool($0.kept), "and": .string($0.and), "or": .string($0.or)]) } ?? .null,
            "rules": .array(rules.map { rule in
                var members: [String: JSONValue] = [
                    "name": .string(rule.name), "query": .string(rule.query), "isSeed": .bool(rule.isSeed),
                    "holes": .array(rule.holes.map(JSONValue.string)),
                    "notEnclosing": .array(rule.notEnclosing.map(JSONValue.string)),
                ]
                if let node = rule.replaceNode { members["replaceNode"] = .string(node) }
                if let replace = rule.replace { members["replace"] = .string(replace) }
                if let enclosing = rule.enclosing { members["enclosing"] = .string(enclosing) }
                return .object(members)
            }),
            "edges": .array(edges.map { .object(["from": .string($0.from), "to": .array($0.to.map(JSONValue.string)), "scope": .string($0.scope)]) }),
        ])
    }
}
