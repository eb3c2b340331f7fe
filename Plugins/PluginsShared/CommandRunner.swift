import Foundation
import PackagePlugin

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin
#endif

/// Runs flaggen for the targets a command plugin was asked about.
enum CommandRunner {
    /// Runs `flaggen --manifest M <arguments>` for each selected target's manifest. Targets
    /// without a manifest are skipped unless named with `--target`, which is then an error.
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
        try run(
            command, targets: targets.map { ($0.name, $0.sourceFiles) }, manifestRequired: !named.isEmpty,
            flaggen: context.tool(named: "flaggen").url, arguments: extractor.remainingArguments)
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
            try run(
                command, targets: targets.map { ($0.displayName, $0.inputFiles) }, manifestRequired: false,
                flaggen: context.tool(named: "flaggen").url, arguments: extractor.remainingArguments)
        }
    #endif

    private static func run(
        _ command: [String], targets: [(name: String, files: FileList)], manifestRequired: Bool, flaggen: URL, arguments: [String]
    ) throws {
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
            for manifest in manifests {
                print("\(target.name): flaggen \(command.joined(separator: " ")) (\(manifest.path(percentEncoded: false)))")
                let process = Process()
                process.executableURL = flaggen
                process.arguments = ["--manifest", manifest.path(percentEncoded: false)] + command + arguments
                process.currentDirectoryURL = manifest.deletingLastPathComponent()
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
}
