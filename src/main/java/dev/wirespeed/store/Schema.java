package dev.wirespeed.store;

import java.util.List;

/**
 * The results database's schema, as a list of migrations. The schema version is SQLite's
 * {@code PRAGMA user_version}; migration N takes a database from version N-1 to N inside one
 * transaction, so a crash mid-migration leaves the old version intact. Documented in
 * docs/STORE.md: change both together, and never edit a migration that has shipped — add one.
 */
public final class Schema {
    private Schema() {}

    /** Marks a file as ours: a SQLite file without this row is someone else's and is left alone. */
    public static final String APPLICATION = "wirespeed-results";

    public record Migration(int version, String description, List<String> statements) {}

    public static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, "results, runs, campaign points, labels, summary metrics, intervals, sweep rows", List.of(
                    """
                    CREATE TABLE wirespeed_meta(
                      key   TEXT PRIMARY KEY,
                      value TEXT NOT NULL)""",
                    "INSERT INTO wirespeed_meta(key, value) VALUES ('application', '" + APPLICATION + "')",
                    """
                    CREATE TABLE runs(
                      id                INTEGER PRIMARY KEY AUTOINCREMENT,
                      kind              TEXT NOT NULL,
                      started_at        TEXT NOT NULL,
                      finished_at       TEXT,
                      status            TEXT NOT NULL,
                      command_line      TEXT NOT NULL,
                      wirespeed_version TEXT NOT NULL,
                      host_json         TEXT,
                      plan_name         TEXT,
                      plan_sha256       TEXT,
                      plan_text         TEXT,
                      total_points      INTEGER)""",
                    """
                    CREATE TABLE points(
                      run_id      INTEGER NOT NULL REFERENCES runs(id),
                      point_key   TEXT NOT NULL,
                      seq         INTEGER NOT NULL,
                      status      TEXT NOT NULL,
                      error       TEXT,
                      finished_at TEXT NOT NULL,
                      PRIMARY KEY (run_id, point_key))""",
                    """
                    CREATE TABLE results(
                      id             INTEGER PRIMARY KEY AUTOINCREMENT,
                      run_id         INTEGER NOT NULL REFERENCES runs(id),
                      point_key      TEXT,
                      repetition     INTEGER,
                      created_at     TEXT NOT NULL,
                      tool           TEXT NOT NULL,
                      tool_version   TEXT,
                      test           TEXT NOT NULL,
                      source         TEXT,
                      engine_command TEXT,
                      grid_keys      TEXT,
                      raw_format     TEXT,
                      raw            TEXT)""",
                    "CREATE INDEX results_by_run ON results(run_id)",
                    """
                    CREATE TABLE result_labels(
                      result_id INTEGER NOT NULL REFERENCES results(id),
                      label     TEXT NOT NULL,
                      PRIMARY KEY (result_id, label))""",
                    "CREATE INDEX labels_by_label ON result_labels(label)",
                    """
                    CREATE TABLE result_params(
                      result_id INTEGER NOT NULL REFERENCES results(id),
                      seq       INTEGER NOT NULL,
                      name      TEXT NOT NULL,
                      value     TEXT NOT NULL,
                      PRIMARY KEY (result_id, name))""",
                    """
                    CREATE TABLE summary_metrics(
                      result_id INTEGER NOT NULL REFERENCES results(id),
                      seq       INTEGER NOT NULL,
                      name      TEXT NOT NULL,
                      value     REAL NOT NULL,
                      unit      TEXT NOT NULL,
                      PRIMARY KEY (result_id, name))""",
                    """
                    CREATE TABLE intervals(
                      result_id     INTEGER NOT NULL REFERENCES results(id),
                      seq           INTEGER NOT NULL,
                      start_seconds REAL NOT NULL,
                      end_seconds   REAL NOT NULL,
                      omitted       INTEGER NOT NULL,
                      metrics_json  TEXT NOT NULL,
                      PRIMARY KEY (result_id, seq))""",
                    """
                    CREATE TABLE sweep_rows(
                      result_id    INTEGER NOT NULL REFERENCES results(id),
                      seq          INTEGER NOT NULL,
                      key          TEXT NOT NULL,
                      key_value    REAL NOT NULL,
                      metrics_json TEXT NOT NULL,
                      PRIMARY KEY (result_id, seq))""")),
            new Migration(2, "result status and its reason; latency histograms", List.of(
                    // Results saved before version 2 were all saved as finished: that is what they keep.
                    "ALTER TABLE results ADD COLUMN status TEXT NOT NULL DEFAULT 'done'",
                    "ALTER TABLE results ADD COLUMN status_reason TEXT",
                    "CREATE INDEX results_by_status ON results(status)",
                    """
                    CREATE TABLE histograms(
                      result_id INTEGER NOT NULL REFERENCES results(id),
                      key_value REAL NOT NULL,
                      encoding  TEXT NOT NULL,
                      data      TEXT NOT NULL,
                      PRIMARY KEY (result_id, key_value))""")),
            new Migration(3, "the peer of a result: server address, port, tool, version, shared", List.of(
                    "ALTER TABLE results ADD COLUMN peer_host TEXT",
                    "ALTER TABLE results ADD COLUMN peer_port INTEGER",
                    "ALTER TABLE results ADD COLUMN peer_tool TEXT",
                    "ALTER TABLE results ADD COLUMN peer_tool_version TEXT",
                    // 'yes', 'no' or 'unknown': whether the server ran other tests at the same time
                    "ALTER TABLE results ADD COLUMN peer_shared TEXT",
                    // Results of wirespeed's own tests kept their server in the raw JSON (address as
                    // dialled, port, the software its Welcome named, e.g. "wirespeed 0.1.0" or "iperf3").
                    """
                    UPDATE results SET
                      peer_host = json_extract(raw, '$.server.address'),
                      peer_port = json_extract(raw, '$.server.port'),
                      peer_tool = CASE WHEN instr(json_extract(raw, '$.server.software'), ' ') > 0
                        THEN substr(json_extract(raw, '$.server.software'), 1,
                                    instr(json_extract(raw, '$.server.software'), ' ') - 1)
                        ELSE json_extract(raw, '$.server.software') END,
                      peer_tool_version = CASE WHEN instr(json_extract(raw, '$.server.software'), ' ') > 0
                        THEN substr(json_extract(raw, '$.server.software'),
                                    instr(json_extract(raw, '$.server.software'), ' ') + 1) END,
                      peer_shared = 'unknown'
                    WHERE raw_format IN ('wirespeed-bw-json', 'wirespeed-udp-json', 'wirespeed-bw-sweep-json',
                                         'wirespeed-lat-json')
                      AND json_valid(raw) AND json_extract(raw, '$.server.address') IS NOT NULL""",
                    // Any other result that named its server in a parameter keeps that address.
                    """
                    UPDATE results SET
                      peer_host = (SELECT value FROM result_params WHERE result_id = results.id AND name = 'server'),
                      peer_shared = 'unknown'
                    WHERE peer_host IS NULL
                      AND EXISTS (SELECT 1 FROM result_params WHERE result_id = results.id AND name = 'server')""")));

    public static int currentVersion() {
        return MIGRATIONS.getLast().version();
    }
}
