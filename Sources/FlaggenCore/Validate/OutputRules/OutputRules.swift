/// What each output of a manifest can express, checked as part of validation, so `lint` and
/// `generate` report the same problems, all of them in one run, each where the value is written.
///
/// The rules apply to every output the manifest declares, whichever outputs a run selects:
/// the Swift and Kotlin files, the JSON Schemas, and a seed for each server in
/// `outputs.servers`. So `generate --only swift` (the build plugin's run) refuses what `lint`
/// refuses, and a server's rules go away only when the manifest leaves that server out of
/// `outputs.servers`, which every such message offers as the other way out.
///
/// They run on what the manifest reader could read, also when it reported other errors:
/// a flag or config that could not be read is not checked. Once validation passes, no emitter
/// refuses the manifest. Each family of rules has its own file; docs/manifest.md lists them
/// with each server's limits.
struct OutputRules {
    let context: ValidationContext
    let nodes: ManifestNodes

    /// Reports every output rule `manifest` breaks.
    func check(_ manifest: Manifest) {
        OutputPathClaims(context: context, nodes: nodes).check(manifest)
        SchemaRules(context: context).check(manifest)
        KotlinRules(context: context, nodes: nodes).check(manifest)
        KotlinClassRules(context: context, nodes: nodes).check(manifest)
        SwiftNameRules(context: context).check(manifest)
        let servers = manifest.outputs.servers
        if servers.contains(.postgres) { PostgresRules(context: context, nodes: nodes).check(manifest) }
        if servers.contains(.firebase) { FirebaseRules(context: context, nodes: nodes).check(manifest) }
        if servers.contains(.flagd) { FlagdRules(context: context, nodes: nodes).check(manifest) }
        if servers.contains(.unleash) { UnleashRules(context: context, nodes: nodes).check(manifest) }
    }
}
