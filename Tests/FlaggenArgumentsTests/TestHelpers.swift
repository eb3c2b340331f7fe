import XCTest
import FlaggenArguments

/// Parses `arguments` with the sample tool, expecting a `.run` invocation.
func parseRun(
    _ arguments: [String],
    file: StaticString = #filePath,
    line: UInt = #line
) -> (command: String, arguments: ParsedArguments)? {
    do {
        let invocation = try sampleTool.parse(arguments)
        guard case .run(let command, let parsed) = invocation else {
            XCTFail("Expected .run, got \(invocation)", file: file, line: line)
            return nil
        }
        return (command, parsed)
    } catch {
        XCTFail("Unexpected error: \(error)", file: file, line: line)
        return nil
    }
}

/// Parses `arguments` with the sample tool, expecting a usage error.
func parseError(
    _ arguments: [String],
    file: StaticString = #filePath,
    line: UInt = #line
) -> UsageError? {
    do {
        let invocation = try sampleTool.parse(arguments)
        XCTFail("Expected a usage error, got \(invocation)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The message of the usage error for `arguments`, or `nil` if parsing succeeded.
func errorMessage(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
    parseError(arguments, file: file, line: line)?.description
}
