import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-flags [--target NAME]`: writes
/// every output each target's flags.yaml names (Swift, Kotlin, schemas, seeds) into the package,
/// for the files teams commit.
@main
struct GenerateFlags: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try CommandRunner.run(["generate"], context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command for an Xcode project, from the project's context menu.
    extension GenerateFlags: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try CommandRunner.run(["generate"], context: context, arguments: arguments)
        }
    }
#endif
