/// Writes a validated manifest's values as JSON, which cannot fail: the JSON writers throw only
/// for a NaN or infinite double, which ``ManifestValidator`` refuses wherever a number is read,
/// and for nesting past their 512 levels, where the YAML reader stops at 64 (``InputLimits``).
/// The emitters make their JSON through it, so they never throw.
enum ValidatedJSON {
    /// The result of `write`, whose JSON writer calls cannot fail for a manifest the validator
    /// made. One that was changed afterwards to hold what JSON cannot (a NaN) stops the program
    /// here, naming the writer's error: that is a bug in the caller, not a problem of the input.
    static func write<Result>(_ write: () throws -> Result) -> Result {
        do {
            return try write()
        } catch {
            preconditionFailure("a validated manifest holds only finite numbers, nested at most 64 levels deep, but: \(error)")
        }
    }
}
