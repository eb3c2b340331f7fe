import FlaggenArguments

/// A small flaggen-like tool used by all tests.
let sampleTool = ToolSpec(
    name: "flaggen",
    version: "1.2.0",
    abstract: "Generate type-safe feature flag accessors from a YAML manifest.",
    globalOptions: [
        OptionSpec("manifest", shortName: "m", valueName: "PATH", help: "Path to the flag manifest.", defaultValue: "flags.yaml"),
        OptionSpec("verbose", shortName: "v", help: "Print more detail."),
    ],
    commands: [
        CommandSpec(
            "lint",
            abstract: "Check the manifest for mistakes and expired flags.",
            discussion: "Reports every problem it finds. Exits with status 1 if there are errors.",
            options: [
                OptionSpec("today", valueName: "YYYY-MM-DD", help: "The date used to judge expiry.", defaultValue: "the current date"),
                OptionSpec("format", shortName: "f", valueName: "FORMAT", help: "Output format.",
                           allowedValues: ["text", "json", "github"], defaultValue: "text"),
                OptionSpec("strict", help: "Treat warnings as errors."),
            ]
        ),
        CommandSpec(
            "generate",
            abstract: "Write Swift and Kotlin accessors.",
            options: [
                OptionSpec("language", shortName: "l", valueName: "LANG", help: "Language to generate.",
                           allowedValues: ["swift", "kotlin"], isRepeatable: true),
                OptionSpec("output", shortName: "o", valueName: "DIR", help: "Folder to write into."),
                OptionSpec("define", valueName: "NAME=VALUE", help: "Extra template variable.", isRepeatable: true),
            ]
        ),
        CommandSpec(
            "bucket",
            abstract: "Show which rollout bucket a user falls into.",
            options: [
                OptionSpec("offset", valueName: "N", help: "Shift the bucket boundary."),
            ],
            positionals: [
                PositionalSpec("flag", help: "The flag key."),
                PositionalSpec("user-id", help: "The user identifier."),
            ]
        ),
        CommandSpec(
            "refs",
            abstract: "List source files that reference flags.",
            positionals: [
                PositionalSpec("paths", help: "Files or folders to search; '-' reads paths from stdin.",
                               isOptional: true, isVariadic: true),
            ]
        ),
        CommandSpec(
            "breaking",
            abstract: "Compare two manifests for breaking changes.",
            positionals: [
                PositionalSpec("old", help: "The previous manifest."),
                PositionalSpec("new", help: "The new manifest.", isOptional: true),
            ]
        ),
    ]
)
