import Foundation
import PackagePlugin

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin
#endif

/// Runs flaggen for the targets a command plugin was asked about.
enum CommandRunner {
    /// Runs `flaggen --manifest M <arguments>` for each selected target's manifest, from the
    /// package's root. Targets without a manifest are skipped unless named with `--target`,
    /// which is then an error.
    static func run(_ command: [String], context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let targets: [SourceModuleTarget]
        if named.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        } else {
            targets = try named.map { name in
                guard let target = try context.package.targets(named: [name]).first as? SourceModuleTarget else {
                    throw PluginError(description: "no source target named '\(name)'")
                }
                return target
            }
        }
        // PackagePlugin does not say which plugins a target applies, so Package.swift is read.
        let manifestText = try? String(contentsOf: context.package.directoryURL.appendingPathComponent("Package.swift"), encoding: .utf8)
        try run(
            command,
            targets: targets.map { target in
                (target.name, target.sourceFiles, manifestText.map { ManifestLookup.applies("FlagGenPlugin", to: target.name, in: $0) } ?? false)
            },
            manifestRequired: !named.isEmpty, root: context.package.directoryURL, flaggen: context.tool(named: "flaggen").url,
            arguments: extractor.remainingArguments,
            fixCommand: { target, options in
                (["swift package --allow-writing-to-package-directory generate-flags --target", shellQuoted(target)] + options.map(shellQuoted))
                    .joined(separator: " ")
            })
    }

    #if canImport(XcodeProjectPlugin)
        /// The same for an Xcode project's targets. Xcode names the targets chosen in its
        /// dialog with `--target`; those without a flags.yaml among their files are skipped.
        static func run(_ command: [String], context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let named = extractor.extractOption(named: "target")
            let all = context.xcodeProject.targets
            for name in named where !all.contains(where: { $0.displayName == name }) {
                throw PluginError(description: "no target named '\(name)' in \(context.xcodeProject.displayName)")
            }
            let targets = all.filter { named.isEmpty || named.contains($0.displayName) }
            // An Xcode project does not say which build plugins a target runs either: there the
            // manifest's `outputs.swift: false` leaves the Swift to FlagGenPlugin.
            try run(
                command, targets: targets.map { ($0.displayName, $0.inputFiles, false) }, manifestRequired: false,
                root: context.xcodeProject.directoryURL, flaggen: context.tool(named: "flaggen").url, arguments: extractor.remainingArguments,
                fixCommand: { _, _ in "generate-flags (the command plugin, in the project's context menu)" })
        }
    #endif

    /// Runs the command for each target's manifests. A target that applies FlagGenPlugin gets
    /// its Swift from the build plugin in every build, so the command leaves the Swift out
    /// (`--swift-from-build-plugin`, as `outputs.swift: false`: a Flags.swift committed there
    /// before is stale) unless the arguments choose outputs themselves: a second Flags.swift in
    /// the target would make the build fail ("multiple producers").
    ///
    /// flaggen runs in `root`, the package's (or Xcode project's) folder, with the manifest's
    /// path relative to it: the files its messages name (`::error file=…` annotations
    /// included) are then those of `flaggen --manifest Sources/MyApp/flags.yaml …` run there,
    /// as in CI. The fix its messages give is `fixCommand(target, options)`, with the options
    /// given that generate takes too (`--templates`, `--output-dir`, `--only`): a team that uses
    /// only the plugins has no `flaggen` to run.
    private static func run(
        _ command: [String], targets: [(name: String, files: FileList, appliesBuildPlugin: Bool)], manifestRequired: Bool, root: URL,
        flaggen: URL, arguments: [String], fixCommand: (String, [String]) -> String
    ) throws {
        var generateOptions: [String] = []
        var skipsValue = false
        for argument in arguments {
            if skipsValue { skipsValue = false; continue }
            if argument == "--format" { skipsValue = true; continue }
            if argument.hasPrefix("--format=") { continue }
            generateOptions.append(argument)
        }
        var ran = 0
        var failures: [String] = []
        for target in targets {
            let manifests = ManifestLookup.manifests(in: target.files)
            if manifests.isEmpty {
                if manifestRequired {
                    throw PluginError(description: "target '\(target.name)' has no \(ManifestLookup.fileName)")
                }
                continue
            }
            var options = arguments
            if target.appliesBuildPlugin, !arguments.contains(where: { $0 == "--only" || $0.hasPrefix("--only=") }) {
                options += ["--swift-from-build-plugin"]
                print("\(target.name) applies FlagGenPlugin, which makes its Swift in every build: leaving the Swift out")
            }
            for manifest in manifests {
                let path = relativePath(of: manifest, in: root)
                print("\(target.name): flaggen \(command.joined(separator: " ")) (\(path))")
                let process = Process()
                process.executableURL = flaggen
                process.arguments = ["--manifest", path] + command + options + ["--fix-command", fixCommand(target.name, generateOptions)]
                process.currentDirectoryURL = root
                try process.run()
                process.waitUntilExit()
                ran += 1
                if process.terminationStatus != 0 { failures.append(target.name) }
            }
        }
        if ran == 0 {
            print("no target has a \(ManifestLookup.fileName); nothing to do")
        }
        if !failures.isEmpty {
            throw PluginError(description: "flaggen \(command.first ?? "") failed for: \(failures.joined(separator: ", "))")
        }
    }

    /// `text` as one shell word: as it is when it needs no quotes, else in double quotes (the
    /// messages put the command in single ones), as flaggen quotes its own.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=".contains($0)) }
        guard !plain else { return text }
        var quoted = "\""
        for character in text {
            if "\\\"$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// `file`'s path relative to the folder `root` when it is inside it (with `./` before a
    /// first folder whose name starts with `-`, which would read as an option), else its
    /// absolute path.
    static func relativePath(of file: URL, in root: URL) -> String {
        let path = file.path(percentEncoded: false)
        var folder = root.path(percentEncoded: false)
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard path.hasPrefix(folder + "/"), path.count > folder.count + 1 else { return path }
        let relative = String(path.dropFirst(folder.count + 1))
        return relative.hasPrefix("-") ? "./" + relative : relative
    }
}
