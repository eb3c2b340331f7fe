import Foundation
import PackagePlugin

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
        let flaggen = try context.tool(named: "flaggen")
        var ran = 0
        var failures: [String] = []
        for target in targets {
            let manifests = ManifestLookup.manifests(in: target)
            if manifests.isEmpty {
                if !named.isEmpty {
                    throw PluginError(description: "target '\(target.name)' has no \(ManifestLookup.fileName)")
                }
                continue
            }
            for manifest in manifests {
                print("\(target.name): flaggen \(command.joined(separator: " ")) (\(manifest.path(percentEncoded: false)))")
                let process = Process()
                process.executableURL = flaggen.url
                process.arguments = ["--manifest", manifest.path(percentEncoded: false)] + command + extractor.remainingArguments
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
