// swift-tools-version:6.1
// 6.1: the generated Swift declares its namespace `nonisolated` (SE-0449), which 6.0 refuses.
import PackageDescription

let package = Package(
    name: "flaggen",
    // FlagKit's store uses async URLSession and AsyncStream; Linux has no minimum.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .executable(name: "flaggen", targets: ["flaggen"]),
        .library(name: "FlagKit", targets: ["FlagKit"]),
        .plugin(name: "FlagGenPlugin", targets: ["FlagGenPlugin"]),
        .plugin(name: "GenerateFlags", targets: ["GenerateFlags"]),
        .plugin(name: "CheckFlags", targets: ["CheckFlags"]),
    ],
    targets: [
        // libyaml, the only C dependency: `apt-get install libyaml-dev` or `brew install libyaml`.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // The runtime that apps link: Flag<Value>, the flag store, and (re-exported) Bucket and
        // SHA-256 from FlagKitBucket, which the flaggen tool shares without FlagKit's networking.
        .target(name: "FlagKitBucket"),
        .target(name: "FlagKit", dependencies: ["FlagKitBucket"]),

        // Small, separate building blocks, each with its own tests.
        .target(name: "FlaggenJSON"),
        .target(name: "FlaggenArguments"),
        .target(name: "Mustache", dependencies: ["FlaggenJSON"]),

        // The generator: parse -> validate -> translate -> render -> write.
        .target(
            name: "FlaggenCore",
            dependencies: ["CYAML", "FlagKitBucket", "FlaggenJSON", "FlaggenArguments", "Mustache"],
            // The Python `remove` runs; the binary carries it in EmbeddedPiranhaDriver.swift.
            exclude: ["Remove/piranha_driver.py"]
        ),

        // The command-line tool: arguments in, core calls, exit code out.
        .executableTarget(
            name: "flaggen",
            dependencies: ["FlaggenCore", "FlaggenArguments"]
        ),

        // SwiftPM plugins. They stay thin: find the manifest, run the flaggen executable.
        .plugin(name: "FlagGenPlugin", capability: .buildTool(), dependencies: ["flaggen"]),
        .plugin(
            name: "GenerateFlags",
            capability: .command(
                intent: .custom(verb: "generate-flags", description: "Write every output of each target's flags.yaml into the package"),
                permissions: [.writeToPackageDirectory(reason: "flaggen writes the generated Swift, Kotlin, schemas and seeds that you commit")]
            ),
            dependencies: ["flaggen"]
        ),
        .plugin(
            name: "CheckFlags",
            capability: .command(
                intent: .custom(verb: "check-flags", description: "Check that committed generated files match each target's flags.yaml")
            ),
            dependencies: ["flaggen"]
        ),

        .testTarget(name: "FlaggenCLITests", dependencies: ["flaggen"], exclude: ["Fixtures"]),
        .testTarget(name: "FlagKitTests", dependencies: ["FlagKit"]),
        // The store specification (Tests/Spec/store-spec.json) against FlagKit and the Swift
        // generated from Tests/Spec/spec.yaml (a symlink into Tests/Spec/Generated).
        .testTarget(name: "FlagKitSpecTests", dependencies: ["FlagKit"]),
        .testTarget(name: "FlaggenJSONTests", dependencies: ["FlaggenJSON"]),
        .testTarget(name: "FlaggenArgumentsTests", dependencies: ["FlaggenArguments"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "FlaggenJSON"]),
        .testTarget(
            name: "FlaggenCoreTests",
            dependencies: ["FlaggenCore", "FlaggenJSON", "FlagKit", "Mustache"],
            exclude: ["Fixtures", "Goldens"]
        ),
        // Compile and run the Swift that flaggen generates (symlinks into the goldens).
        .testTarget(name: "GeneratedSwiftTests", dependencies: ["FlagKit"]),
        .testTarget(name: "GeneratedHostileSwiftTests", dependencies: ["FlagKit"]),
    ],
    swiftLanguageModes: [.v6]
)
