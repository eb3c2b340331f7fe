import FlaggenArguments
import FlaggenCore

/// The command line of `flaggen`: every command, option and help text.
enum Tool {
    static let manifest = OptionSpec(
        "manifest", valueName: "PATH", help: "The manifest to read.", defaultValue: "flags.yaml")
    static let format = OptionSpec(
        "format", valueName: "FORMAT", help: "How to print diagnostics: text for people, github for GitHub Actions annotations, json for tools.",
        allowedValues: DiagnosticFormat.allCases.map(\.rawValue), defaultValue: "text")

    static let lint = CommandSpec(
        "lint",
        abstract: "Validate the manifest and fail on flags past their expiry date.",
        discussion: """
            Reports every problem in one run, like a compiler: file:line:column: error: message.
            A flag whose expiry date has passed is an error; one that expires within 14 days is a
            warning naming its owner. Exit status: 0 clean (warnings allowed), 1 findings, 2 usage
            or unreadable input.
            """,
        options: [
            OptionSpec("today", valueName: "YYYY-MM-DD", help: "Judge expiry against this date instead of today's UTC date (for repeatable runs)."),
            format,
        ])

    static let bucket = CommandSpec(
        "bucket",
        abstract: "Print the rollout bucket (0-9999) of a stable ID for a flag.",
        discussion: """
            The bucket is the first four bytes of SHA-256 of "FLAG_KEY:STABLE_ID" (UTF-8), read as a
            big-endian unsigned number, modulo 10,000: the same number the generated Swift and
            Kotlin and the server seeds compute. A rollout of N basis points includes buckets below N.
            """,
        positionals: [
            PositionalSpec("STABLE_ID", help: "The account ID when signed in, else the install ID."),
            PositionalSpec("FLAG_KEY", help: "The flag's key, such as new_checkout."),
        ])

    static let outputDirectory = OptionSpec(
        "output-dir", valueName: "DIR", help: "Write outputs under DIR instead of the manifest's folder (same relative paths).")
    static let templates = OptionSpec(
        "templates", valueName: "DIR", help: "A folder of template overrides; wins over the manifest's 'templates'.")
    static let only = OptionSpec(
        "only", valueName: "KIND", help: "Generate only this kind of output (repeatable).",
        allowedValues: OutputKind.allCases.map(\.rawValue), isRepeatable: true)

    static let generate = CommandSpec(
        "generate",
        abstract: "Write the Swift and Kotlin files for the manifest.",
        discussion: """
            Writes the outputs named in the manifest's 'outputs' (default: Generated/ beside the
            manifest). A file is written only when its bytes change, atomically, and never over a
            file that lacks flaggen's header. An invalid manifest writes nothing.
            """,
        options: [outputDirectory, templates, only])

    static let check = CommandSpec(
        "check",
        abstract: "Check that the committed generated files match the manifest.")

    static let spec = ToolSpec(
        name: "flaggen",
        version: FlaggenVersion.current,
        abstract: "One flags.yaml for iOS, Android and the flag server: typed code, schemas, server seeds and CI guards.",
        globalOptions: [manifest],
        commands: [lint, generate, check, bucket])
}
