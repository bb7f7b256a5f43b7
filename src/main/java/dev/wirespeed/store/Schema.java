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
                      PRIMARY KEY (result_id, key_value))""")));

    public static int currentVersion() {
        return MIGRATIONS.getLast().version();
    }
}
