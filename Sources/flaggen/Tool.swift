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
            warning naming its owner, and so is one within the deprecation window (30 days) that
            is not marked 'deprecated:' yet. Exit status: 0 clean (warnings allowed), 1 findings,
            2 usage or unreadable input.
            """,
        options: [
            OptionSpec("today", valueName: "YYYY-MM-DD", help: "Judge expiry against this date instead of today's UTC date (for repeatable runs)."),
            OptionSpec(
                "deprecation-days", valueName: "DAYS",
                help: "Suggest 'deprecated:' for flags that expire within DAYS days (default 30; 0 turns it off)."),
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
    static let swiftFile = OptionSpec(
        "swift-file", valueName: "FILE", help: "With --only swift: write the Swift output to FILE (the build plugin uses this).")
    static let swiftFromBuildPlugin = OptionSpec(
        "swift-from-build-plugin",
        help: "The build plugin makes the Swift: write or check no Swift file, as with 'outputs.swift: false' (the command plugins pass this).")
    static let fixCommand = OptionSpec(
        "fix-command", valueName: "COMMAND",
        help: "The command that messages give for regenerating, instead of 'flaggen generate …' (the command plugins pass their own).")
    static let only = OptionSpec(
        "only", valueName: "KIND", help: "Generate only this kind of output (repeatable).",
        allowedValues: OutputKind.allCases.map(\.rawValue), isRepeatable: true)

    static let generate = CommandSpec(
        "generate",
        abstract: "Write the Swift, Kotlin, JSON Schema and server seed files for the manifest.",
        discussion: """
            Writes the outputs named in the manifest's 'outputs' (default: Generated/ beside the
            manifest). A file is written only when its bytes change, atomically, and never over a
            file that does not begin with flaggen's header naming this manifest. An invalid
            manifest writes nothing.
            """,
        options: [outputDirectory, templates, only, swiftFile, swiftFromBuildPlugin, fixCommand])

    static let check = CommandSpec(
        "check",
        abstract: "Check that the generated files on disk match the manifest, writing nothing.",
        discussion: """
            Regenerates every output in memory and compares it with the disk. Reports each file
            that is missing, differs (with a unified diff) or is unexpected (generated earlier
            from this manifest, but no longer). Exit status: 0 up to date, 1 drift or an invalid
            manifest, 2 usage or unreadable input.
            """,
        options: [outputDirectory, templates, only, swiftFile, swiftFromBuildPlugin, fixCommand, format])

    static let breaking = CommandSpec(
        "breaking",
        abstract: "Report changes that break installed apps, against an older manifest.",
        discussion: """
            Errors: a flag removed without retiring its key, a retired key dropped, a type changed
            in place, a kill switch turned into a normal flag, a config property removed, renamed,
            retyped or made required, an enum value removed (from a property or an enum flag), a
            config's shape changed without raising its version. Warnings (errors with --strict): a
            default changed, an expiry extended, an owner changed, an enum flag's value added or
            its list dropped.
            """,
        options: [
            OptionSpec("against", valueName: "OLD", help: "The old manifest: a path, or git:REF for flags.yaml at a git revision (such as git:main)."),
            OptionSpec("strict", help: "Treat warnings as errors."),
            format,
        ])

    static let refs = CommandSpec(
        "refs",
        abstract: "Show where Swift and Kotlin code reads each flag; find unused and expired flags.",
        discussion: """
            Scans .swift, .kt and .kts files (skipping generated files, files over 8 MiB, hidden
            folders, build, node_modules, Pods, Carthage and DerivedData, and whatever --exclude
            names) for Flags.name, FlagKey.name and raw key strings. Prints the
            references of each flag, then findings: unreferenced flags, expired flags still read,
            raw key strings that bypass the generated API, and names that match no flag. Findings
            are warnings unless --fail-on names their category.
            """,
        options: [
            OptionSpec(
                "fail-on", valueName: "CATEGORIES",
                help: "Comma-separated categories that fail the run: unreferenced, expired-referenced, raw-keys, unknown.",
                isRepeatable: true),
            OptionSpec("today", valueName: "YYYY-MM-DD", help: "Judge expiry against this date instead of today's UTC date."),
            OptionSpec(
                "exclude", valueName: "GLOB",
                help: "Skip files and folders whose path or name matches GLOB ('*' matches any characters, '/' too), such as Tests/Fixtures, Tests/Fixtures/, an absolute path or '*Mock*.swift'.",
                isRepeatable: true),
            format,
        ],
        positionals: [PositionalSpec("PATH", help: "Files or folders to scan.", isVariadic: true)])

    static let report = CommandSpec(
        "report",
        abstract: "Write every flag's owner, expiry, status, rollout and reads to one HTML page or JSON file.",
        discussion: """
            One self-contained page (inline CSS and script, nothing from the network), sortable
            and filterable by owner and status, with a timeline of expiries per owner; or the same
            data as JSON for bots and dashboards. Status: expired, expiring-soon (within 30 days),
            ok, kill-switch or permanent. --refs counts each flag's reads in Swift and Kotlin as
            'flaggen refs' finds them. An invalid manifest writes nothing. The file is replaced
            atomically. Exit status: 0 written, 1 an invalid manifest, 2 usage or unreadable input.
            """,
        options: [
            OptionSpec("format", valueName: "FORMAT", help: "html for people, json for tools.", allowedValues: Report.Format.allCases.map(\.rawValue), defaultValue: "html"),
            OptionSpec("output", valueName: "FILE", help: "The file to write (required); replaced atomically."),
            OptionSpec(
                "refs", valueName: "PATH",
                help: "Count each flag's reads in the Swift and Kotlin files under PATH, as 'flaggen refs' scans them.",
                isRepeatable: true),
            OptionSpec(
                "exclude", valueName: "GLOB", help: "With --refs: skip files and folders matching GLOB, as 'flaggen refs --exclude'.",
                isRepeatable: true),
            OptionSpec("today", valueName: "YYYY-MM-DD", help: "Judge expiry against this date instead of today's UTC date (for repeatable output)."),
        ])

    static let remove = CommandSpec(
        "remove",
        abstract: "Remove a flag end to end: its manifest block (retiring its key), the outputs, and its reads in Swift and Kotlin.",
        discussion: """
            Takes the flag's block out of the manifest (every other line kept byte for byte), adds
            its key to 'retired', regenerates the outputs, and rewrites the flag's reads in the
            Swift and Kotlin files under PATHS to the kept value with Polyglot Piranha
            (python3 -m pip install polyglot-piranha; FLAGGEN_PYTHON names the Python), simplifying
            what follows (if/else, guard, ternaries, &&, ||, !, when, unused locals). Refuses kill
            switches unless --force, and changes nothing when any read cannot be rewritten (they
            are listed). Every file is written atomically, and only if it is still as read; all
            are staged before any is written. Exit status: 0 removed, 1
            refused, 2 usage, unreadable input or no Piranha. See docs/cleanup.md.
            """,
        options: [
            OptionSpec("keep", valueName: "on|off", help: "For a bool flag: the value the code keeps.", allowedValues: ["on", "off"]),
            OptionSpec("value", valueName: "V", help: "For a string, int or double flag: the value the code keeps, as a literal.", allowsEmptyValue: true),
            OptionSpec("dry-run", help: "Print the unified diff of every file it would change, and write nothing."),
            OptionSpec("force", help: "Remove a kill switch too."),
            OptionSpec(
                "exclude", valueName: "GLOB", help: "Skip files and folders matching GLOB, as 'flaggen refs --exclude' (repeatable).",
                isRepeatable: true),
        ],
        positionals: [
            PositionalSpec("KEY", help: "The flag's key, such as new_checkout."),
            PositionalSpec("PATH", help: "Files or folders of Swift and Kotlin code to rewrite.", isOptional: true, isVariadic: true),
        ])

    static let context = CommandSpec(
        "context",
        abstract: "Print the context a built-in template receives, as JSON (for writing your own templates).",
        options: [
            OptionSpec(
                "language", valueName: "LANGUAGE", help: "Which output's context to print.",
                allowedValues: ["swift", "kotlin"], defaultValue: "swift")
        ])

    static let render = CommandSpec(
        "render",
        abstract: "Render any Mustache template with JSON data (HTML escaping off).",
        options: [
            OptionSpec("data", valueName: "FILE.json", help: "The data to render; default: an empty object."),
            OptionSpec("partials", valueName: "DIR", help: "A folder of NAME.mustache files usable as {{> NAME}}."),
        ],
        positionals: [PositionalSpec("TEMPLATE", help: "The template file.")])

    static let spec = ToolSpec(
        name: "flaggen",
        version: FlaggenVersion.current,
        abstract: "One flags.yaml for iOS, Android and the flag server: typed code, schemas, server seeds and CI guards.",
        globalOptions: [manifest],
        commands: [lint, generate, check, breaking, refs, report, remove, bucket, context, render])
}
