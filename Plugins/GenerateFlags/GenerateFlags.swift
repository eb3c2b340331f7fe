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
