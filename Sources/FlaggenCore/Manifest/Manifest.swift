/// A validated `flags.yaml`: the single source of truth every output is generated from.
///
/// Only ``ManifestValidator`` creates one, so a `Manifest` value always obeys every rule in
/// docs/manifest.md. Flags and configs keep the order they were written in.
public struct Manifest: Sendable, Hashable {
    /// The name of the generated type (`Flags`).
    var name: String
    /// The Kotlin package of the generated Kotlin files.
    var kotlinPackage: String
    /// The access level of the generated Swift declarations.
    var swiftAccess: SwiftAccess = .public
    /// Keys removed earlier, never to be reused.
    var retired: [String]
    /// Where generated files go, relative to the manifest.
    var outputs: OutputPaths
    /// A folder of template overrides, relative to the manifest, if the manifest names one.
    var templates: String?
    /// Where the manifest names ``templates``, for messages about the folder.
    var templatesLocation: SourceLocation?
    /// The flags, in manifest order.
    public var flags: [FlagDefinition]
    /// The typed JSON configs, in manifest order.
    public var configs: [ConfigDefinition]

    /// Every config by its name; the first config of a name wins.
    var configsByName: [String: ConfigDefinition] {
        Dictionary(configs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The access level of the generated Swift: `public` for a module other modules import (the
/// default), `internal` for an app of one module.
enum SwiftAccess: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `internal`
}

/// A flag server flaggen writes a seed for.
enum SeedServer: String, Sendable, Hashable, CaseIterable {
    /// `flags.seed.json`, the contract's own rules.
    case contract
    /// `flags.seed.sql`.
    case postgres
    /// `remoteconfig.template.json`.
    case firebase
    /// `flagd.flags.json`.
    case flagd
    /// `unleash.features.json`.
    case unleash
}

/// Where each kind of output is written, relative to the manifest's folder.
struct OutputPaths: Sendable, Hashable {
    /// The Swift file, or nil when the manifest says `swift: false`: the build plugin makes the
    /// Swift in every build, so `generate` and `check` leave it out (a `--swift-file` still
    /// writes it).
    var swift: String? = "Generated/Swift/Flags.swift"
    /// The Kotlin file.
    var kotlin: String = "Generated/Kotlin/Flags.kt"
    /// The folder for JSON Schemas.
    var schemas: String = "Generated/Schemas"
    /// The folder for server seeds.
    var seeds: String = "Generated/Server"
    /// The Kotlin flag store (`FlagStore.kt`), written only when the manifest asks for it.
    var kotlinRuntime: String?
    /// The flag servers to write seeds for (all by default).
    var servers: [SeedServer] = SeedServer.allCases
    /// Where the manifest writes each entry, and the `outputs` mapping itself: where a problem
    /// with an output's path on disk is reported (an entry left at its default reports at
    /// `outputs`, or the start of the file without one).
    var locations: [OutputField: SourceLocation] = [:]
    var location: SourceLocation?

    /// Where to report a problem with the files of `entry`.
    func location(of entry: OutputField) -> SourceLocation {
        locations[entry] ?? location ?? .startOfFile
    }
}
