// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "flaggen",
    products: [
        .executable(name: "flaggen", targets: ["flaggen"]),
        .library(name: "FlagKit", targets: ["FlagKit"]),
    ],
    targets: [
        // libyaml, the only C dependency: `apt-get install libyaml-dev` or `brew install libyaml`.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // The runtime that apps link: Flag<Value>, Bucket, SHA-256.
        .target(name: "FlagKit"),

        // Small, separate building blocks, each with its own tests.
        .target(name: "FlaggenJSON"),
        .target(name: "FlaggenArguments"),
        .target(name: "Mustache", dependencies: ["FlaggenJSON"]),

        // The generator: parse -> validate -> translate -> render -> write.
        .target(
            name: "FlaggenCore",
            dependencies: ["CYAML", "FlagKit", "FlaggenJSON", "FlaggenArguments", "Mustache"]
        ),

        // The command-line tool: arguments in, core calls, exit code out.
        .executableTarget(
            name: "flaggen",
            dependencies: ["FlaggenCore", "FlaggenArguments"]
        ),

        .testTarget(name: "FlaggenCLITests", dependencies: ["flaggen"]),
        .testTarget(name: "FlagKitTests", dependencies: ["FlagKit"]),
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
