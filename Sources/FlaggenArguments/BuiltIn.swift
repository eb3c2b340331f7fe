/// The spellings the parser handles itself, whatever the tool spec says.
enum BuiltIn {
    /// `flaggen help [COMMAND]`.
    static let helpCommand = "help"
    /// `--help`, valid anywhere before `--`.
    static let helpFlag = "--help"
    /// `-h`, the same as `--help`.
    static let helpShortFlag = "-h"
    /// `--version`, valid anywhere before `--`.
    static let versionFlag = "--version"
}
