import Foundation
import PackagePlugin

/// `swift package check-flags [--target NAME]`: the drift check. Regenerates in memory and
/// fails when the committed outputs differ from each target's flags.yaml; writes nothing.
@main
struct CheckFlags: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try CommandRunner.run(["check"], context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same command for an Xcode project, from the project's context menu.
    extension CheckFlags: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try CommandRunner.run(["check"], context: context, arguments: arguments)
        }
    }
#endif
