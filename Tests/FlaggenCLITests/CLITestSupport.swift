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
/// `launcher` runs it through another program (`setpriv` as another user, `sh` to pass bytes
/// that are not UTF-8), given the executable's path after its own arguments.
func runFlaggen(
    _ arguments: [String], in folder: URL = packageRoot, environment: [String: String]? = nil, timeout: TimeInterval = 120,
    launcher: [String] = [], file: StaticString = #filePath, line: UInt = #line
) throws -> RunResult {
    let process = Process()
    if let program = launcher.first {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = launcher.dropFirst() + [flaggenExecutable.path] + arguments
    } else {
        process.executableURL = flaggenExecutable
        process.arguments = arguments
    }
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

/// Creates a file, or a folder, at `path` given as bytes: a name that is not UTF-8 (Latin-1
/// `\xE9`), which a Swift string cannot hold. Removed when the test ends.
func createRawItem(_ test: XCTestCase, at path: [UInt8], folder: Bool = false, contents: String = "") throws {
    let cPath = path.map { CChar(bitPattern: $0) } + [0]
    if folder {
        guard mkdir(cPath, 0o755) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        test.addTeardownBlock { _ = rmdir(cPath) }
        return
    }
    let descriptor = open(cPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let bytes = Array(contents.utf8)
    let written = write(descriptor, bytes, bytes.count)
    close(descriptor)
    test.addTeardownBlock { _ = unlink(cPath) }
    guard written == bytes.count else { throw POSIXError(.EIO) }
}

/// The arguments of ``runFlaggen(_:in:environment:timeout:launcher:file:line:)``'s `launcher`
/// that run flaggen as an unprivileged user, for whom a mode 000 folder cannot be read; nil when
/// that is not possible here (root without `setpriv`). The test's files must be readable by that user.
func unprivilegedLauncher() -> [String]? {
    if getuid() != 0 { return [] }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    return [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
}
