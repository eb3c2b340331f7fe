@testable import FlaggenCore
import XCTest

final class GeneratorPlannedPathsTests: XCTestCase {
    /// The paths known before rendering are exactly the paths rendering produces, in order.
    func testPlannedPathsAreTheRenderedPaths() throws {
        let manifests: [(String, [[OutputKind]])] = [
            ("flags.yaml", [OutputKind.allCases, [.seeds], [.kotlin, .schemas]]),
            ("Tests/FlaggenCoreTests/Fixtures/kotlin-scopes.yaml", [OutputKind.allCases]),
            ("Tests/FlaggenCoreTests/Fixtures/hostile.yaml", [OutputKind.allCases]),
        ]
        for (name, kindSets) in manifests {
            let input = try canonicalSeedTestInput(at: packageRoot.appendingPathComponent(name))
            for kinds in kindSets {
                let generator = Generator(kinds: kinds)
                let rendered = try generator.files(for: input.manifest, header: input.header).map(\.path)
                XCTAssertEqual(generator.plannedPaths(for: input.manifest), rendered, "\(name), \(kinds)")
            }
        }
    }

    func testKotlinRuntimeAndEveryServerArePlanned() throws {
        var manifest = try canonicalSeedTestInput(yaml: manifest(flag: "")).manifest
        manifest.outputs.kotlinRuntime = "App/FlagStore.kt"
        manifest.outputs.servers = [.contract, .postgres, .firebase, .flagd, .unleash]
        let header = GeneratedHeader(manifestName: "flags.yaml")
        let generator = Generator()
        let planned = generator.plannedPaths(for: manifest)
        XCTAssertEqual(planned, try generator.files(for: manifest, header: header).map(\.path))
        XCTAssertTrue(planned.contains("App/FlagStore.kt"), "\(planned)")
        XCTAssertEqual(planned.filter { $0.hasPrefix(manifest.outputs.seeds) }.count, 5, "\(planned)")
    }
}
