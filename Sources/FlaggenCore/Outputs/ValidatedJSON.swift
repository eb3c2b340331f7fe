import FlaggenJSON

/// Writes a validated manifest's values as JSON, which cannot fail: the JSON writers throw only
/// for a NaN or infinite double, which ``ManifestValidator`` refuses wherever a number is read,
/// and for nesting past their 512 levels, where the YAML reader stops at 64 (``InputLimits``).
/// The emitters make their JSON through it, so they never throw.
enum ValidatedJSON {
    /// The result of `write`, whose JSON writer calls cannot fail for a manifest the validator
    /// made. One that was changed afterwards to hold what JSON cannot (a NaN) stops the program
    /// here, naming the writer's error: that is a bug in the caller, not a problem of the input.
    private static func write<Result>(_ write: () throws -> Result) -> Result {
        do {
            return try write()
        } catch {
            preconditionFailure("a validated manifest holds only finite numbers, nested at most 64 levels deep, but: \(error)")
        }
    }

    /// `value` as the text of a generated JSON file: pretty, with a trailing newline.
    static func fileBytes(_ value: JSONValue) -> [UInt8] {
        write { try JSONWriter(trailingNewline: true).utf8Bytes(for: value) }
    }

    /// `value` as compact JSON, for a value inside another format (a payload, a parameter, a
    /// jsonb column).
    static func compact(_ value: JSONValue) -> String {
        write { try JSONWriter(format: .compact).string(for: value) }
    }
}
