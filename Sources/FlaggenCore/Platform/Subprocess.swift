#if canImport(Glibc)
// Unsafe APIs here: `posix_spawn` takes C strings, and its output is read with POSIX `read`.

// Linux: posix_spawn, so the tool needs no Foundation `Process`.
import Glibc
#else
// Elsewhere (macOS, Windows, musl): Foundation's `Process`.
import Foundation
#endif

/// Runs a program to completion and collects what it printed (used for `git show`, and for
/// Piranha's Python in `flaggen remove`).
enum Subprocess {
    /// What a finished program printed, and its exit status.
    struct Output {
        var status: Int32
        var standardOutput: [UInt8]
        var standardError: [UInt8]
        /// Whether the program ran past its time limit and was killed (with SIGKILL).
        var timedOut = false
    }

    /// Runs `arguments[0]`, found on the `PATH`, with the rest as its arguments. Throws the
    /// reason when it cannot be started. Keeps at most `limit` bytes of what it prints on each
    /// stream (the rest is read and dropped, so the program can finish): `git show` of a huge
    /// blob costs no more memory than the limit. With a `timeout` (seconds), a program still
    /// running then is killed, and ``Output/timedOut`` says so.
    static func run(_ arguments: [String], limit: Int = 64 * 1024 * 1024, timeout: Double? = nil) throws(SubprocessError) -> Output {
        #if canImport(Glibc)
        return try spawn(arguments, limit: limit, timeout: timeout)
        #else
        return try runWithProcess(arguments, limit: limit, timeout: timeout)
        #endif
    }

    #if canImport(Glibc)
    /// Seconds on a clock that never jumps.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func spawn(_ arguments: [String], limit: Int, timeout: Double?) throws(SubprocessError) -> Output {
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
        var printed: [[UInt8]] = [[], []]  // standard output, standard error
        var open = [(outputPipe[0], 0), (errorPipe[0], 1)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = timeout.map { monotonicSeconds() + $0 }
        var timedOut = false
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - monotonicSeconds()
                if left <= 0 {
                    kill(pid, SIGKILL)
                    timedOut = true
                    break
                }
                wait = Int32(min(left * 1000 + 1, 60_000))
            }
            let ready = poll(&polls, nfds_t(polls.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            var stillOpen: [(Int32, Int)] = []
            for (index, (descriptor, stream)) in open.enumerated() {
                if polls[index].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                    // At the stream's end, or when reading fails, the pipe is done.
                    if count == 0 || count < 0 && errno != EINTR { continue }
                    if count > 0 { printed[stream] += buffer[0..<min(count, max(0, limit - printed[stream].count))] }
                }
                stillOpen.append((descriptor, stream))
            }
            open = stillOpen
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS, or 128 plus the signal that ended it.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Output(status: exit, standardOutput: printed[0], standardError: printed[1], timedOut: timedOut)
    }
    #else
    private static func runWithProcess(_ arguments: [String], limit: Int, timeout: Double?) throws(SubprocessError) -> Output {
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
        // Standard error is read on another thread, so neither pipe can fill and block the program.
        let errorReader = BoundedReader(errors.fileHandleForReading, limit: limit)
        let thread = Thread { errorReader.readToEnd() }
        thread.start()
        let timer = TimeoutFlag()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning {
                    timer.fired = true
                    process.terminate()
                }
            }
        }
        let outputReader = BoundedReader(output.fileHandleForReading, limit: limit)
        outputReader.readToEnd()
        process.waitUntilExit()
        errorReader.waitUntilDone()
        return Output(status: process.terminationStatus, standardOutput: outputReader.bytes, standardError: errorReader.bytes, timedOut: timer.fired)
    }

    /// Set when the time limit ended the program.
    private final class TimeoutFlag: @unchecked Sendable {
        var fired = false
    }

    /// Reads a pipe to its end, keeping at most `limit` bytes.
    private final class BoundedReader: @unchecked Sendable {
        private let handle: FileHandle
        private let limit: Int
        private let done = DispatchSemaphore(value: 0)
        private(set) var bytes: [UInt8] = []

        init(_ handle: FileHandle, limit: Int) {
            self.handle = handle
            self.limit = limit
        }

        func readToEnd() {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes += chunk.prefix(max(0, limit - bytes.count))
            }
            done.signal()
        }

        func waitUntilDone() {
            done.wait()
        }
    }
    #endif
}

/// Why a program could not be started.
struct SubprocessError: Error {
    var reason: String
}
