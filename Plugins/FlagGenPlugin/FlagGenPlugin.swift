import Foundation
import PackagePlugin

/// Generates a target's typed flags (`Flags.swift`) from the flags.yaml among its files, at
/// build time, into the plugin's work directory.
///
/// A `.buildCommand` with declared inputs (the manifest, any template overrides it names, and
/// the flaggen executable) and one fixed output, so SwiftPM runs it only when an input changed
/// and a no-op build compiles nothing.
@main
struct FlagGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifests = ManifestLookup.manifests(in: target)
        guard let manifest = manifests.first else {
            throw PluginError(
                description: "FlagGenPlugin: target '\(target.name)' has no \(ManifestLookup.fileName); add one to its folder, or remove the plugin from the target")
        }
        guard manifests.count == 1 else {
            let list = manifests.map { $0.path(percentEncoded: false) }.joined(separator: ", ")
            throw PluginError(description: "FlagGenPlugin: target '\(target.name)' has \(manifests.count) \(ManifestLookup.fileName) files (\(list)); keep exactly one")
        }
        let flaggen = try context.tool(named: "flaggen")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Flags.swift")
        var inputs = [manifest, flaggen.url]
        if let templates = ManifestLookup.templateFolder(of: manifest) {
            inputs += ManifestLookup.files(under: templates)
        }
        return [
            .buildCommand(
                displayName: "Generating flags from \(manifest.lastPathComponent) for \(target.name)",
                executable: flaggen.url,
                arguments: [
                    "--manifest", manifest.path(percentEncoded: false), "generate", "--only", "swift",
                    "--swift-file", output.path(percentEncoded: false),
                ],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
