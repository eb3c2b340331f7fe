/// One output of a generation run, in memory: where it goes and its exact bytes.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output root, with `/` separators.
    var path: String
    /// The file's contents.
    var contents: [UInt8]

}
