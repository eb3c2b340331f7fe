import Foundation
import XCTest

/// What one run of the built `flaggen` binary printed and returned.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The package's root folder (the one holding Package.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `flaggen` executable, beside the test bundle.
var flaggenExecutable: URL {
    var folder = Bundle.main.bundleURL
    #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folder = bundle.bundleURL.deletingLastPathComponent()
        }
    #endif
    if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent("flaggen")
}

/// Runs `flaggen` with arguments in a folder and collects its output. After `timeout` seconds
/// the process is killed and the run fails the test, so a hang cannot stall the suite.
func runFlaggen(
    _ arguments: [String], in folder: URL = packageRoot, environment: [String: String]? = nil, timeout: TimeInterval = 120,
    executable: URL = flaggenExecutable, file: StaticString = #filePath, line: UInt = #line
) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = DispatchWorkItem {
        guard process.isRunning else { return }
        XCTFail("flaggen \(arguments.joined(separator: " ")) still ran after \(Int(timeout)) s; killed", file: file, line: line)
        kill(process.processIdentifier, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
    defer { deadline.cancel() }
    // Read both pipes before waiting, so a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

/// A fresh temporary folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flaggen-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}
