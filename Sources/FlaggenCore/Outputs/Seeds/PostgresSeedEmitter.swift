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
        if !manifest.flags.isEmpty {
            sql += "\n" + Self.typeGuard(manifest.flags) + "\n"
        }
        let configs = manifest.configsByName
        for flag in manifest.flags {
            sql += "\n" + Self.upsert(of: flag, config: flag.configName.flatMap { configs[$0] }) + "\n"
        }
        sql += "\nCOMMIT;\n"
        return [GeneratedFile(path: Self.fileName, contents: Array(sql.utf8))]
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

    /// The type guard, which stops the seed, before anything is written, when the server holds
    /// one of the manifest's keys with another type: the live value would no longer fit the apps'
    /// type. One `(key, type)` row per flag; `flags` is not empty.
    static func typeGuard(_ flags: [FlagDefinition]) -> String {
        let rows = flags.map { "(\(PostgresSeedLiteral.string($0.key)), \(PostgresSeedLiteral.string($0.type.rawValue)))" }
            .joined(separator: ",\n        ")
        return """
            -- A flag's type never changes in place: stop when the server holds a key with another type.
            DO $flaggen$
            DECLARE
                changed text;
            BEGIN
                SELECT string_agg(format('%s is %s on the server but %s in the manifest', f.key, f.type, m.type), '; ' ORDER BY f.key)
                INTO changed
                FROM \(tableName) AS f
                JOIN (VALUES
                    \(rows)
                ) AS m (key, type) ON m.key = f.key
                WHERE f.type <> m.type;
                IF changed IS NOT NULL THEN
                    RAISE EXCEPTION 'flaggen seed: %; a flag''s type never changes in place: add a new key instead', changed;
                END IF;
            END
            $flaggen$;
            """
    }

    /// One flag's upsert, after a comment with its key: inserted when missing; otherwise only its
    /// metadata is refreshed, and only when it changed (so an unchanged re-seed writes no row).
    /// `default_value` and `rules` are string constants of their compact JSON.
    static func upsert(of flag: FlagDefinition, config: ConfigDefinition?) -> String {
        let values: [String] = [
            PostgresSeedLiteral.string(flag.key),
            PostgresSeedLiteral.string(flag.type.rawValue),
            PostgresSeedLiteral.string(ValidatedJSON.compact(CanonicalSeedValue.json(flag.defaultValue))),
            PostgresSeedLiteral.string(ValidatedJSON.compact(CanonicalSeedValue.rules(of: flag))),
            PostgresSeedLiteral.string(flag.owner),
            PostgresSeedLiteral.optionalString(flag.expires?.description),
            PostgresSeedLiteral.string(flag.kind.rawValue),
            flag.killSwitch ? "true" : "false",
            PostgresSeedLiteral.optionalString(flag.description),
            PostgresSeedLiteral.optionalString(config?.name),
            config.map { String($0.version) } ?? "NULL",
        ]
        return "-- " + flag.key + upsertHead + values.joined(separator: ",\n    ") + upsertTail
    }

    /// The text of every upsert between the key comment and the values.
    static let upsertHead = "\nINSERT INTO \(tableName) AS f (\((["key", "type", "default_value", "rules"] + refreshedColumns).joined(separator: ", ")))"
        + "\nVALUES (\n    "

    /// The text of every upsert after the values.
    static let upsertTail = "\n)\nON CONFLICT (key) DO UPDATE SET\n    "
        + refreshedColumns.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ",\n    ")
        + "\nWHERE (\(refreshedColumns.map { "f.\($0)" }.joined(separator: ", ")))"
        + "\n    IS DISTINCT FROM (\(refreshedColumns.map { "EXCLUDED.\($0)" }.joined(separator: ", ")));"
}
