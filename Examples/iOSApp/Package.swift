// swift-tools-version:6.0
import PackageDescription

// An app-shaped example: `CheckoutApp` holds the screens (a library, so it builds on Linux) and
// gets its typed flags from flags.yaml through flaggen's build plugin; `CheckoutDemo` runs them.
let package = Package(
    name: "iOSApp",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [
        .package(name: "flaggen", path: "../..")
    ],
    targets: [
        .target(
            name: "CheckoutApp",
            dependencies: [.product(name: "FlagKit", package: "flaggen")],
            // The folder name has a space on purpose: the plugin must cope with it.
            path: "Sources/Checkout App",
            plugins: [.plugin(name: "FlagGenPlugin", package: "flaggen")]
        ),
        .executableTarget(name: "CheckoutDemo", dependencies: ["CheckoutApp"]),
    ],
    swiftLanguageModes: [.v6]
)
