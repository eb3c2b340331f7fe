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
        return try Self.commands(
            target: target.name, files: target.sourceFiles, flaggen: context.tool(named: "flaggen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The command that generates a target's Flags.swift, for SwiftPM and Xcode alike.
    static func commands(target: String, files: FileList, flaggen: URL, workDirectory: URL) throws -> [Command] {
        let manifests = ManifestLookup.manifests(in: files)
        guard let manifest = manifests.first else {
            throw PluginError(
                description: "FlagGenPlugin: target '\(target)' has no \(ManifestLookup.fileName) among its files; add one, or remove the plugin from the target")
        }
        guard manifests.count == 1 else {
            let list = manifests.map { $0.path(percentEncoded: false) }.joined(separator: ", ")
            throw PluginError(description: "FlagGenPlugin: target '\(target)' has \(manifests.count) \(ManifestLookup.fileName) files (\(list)); keep exactly one")
        }
        let output = workDirectory.appendingPathComponent("Flags.swift")
        var inputs = [manifest, flaggen]
        if let templates = ManifestLookup.templateFolder(of: manifest) {
            inputs += ManifestLookup.files(under: templates)
        }
        return [
            .buildCommand(
                displayName: "Generating flags from \(manifest.lastPathComponent) for \(target)",
                executable: flaggen,
                arguments: [
                    "--manifest", manifest.path(percentEncoded: false), "generate", "--only", "swift",
                    "--swift-file", output.path(percentEncoded: false),
                ],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command for a target of an Xcode project (Build Phases → Run Build Tool
    /// Plug-ins), whose flags.yaml is one of the target's member files.
    extension FlagGenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                target: target.displayName, files: target.inputFiles, flaggen: context.tool(named: "flaggen").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
