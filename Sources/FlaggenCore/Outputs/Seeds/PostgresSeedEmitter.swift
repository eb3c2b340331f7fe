import FlaggenJSON

/// The PostgreSQL seed, `flags.seed.sql`: the `flags` table (created when missing) and one
/// idempotent upsert per flag, in one transaction.
///
/// Re-running the seed loses nothing. A flag the server lacks is inserted with the manifest's
/// default and rules. A flag it has keeps its live `default_value` and `rules`, which operators
/// change on the server; only the metadata the manifest owns is refreshed: owner, description,
/// expiry, kind, kill-switch mark and config. A flag whose type differs from the manifest stops
/// the whole seed, because a type never changes in place. Rows of flags that left the manifest are
/// kept: installed apps may still read them. See docs/server-seeds.md.
struct PostgresSeedEmitter: Sendable {
    /// The seed's file name inside the seeds folder.
    static let fileName = "flags.seed.sql"

    /// The table the seed creates and fills.
    static let tableName = "flags"

    /// The columns a re-seed refreshes on an existing flag: the metadata the manifest owns.
    /// `type`, `default_value` and `rules` are never among them.
    static let refreshedColumns = ["owner", "expires", "kind", "kill_switch", "description", "config_name", "config_version"]

    /// Creates the emitter.
    init() {}

    /// Files with paths relative to the seeds folder: `flags.seed.sql`.
    ///
    /// A string with U+0000, which PostgreSQL cannot store, is refused by validation when
    /// postgres is among `outputs.servers` (``PostgresRules``); given a manifest that leaves
    /// postgres out, the emitter writes it as an escape, which PostgreSQL refuses on load.
    func files(for manifest: Manifest, header: GeneratedHeader) -> [GeneratedFile] {
        var sql = header.lines.map { "-- " + PostgresSeedLiteral.commentText($0) }.joined(separator: "\n") + "\n"
        sql += """
            --
            -- Load it with: psql -v ON_ERROR_STOP=1 -d DATABASE -f \(Self.fileName)
            -- It inserts the flags the server lacks and refreshes their metadata. It never changes a
            -- value or a rule set on the live server, so running it again loses nothing.

            SET client_encoding = 'UTF8';
            SET standard_conforming_strings = on;

            BEGIN;

            \(Self.createTable)

            """
        // The rest goes straight into the file's bytes: appending to bytes is cheaper than to a
        // `String`, and the text is not held twice.
        var bytes = Array(sql.utf8)
        if !manifest.flags.isEmpty {
            bytes.append(0x0A)
            Self.appendTypeGuard(manifest.flags, to: &bytes)
            bytes.append(0x0A)
        }
        let upserts = PostgresSeedUpsertWriter(manifest)
        for index in manifest.flags.indices {
            bytes.append(0x0A)
            upserts.appendUpsert(of: manifest.flags[index], to: &bytes)
            bytes.append(0x0A)
        }
        bytes.append(contentsOf: "\nCOMMIT;\n".utf8)
        return [GeneratedFile(path: Self.fileName, contents: bytes)]
    }

    // MARK: - Statements

    /// The table. `default_value` and `rules` are jsonb in the canonical seed's shapes.
    static let createTable = """
        CREATE TABLE IF NOT EXISTS \(tableName) (
            key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*$'),
            type text NOT NULL CHECK (type IN ('bool', 'string', 'int', 'double', 'json')),
            default_value jsonb NOT NULL,
            rules jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(rules) = 'array'),
            owner text NOT NULL,
            expires date,
            kind text NOT NULL CHECK (kind IN ('release', 'experiment', 'operational', 'permission')),
            kill_switch boolean NOT NULL DEFAULT false,
            description text,
            config_name text,
            config_version integer
        );
        """

    /// Appends the type guard, which stops the seed, before anything is written, when the server
    /// holds one of the manifest's keys with another type: the live value would no longer fit the
    /// apps' type. One `(key, type)` row per flag between a fixed opening and closing.
    static func appendTypeGuard(_ flags: [FlagDefinition], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: typeGuardOpening)
        for index in flags.indices {
            if index > 0 { bytes.append(contentsOf: typeGuardRowSeparator) }
            bytes.append(UInt8(ascii: "("))
            PostgresSeedLiteral.appendString(flags[index].key, to: &bytes)
            bytes.append(contentsOf: [UInt8(ascii: ","), 0x20])
            typeLiterals.append(flags[index].type, to: &bytes)
            bytes.append(UInt8(ascii: ")"))
        }
        bytes.append(contentsOf: typeGuardClosing)
    }

    /// The type guard up to its first row.
    private static let typeGuardOpening = Array(
        ("""
            -- A flag's type never changes in place: stop when the server holds a key with another type.
            DO $flaggen$
            DECLARE
                changed text;
            BEGIN
                SELECT string_agg(format('%s is %s on the server but %s in the manifest', f.key, f.type, m.type), '; ' ORDER BY f.key)
                INTO changed
                FROM \(tableName) AS f
                JOIN (VALUES

            """ + "        ").utf8)

    /// Each type's string constant.
    private static let typeLiterals = PostgresSeedEnumLiterals<FlagType>()

    /// What goes between two rows of the type guard.
    private static let typeGuardRowSeparator = Array(",\n        ".utf8)

    /// The type guard after its last row.
    private static let typeGuardClosing = Array(
        """

                ) AS m (key, type) ON m.key = f.key
                WHERE f.type <> m.type;
                IF changed IS NOT NULL THEN
                    RAISE EXCEPTION 'flaggen seed: %; a flag''s type never changes in place: add a new key instead', changed;
                END IF;
            END
            $flaggen$;
            """.utf8)

    /// The text of every upsert between the key comment and the values.
    static let upsertHead = Array(
        ("\nINSERT INTO \(tableName) AS f (\((["key", "type", "default_value", "rules"] + refreshedColumns).joined(separator: ", ")))"
            + "\nVALUES (\n    ").utf8)

    /// What goes between two values.
    static let valueSeparator = Array(",\n    ".utf8)

    /// The text of every upsert after the values.
    static let upsertTail = Array(
        ("\n)\nON CONFLICT (key) DO UPDATE SET\n    "
            + refreshedColumns.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ",\n    ")
            + "\nWHERE (\(refreshedColumns.map { "f.\($0)" }.joined(separator: ", ")))"
            + "\n    IS DISTINCT FROM (\(refreshedColumns.map { "EXCLUDED.\($0)" }.joined(separator: ", ")));").utf8)
}
