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
