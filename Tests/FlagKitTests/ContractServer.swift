@testable import FlagKit
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scripted loopback server of Tests/Peers/contract_server.py, run with the system python3.
///
/// Each test asks for a base URL with a scenario (what the server answers) and a tag (so it can
/// read back only its own requests from `GET /_requests`).
final class ContractServer: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    let port: Int

    /// Starts the server and waits for the port it prints.
    init() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/contract_server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the server died before printing its port
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw ServerError.noPort
        }
        self.port = port
    }

    enum ServerError: Error {
        case noPort
    }

    /// The base URL for one scenario; `tag` names the requests of one test.
    func baseURL(_ scenario: String, tag: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(scenario)/\(tag)")!  // built from known-good parts
    }

    /// Every request the server got under `tag`, oldest first.
    func requests(tag: String) async throws -> [[String: FlagValue]] {
        let url = URL(string: "http://127.0.0.1:\(port)/_requests?tag=\(tag)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        guard case .array(let entries)? = FlagJSON.parse(data) else { return [] }
        return entries.compactMap { entry in
            if case .object(let object) = entry { return object }
            return nil
        }
    }

    /// Stops the server: closes its stdin (it exits on EOF) and terminates it.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// The headers of a recorded request (lowercase names).
func headers(of request: [String: FlagValue]) -> [String: FlagValue] {
    if case .object(let headers)? = request["headers"] { return headers }
    return [:]
}

/// The JSON body of a recorded request.
func body(of request: [String: FlagValue]) -> [String: FlagValue] {
    if case .object(let body)? = request["body"] { return body }
    return [:]
}
