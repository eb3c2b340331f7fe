import Foundation
import XCTest

/// What a child process printed and returned.
struct ProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program and collects its output. `input` is written to its standard input.
func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(input) }
    try? inPipe.fileHandleForWriting.close()
    // Drain stderr on another thread so neither pipe can fill up and block the child.
    nonisolated(unsafe) var errData = Data()
    let errDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        errDone.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errDone.wait()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

/// A tool the real-peer tests need, from an environment variable that Scripts/test.sh sets.
/// Without it the test is skipped locally, and fails in CI (CI=true), where it must run.
func peerTool(_ variable: String, purpose: String) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let value = environment[variable], !value.isEmpty { return value }
    let message = "\(variable) is not set, so \(purpose) cannot run; run the suite with Scripts/test.sh"
    if environment["CI"] == "true" {
        XCTFail(message)
        throw XCTSkip(message)
    }
    throw XCTSkip(message)
}

/// The Python of the venv Scripts/test.sh creates (jsonschema, flagd and Unleash peers).
func peerPython() throws -> String { try peerTool("FLAGGEN_PYTHON", purpose: "tests against the Python peers") }

/// A folder of Python scripts the peer tests run.
let peerScripts = packageRoot.appendingPathComponent("Tests/Peers")
