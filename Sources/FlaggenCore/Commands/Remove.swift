import FlaggenArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flaggen remove KEY`: takes a flag out end to end — its block in the manifest (every other
/// byte kept), its key into `retired`, the regenerated outputs, and its reads in the Swift and
/// Kotlin code, rewritten to the kept value with Polyglot Piranha. All or nothing: every change
/// is computed and checked first, then each file goes to a temporary file beside it, and only
/// then are they renamed into place. See docs/cleanup.md, "Removing a flag".
public struct Remove: Sendable {
    /// The manifest's path, as the user gave it.
    var manifestPath: String
    /// The flag to remove.
    var key: String
    /// A bool flag's value the code keeps (`--keep on|off`).
    public var keep: Bool?
    /// Another flag's value the code keeps (`--value V`), as written.
    public var value: String?
    /// The code to rewrite.
    var paths: [String]
    /// Globs the scan skips, as `flaggen refs --exclude` takes them.
    public var excluding: [String] = []
    /// Whether to remove a kill switch.
    public var force = false

    /// Creates a run.
    public init(manifestPath: String, key: String, paths: [String]) {
        self.manifestPath = manifestPath
        self.key = key
        self.paths = paths
    }

    /// One file the removal changes, before and after.
    public struct FileChange: Sendable {
        /// The path to print.
        public var path: String
        /// The bytes on disk now (empty for a new file).
        var old: [UInt8]
        /// The bytes after the removal.
        var new: [UInt8]

        /// The change as a unified diff.
        public var diff: String {
            UnifiedDiff.diff(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self), oldName: "a/\(path)", newName: "b/\(path)")
        }
    }

    /// What a run did (or, in a dry run, would do).
    public struct Outcome: Sendable {
        /// Every file that changes: the manifest, the outputs, the sources.
        public var changes: [FileChange]
        /// Warnings from validating the edited manifest.
        public var diagnostics: [Diagnostic]
        /// Outputs no longer generated that could not be removed, each a message that says
        /// which, why and what to do; the flag is removed all the same.
        public var leftovers: [String] = []
    }

    /// Computes every change and checks it, writing nothing.
    public func plan() throws(RemoveError) -> Outcome {
        try prepare().outcome
    }

    /// Computes, checks and writes every change, all or nothing.
    public func run() throws(RemoveError) -> Outcome {
        let prepared = try prepare()
        var edited = EditedFiles()
        var outputs: Generate.Staged?
        do throws(RemoveError) {
            for change in prepared.sources + [prepared.manifest] { try edited.stage(change.new, for: change.path, replacing: change.old) }
            do throws(GenerateError) {
                outputs = try prepared.generate.stage()
            } catch {
                throw RemoveError(.usage, "cannot write the outputs: \(error); nothing was changed")
            }
            // The disk changed since the plan (a link under Generated/, say): refuse as `prepare` would.
            if let outputs { try Self.refuseUnwritableOutputs(outputs.written.diagnostics) }
            // Every hand-written file must still be as read before the first output is placed.
            try edited.verify()
            if let outputs {
                do throws(GenerateError) {
                    try prepared.generate.commit(outputs)
                } catch {
                    throw RemoveError(.usage, "\(error)")
                }
            }
            try edited.commit(afterOutputs: outputs?.written.files.filter { $0.outcome != .unchanged }.map(\.path) ?? [])
        } catch {
            edited.discard()
            outputs?.discard()
            throw error
        }
        var outcome = prepared.outcome
        if let outputs { outcome.leftovers = prepared.generate.removeStaleFiles(outputs.written).failures }
        return outcome
    }

    /// Everything the run writes, computed and checked.
    private struct Prepared {
        var outcome: Outcome
        /// The manifest as read, and as edited.
        var manifest: FileChange
        var sources: [FileChange]
        var generate: Generate
    }

    private func prepare() throws(RemoveError) -> Prepared {
        let bytes: [UInt8]
        do {
            bytes = try ManifestLoader.readBytes(path: manifestPath)
        } catch {
            throw RemoveError(.usage, error.message)
        }
        let before = ManifestValidator().validate(bytes, file: manifestPath)
        guard let manifest = before.manifest else {
            throw RemoveError(.refused, "the manifest has errors; fix them first (flaggen lint); nothing was changed", diagnostics: before.diagnostics)
        }
        guard let flag = manifest.flags.first(where: { $0.key == key }) else {
            if manifest.retired.contains(key) { throw RemoveError(.refused, "'\(key)' is already retired; there is no flag to remove") }
            let near = NearMiss.suggestion(for: key, among: manifest.flags.map(\.key)).map { "; did you mean '\($0)'?" } ?? ""
            throw RemoveError(.refused, "\(manifestPath) has no flag '\(key)'\(near)")
        }
        if flag.killSwitch, !force {
            throw RemoveError(
                .refused,
                "'\(key)' is a kill switch: an operational lever to turn a feature off in an incident, not debt that expires; it stays unless you pass --force. Nothing was changed",
                diagnostics: [Diagnostic(.note, "the kill switch is defined here", file: manifestPath, at: flag.location)])
        }
        let replacement = try self.replacement(for: flag, in: manifest)
        let edited: [UInt8]
        do throws(ManifestEdit.Failure) {
            edited = try ManifestEdit(bytes: bytes).removing(key)
        } catch {
            throw RemoveError(.refused, "\(manifestPath): \(error.message); nothing was changed")
        }
        let after = ManifestValidator().validate(edited, file: manifestPath)
        guard let editedManifest = after.manifest else {
            // At the lines of the manifest as the user has it, not of the edited text.
            let edit = ManifestEdit(bytes: bytes)
            throw RemoveError(
                .refused, "without '\(key)' the manifest would not be valid (is the flag used elsewhere in it, by an alias?); nothing was changed",
                diagnostics: after.diagnostics.filter { $0.severity == .error }.map {
                    Diagnostic(
                        $0.severity, $0.message, file: $0.file,
                        at: SourceLocation(line: edit.originalLine(of: $0.location.line, removing: key), column: $0.location.column))
                })
        }
        guard Self.differsOnlyBy(removing: key, before: manifest, after: editedManifest) else {
            throw RemoveError(
                .refused, "flaggen cannot take '\(key)' out of \(manifestPath) without changing other values in it; remove the flag by hand and add its key to 'retired'; nothing was changed")
        }
        let location = ManifestLocation.of(manifestAt: manifestPath)
        try EditedFiles.check(manifestPath, repositoryRoot: location?.repositoryRoot)

        let rewriter = CallSiteRewriter(manifest: manifest, flag: flag, replacement: replacement, manifestPath: manifestPath)
        let driver = PiranhaDriver.fromEnvironment()
        let rewrite = try rewriter.rewrite(paths: paths, excluding: excluding, driver: driver)
        // Refuses when there are `diagnostics`, one at each read that cannot be rewritten (`why`).
        func refuse(_ diagnostics: [Diagnostic], _ why: String) throws(RemoveError) {
            guard !diagnostics.isEmpty else { return }
            throw RemoveError(
                .refused, "\(diagnostics.count) read\(diagnostics.count == 1 ? "" : "s") of '\(key)' cannot be rewritten\(why); nothing was changed",
                diagnostics: diagnostics)
        }
        try refuse(
            rewrite.unsafe.map { reference in
                Diagnostic(
                    .error,
                    "this read of '\(key)' follows a call in '&&' or '||', which the rewrite would fold away with it (the call runs today); move the call out of the condition or rewrite it by hand, then run flaggen remove again",
                    file: reference.file, at: reference.location)
            }, " without dropping a call")
        try refuse(
            rewrite.refused.map { refusal in
                Diagnostic(.error, "this read of '\(key)' \(Self.refusal(refusal.kind, refusal.detail)), then run flaggen remove again", file: refusal.reference.file, at: refusal.reference.location)
            }, " without changing what the code means")
        try refuse(
            rewrite.unrewritable.map { reference in
                let message: String
                if reference.isRawString {
                    message = "the raw key \"\(key)\" cannot be rewritten; replace it by hand, then run flaggen remove again"
                } else if replacement == nil {
                    message = "this read of '\(key)' \(Self.whyByHand(flag, in: manifest)); replace it by hand with the kept value, then run flaggen remove again"
                } else {
                    message = "this read of '\(key)' cannot be rewritten (only \(manifest.name).x passed straight to isOn or value is, and a mention in a comment or a string counts as a read); rewrite or reword it by hand, then run flaggen remove again"
                }
                return Diagnostic(.error, message, file: reference.file, at: reference.location)
            }, "")
        for change in rewrite.changes { try EditedFiles.check(change.path, repositoryRoot: location?.repositoryRoot) }

        var generate = Generate(manifestPath: manifestPath)
        generate.manifestBytes = edited
        let rendered: Generate.Rendered
        do {
            rendered = try generate.render()
        } catch {
            throw RemoveError(.refused, "cannot regenerate the outputs: \(error); nothing was changed")
        }
        try Self.refuseUnwritableOutputs(rendered.diagnostics)
        let manifestChange = FileChange(path: manifestPath, old: bytes, new: edited)
        var changes = [manifestChange]
        for file in rendered.files {
            let url = rendered.root.appendingPathComponent(file.path)
            let old = (try? FileSystem.readRegularFile(atPath: url.path, limit: 256 * 1024 * 1024)) ?? []
            if old != file.contents { changes.append(FileChange(path: Self.display(url.path), old: old, new: file.contents)) }
        }
        changes += rewrite.changes
        return Prepared(outcome: Outcome(changes: changes, diagnostics: after.diagnostics), manifest: manifestChange, sources: rewrite.changes, generate: generate)
    }

    /// Refuses when the outputs cannot be regenerated where they are (`diagnostics` has errors).
    private static func refuseUnwritableOutputs(_ diagnostics: [Diagnostic]) throws(RemoveError) {
        guard diagnostics.containsErrors else { return }
        throw RemoveError(
            .refused, "the outputs cannot be regenerated where they are; nothing was changed", diagnostics: diagnostics.filter { $0.severity == .error })
    }

    /// True when the edited manifest `after` generates exactly what `before` does without flag
    /// `key` (and with the key retired). The edit works on text, so it is checked by meaning:
    /// blank lines that a `|+` text holds, say, are part of another flag's value.
    static func differsOnlyBy(removing key: String, before: Manifest, after: Manifest) -> Bool {
        var expected = before
        expected.flags.removeAll { $0.key == key }
        expected.retired.append(key)
        let generator = Generator()
        let header = GeneratedHeader(manifestName: "flags.yaml")
        return expected.retired == after.retired
            && (try? generator.files(for: after, header: header)) == (try? generator.files(for: expected, header: header))
    }

    /// What the reads become, from `--keep` or `--value`.
    private func replacement(for flag: FlagDefinition, in manifest: Manifest) throws(RemoveError) -> PiranhaRules.Replacement? {
        switch flag.type {
        case .bool:
            guard value == nil else { throw RemoveError(.usage, "'\(key)' is a bool flag: say which value the code keeps with --keep on|off, not --value") }
            guard let keep else { throw RemoveError(.usage, "'\(key)' is a bool flag: say which value the code keeps with --keep on or --keep off") }
            return .bool(keep)
        case .string where flag.enumValues != nil:
            guard keep == nil, value == nil else {
                throw RemoveError(
                    .usage,
                    "'\(key)' is an enum flag: its reads return \(manifest.name).\(SwiftTranslator.enumTypeName(ofFlag: flag.key)), which goes away with the flag, so flaggen does not rewrite them; leave out --value, and replace its reads by hand first")
            }
            return nil
        case .string, .int, .double:
            guard keep == nil else { throw RemoveError(.usage, "'\(key)' is a \(flag.type.rawValue) flag: give the value the code keeps with --value V, not --keep") }
            guard let value else { throw RemoveError(.usage, "'\(key)' is a \(flag.type.rawValue) flag: give the value the code keeps with --value V") }
            guard let literals = Self.literals(value, type: flag.type) else {
                throw RemoveError(.usage, "--value '\(value)' is not a \(flag.type.rawValue); give one, such as \(flag.type == .int ? "3" : "0.5")")
            }
            return .literal(swift: literals.swift, kotlin: literals.kotlin)
        case .json:
            guard keep == nil, value == nil else {
                throw RemoveError(.usage, "'\(key)' is a json flag: flaggen does not rewrite its reads; leave out --keep and --value, and remove its reads by hand first")
            }
            return nil
        }
    }

    /// Why flaggen leaves the reads of a json or enum flag to the user.
    private static func whyByHand(_ flag: FlagDefinition, in manifest: Manifest) -> String {
        if flag.enumValues != nil {
            return "returns \(manifest.name).\(SwiftTranslator.enumTypeName(ofFlag: flag.key)), which goes away with the flag, so flaggen does not rewrite it"
        }
        return "returns a json value, which flaggen does not rewrite"
    }

    /// Why a read is refused, and what to do (see `PiranhaDriver.Result.refused`).
    static func refusal(_ kind: String, _ detail: String) -> String {
        switch kind {
        case "conditions":
            return "is one of several conditions of an 'if', 'guard' or 'while', and the rewrite would take the others with it; give the read its own 'if' or 'guard', or rewrite it by hand"
        case "property":
            return "initializes '\(detail)' outside a function (a property other code may use), which the rewrite would delete; only locals are inlined: replace the read with the kept value by hand"
        case "local":
            return "is held in a local whose name also means something else in the function ('\(detail)' is also a member, a parameter, another local or assigned) or that a Kotlin string template uses ('$\(detail)', which Piranha does not inline), and inlining it would change those; rename the local or rewrite it by hand"
        case "heldAfterCall", "heldInConditions":
            // The detail is `NAME:LINE`, the local and the line that reads it.
            let name = detail.split(separator: ":").dropLast().joined(separator: ":")
            let line = detail.split(separator: ":").last ?? ""
            let how =
                kind == "heldAfterCall"
                ? "reads after a call in '&&', '||' or a condition list, and the rewrite would drop the call"
                : "reads as one of several conditions of an 'if', 'guard' or 'while', and the rewrite would take the others with it"
            return "is held in '\(name)', which line \(line) \(how); rewrite that line by hand (as the read itself would be refused there)"
        case "comment":
            return "decides a 'guard' whose 'else' block stays and begins with a comment, which Piranha would drop; move the comment below the block's first statement, or rewrite it by hand"
        case "value":
            return "decides an 'if' used as a value whose branch is a block, and the rewrite would splice the block into the expression; rewrite it by hand, keeping the branch's last expression as the value"
        case "declares":
            return "decides a block that declares names or holds a 'defer', and unwrapping the block would move them into the enclosing scope; wrap the block's statements in 'do { … }' (Swift) or 'run { … }' (Kotlin), or rewrite it by hand"
        default:
            return "is in code Piranha could not rewrite (\(detail)); rewrite it by hand"
        }
    }

    /// `value` as a Swift and a Kotlin literal of the flag's type; nil when it is not one.
    static func literals(_ value: String, type: FlagType) -> (swift: String, kotlin: String)? {
        // Piranha reads `@name` in a replacement as a placeholder: `@` is written as an escape.
        // A negative number is parenthesized: `-3L.coerceAtLeast(1L)` is `-(3L.coerceAtLeast(1L))`,
        // and `-` before the read would make `--3L`.
        let negative = { (literal: String) in literal.hasPrefix("-") ? "(\(literal))" : literal }
        switch type {
        case .string:
            return (
                SwiftLiteral.string(value).split(separator: "@", omittingEmptySubsequences: false).joined(separator: "\\u{40}"),
                KotlinLiteral.string(value).split(separator: "@", omittingEmptySubsequences: false).joined(separator: "\\u0040"))
        case .int:
            guard let number = Int(value) else { return nil }
            return (negative(SwiftLiteral.int(number)), negative(KotlinLiteral.long(number)))
        case .double:
            guard let number = Double(value), number.isFinite else { return nil }
            return (negative(SwiftLiteral.double(number)), negative(KotlinLiteral.double(number)))
        case .bool, .json: return nil
        }
    }

    /// A path relative to the current folder when inside it.
    private static func display(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let standardized = LexicalPath.standardized(path)
        return standardized.hasPrefix(current + "/") ? String(standardized.dropFirst(current.count + 1)) : standardized
    }
}
