/// One output of a generation run, in memory: where it goes and its exact bytes.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output root, with `/` separators.
    var path: String
    /// The file's contents.
    var contents: [UInt8]

    /// Creates a file from text (written as UTF-8).
    init(path: String, text: String) {
        self.path = path
        self.contents = Array(text.utf8)
    }

    /// Creates a file from bytes.
    init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}
