@testable import FlaggenCore
import FlaggenJSON
import Foundation
import XCTest

/// Helpers shared by FlagdSeedTests and UnleashSeedTests.
enum FlagdUnleashSeeds {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Validates manifest text (as `flags.yaml`) and returns the manifest with its header.
    static func manifest(_ yaml: String) throws -> (manifest: Manifest, header: GeneratedHeader) {
        let bytes = Array(yaml.utf8)
        let result = ManifestValidator().validate(bytes, file: "flags.yaml")
        guard let manifest = result.manifest else {
            throw Failure(message: "the test manifest is not valid:\n" + result.diagnostics.map(\.formatted).joined(separator: "\n"))
        }
        return (manifest, GeneratedHeader(manifestName: "flags.yaml", toolVersion: "0.0.0-test"))
    }

    /// The root flags.yaml with its real header, as `flaggen generate` would see it.
    static func rootManifest() throws -> (manifest: Manifest, header: GeneratedHeader) {
        let url = packageRoot.appendingPathComponent("flags.yaml")
        let bytes = Array(try Data(contentsOf: url))
        guard let manifest = ManifestValidator().validate(bytes, file: "flags.yaml").manifest else {
            throw Failure(message: "the root flags.yaml is not valid")
        }
        return (manifest, GeneratedHeader(manifestName: "flags.yaml"))
    }

    /// The text of the only file an emitter returned, checking its name.
    static func onlyText(_ files: [GeneratedFile], named name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        XCTAssertEqual(files.map(\.path), [name], file: file, line: line)
        guard let only = files.first else { throw Failure(message: "no file emitted") }
        return String(decoding: only.contents, as: UTF8.self)
    }

    /// Writes text to a new temporary file and returns its URL; the caller removes the folder.
    static func temporaryFile(_ text: String, named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Runs a peer script with arguments and `input` as JSON on stdin; returns its JSON stdout.
    static func runPeer(_ script: String, _ arguments: [String], input: JSONValue? = nil) throws -> JSONValue {
        let python = try peerPython()
        let data = try input.map { Data(try JSONWriter(format: .compact).string(for: $0).utf8) }
        let output = try runProcess(python, [peerScripts.appendingPathComponent(script).path] + arguments, input: data)
        guard output.status == 0 else {
            throw Failure(message: "\(script) failed (\(output.status)):\n\(output.stderr)")
        }
        do {
            return try JSONParser.parse(output.stdout)
        } catch {
            throw Failure(message: "\(script) printed no JSON (\(error)):\n\(output.stdout)\n\(output.stderr)")
        }
    }
}
