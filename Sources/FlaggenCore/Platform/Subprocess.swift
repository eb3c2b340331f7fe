#if canImport(Glibc)
// Linux: posix_spawn, so the tool needs no Foundation `Process`.
import Glibc
#else
// Elsewhere (macOS, Windows, musl): Foundation's `Process`.
import Foundation
#endif

/// Runs a program to completion and collects what it printed (used for `git show`).
enum Subprocess {
    /// What a finished program printed, and its exit status.
    struct Output {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: [UInt8]
    }

    /// Runs `arguments[0]`, found on the `PATH`, with the rest as its arguments. Throws the
    /// reason when it cannot be started.
    static func run(_ arguments: [String]) throws(SubprocessError) -> Output {
        #if canImport(Glibc)
        return try spawn(arguments)
        #else
        return try runWithProcess(arguments)
        #endif
    }

    #if canImport(Glibc)
    private static func spawn(_ arguments: [String]) throws(SubprocessError) -> Output {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0 else { throw SubprocessError(reason: FileSystem.lastErrorText()) }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            throw SubprocessError(reason: FileSystem.lastErrorText())
        }
        // Only the copies on the child's standard output and error survive into git.
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(outputPipe[1])
        close(errorPipe[1])
        defer { close(outputPipe[0]); close(errorPipe[0]) }
        guard started == 0 else { throw SubprocessError(reason: String(cString: strerror(started))) }
        // Read both pipes as they fill, so a chatty program never blocks on a full pipe.
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [(outputPipe[0], true), (errorPipe[0], false)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
            if poll(&polls, nfds_t(polls.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            var stillOpen: [(Int32, Bool)] = []
            for (index, entry) in open.enumerated() {
                guard polls[index].revents != 0 else {
                    stillOpen.append(entry)
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.0, $0.baseAddress!, $0.count) }
                if count > 0 {
                    if entry.1 { output += buffer[0..<count] } else { errors += buffer[0..<count] }
                    stillOpen.append(entry)
                } else if count < 0 && errno == EINTR {
                    stillOpen.append(entry)
                }
            }
            open = stillOpen
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS, or 128 plus the signal that ended it.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Output(status: exit, standardOutput: output, standardError: errors)
    }
    #else
    private static func runWithProcess(_ arguments: [String]) throws(SubprocessError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw SubprocessError(reason: error.localizedDescription)
        }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: Array(outputBytes), standardError: Array(errorBytes))
    }
    #endif
}

/// Why a program could not be started.
struct SubprocessError: Error {
    var reason: String
}
