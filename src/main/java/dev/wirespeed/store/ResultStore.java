package dev.wirespeed.store;

import dev.wirespeed.Version;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.sqlite.BusyHandler;
import org.sqlite.SQLiteConfig;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * The results database: one SQLite file (schema in {@link Schema}, documented in docs/STORE.md).
 * Every save is one IMMEDIATE transaction in SQLite's default rollback-journal mode with
 * synchronous=FULL, so a crash or Ctrl-C leaves either the whole result or none of it, and a
 * result reported as saved survives a power cut. A file that is not ours — not SQLite, damaged,
 * another program's database, or a newer schema — is refused with one line and never written.
 */
public final class ResultStore implements ResultsSink {
    private static final ObjectWriter COMPACT = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
    private static final TypeReference<List<Metric>> METRICS = new TypeReference<>() {};
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
    /** What histograms.data holds (docs/STORE.md). */
    public static final String HISTOGRAM_ENCODING = "hdrhistogram-compressed-base64;unit=ns;rtt";

    private final Path file;
    private final Connection db;

    private ResultStore(Path file, Connection db) {
        this.file = file;
        this.db = db;
    }

    private static volatile Consumer<String> busyNotice = line -> { };

    /**
     * Where to say, once, that a database another program holds locked is being waited for (the
     * CLI's standard error): the wait lasts up to the busy timeout (15 s), and a command that says
     * nothing for that long looks hung (issue 32).
     */
    public static void busyNotices(Consumer<String> notice) {
        busyNotice = notice == null ? line -> { } : notice;
    }

    private static String waitingLine(Path file, long timeoutMillis) {
        return "waiting for results database " + file + ": another program holds its lock (up to "
                + Math.round(timeoutMillis / 1000.0) + " s)";
    }

    /** SQLite's busy wait (replacing busy_timeout), with one line after the first second of it. */
    private static final class Waiting extends BusyHandler {
        private static final long NOTICE_AFTER_NANOS = 1_000_000_000L;
        private final Path file;
        private final long timeoutNanos;
        private long startNanos;
        private boolean told;

        Waiting(Path file, long timeoutMillis, boolean told) {
            this.file = file;
            this.timeoutNanos = timeoutMillis * 1_000_000L;
            this.told = told;
        }

        @Override
        protected int callback(int previousCalls) {
            long now = System.nanoTime();
            if (previousCalls == 0) {
                startNanos = now;
            }
            if (!told && now - startNanos >= NOTICE_AFTER_NANOS) {
                told = true;
                busyNotice.accept(waitingLine(file, timeoutNanos / 1_000_000L));
            }
            if (now - startNanos >= timeoutNanos) {
                return 0; // SQLITE_BUSY
            }
            LockSupport.parkNanos(10_000_000L);
            return 1;
        }
    }

    /** Opens (creating or upgrading when needed) the database at {@code file}. */
    public static ResultStore open(Path file) throws StoreException {
        return open(file, Schema.MIGRATIONS);
    }

    /**
     * Opens the database to save into, and proves it can be written before anything is measured:
     * a read-only file, folder or file system is refused here with the reason, not after a test
     * whose result would then be lost.
     */
    public static ResultStore openForSaving(Path file) throws StoreException {
        ResultStore store = open(file);
        try {
            store.probeWrite();
        } catch (StoreException e) {
            store.close();
            throw e;
        }
        return store;
    }

    static ResultStore open(Path file, List<Schema.Migration> migrations) throws StoreException {
        StoreFile.checkKind(file);
        boolean created = !Files.exists(file);
        if (created) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (IOException e) {
                throw new StoreException("cannot create the folder of results database " + file + ": " + e.getMessage());
            }
        }
        Connection c;
        try {
            SQLiteConfig config = new SQLiteConfig();
            int busyMillis = Integer.getInteger("wirespeed.store.busyTimeoutMillis", 15_000); // tests shorten the wait
            config.enforceForeignKeys(true);
            config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
            // First without waiting: the driver's open already reads the database (SQLITE_BUSY when
            // another program holds it), before a busy handler can be set; held, it says so at once.
            config.setBusyTimeout(0);
            boolean told = false;
            try {
                c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            } catch (SQLException busy) {
                if (!firstLine(busy).contains("SQLITE_BUSY")) {
                    throw busy;
                }
                busyNotice.accept(waitingLine(file, busyMillis));
                told = true;
                config.setBusyTimeout(busyMillis);
                c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
            }
            // later waits (a read or write meeting a lock) say so after their first second
            BusyHandler.setHandler(c, new Waiting(file, busyMillis, told));
        } catch (SQLException e) {
            throw new StoreException("cannot open results database " + file + ": " + firstLine(e));
        }
        ResultStore store = new ResultStore(file, c);
        try {
            store.migrate(migrations);
        } catch (StoreException e) {
            store.close();
            removeIfEmpty(created, file);
            throw e;
        } catch (SQLException e) {
            store.close();
            removeIfEmpty(created, file);
            throw store.damaged(e);
        }
        return store;
    }

    /**
     * A database this open created and could not fill (a full disk) is removed, not left behind as
     * a 0-byte file; one that holds anything — another wirespeed's, created meanwhile — stays.
     */
    private static void removeIfEmpty(boolean created, Path file) {
        try {
            if (created && Files.size(file) == 0) {
                Files.deleteIfExists(file);
                Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-journal"));
            }
        } catch (IOException ignored) {
            // best effort: the error being reported is the open's
        }
    }

    /**
     * Rolls back after {@code failure}, keeping it as the error: SQLite has already rolled back
     * after SQLITE_FULL, and the driver's "cannot rollback - no transaction is active" would hide
     * the full disk.
     */
    private void rollbackAfter(Exception failure) {
        try {
            db.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /** Back to autocommit after {@code failure}, which stays the error (the same reason as above). */
    private void autoCommitAfter(Exception failure) {
        try {
            db.setAutoCommit(true);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /** A write that is rolled back: SQLite opens a read-only file without a word and fails at the first write. */
    private void probeWrite() throws StoreException {
        StoreFile.checkWritable(file);
        try {
            db.setAutoCommit(false);
            try (var st = db.createStatement()) {
                st.execute("CREATE TABLE write_probe (x)");
            } catch (SQLException e) {
                rollbackAfter(e);
                autoCommitAfter(e);
                throw e;
            }
            db.rollback();
            db.setAutoCommit(true);
        } catch (SQLException e) {
            throw new StoreException("results database " + file + " cannot be written: " + firstLine(e)
                    + "; nothing was measured");
        }
    }

    private void migrate(List<Schema.Migration> migrations) throws SQLException, StoreException {
        int target = migrations.getLast().version();
        int version = identify(target);
        if (version == target) {
            return;
        }
        db.setAutoCommit(false);
        try {
            // setAutoCommit(false) began an IMMEDIATE transaction, which holds the write lock: re-read,
            // another wirespeed may have migrated meanwhile.
            version = identify(target);
            for (Schema.Migration m : migrations) {
                if (m.version() <= version) {
                    continue;
                }
                try (Statement s = db.createStatement()) {
                    for (String sql : m.statements()) {
                        s.executeUpdate(sql);
                    }
                    s.executeUpdate("PRAGMA user_version = " + m.version());
                }
            }
            db.commit();
        } catch (SQLException | RuntimeException e) {
            rollbackAfter(e);
            autoCommitAfter(e);
            throw e;
        }
        db.setAutoCommit(true);
    }

    /**
     * The schema version of this file: 0 for an empty database, else ours (checked by the
     * application row). Throws for another program's database or a newer schema.
     */
    private int identify(int target) throws SQLException, StoreException {
        int version;
        int tables;
        try (Statement s = db.createStatement()) {
            try (ResultSet r = s.executeQuery("PRAGMA user_version")) {
                version = r.next() ? r.getInt(1) : 0;
            }
            try (ResultSet r = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
                tables = r.next() ? r.getInt(1) : 0;
            }
        }
        if (version == 0 && tables == 0) {
            return 0;
        }
        if (!isOurs()) {
            throw new StoreException(file + " is an SQLite database of another program, not wirespeed's results; "
                    + "it was left untouched — give another file with --db");
        }
        if (version > target) {
            throw new StoreException("results database " + file + " has schema version " + version
                    + ", newer than this wirespeed understands (" + target + "); upgrade wirespeed");
        }
        return version;
    }

    private boolean isOurs() throws SQLException {
        try (Statement s = db.createStatement();
             ResultSet t = s.executeQuery("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wirespeed_meta'")) {
            if (!t.next()) {
                return false;
            }
        }
        try (Statement s = db.createStatement();
             ResultSet r = s.executeQuery("SELECT value FROM wirespeed_meta WHERE key = 'application'")) {
            return r.next() && Schema.APPLICATION.equals(r.getString(1));
        }
    }

    @Override
    public Path file() {
        return file;
    }

    public int schemaVersion() throws StoreException {
        return query("SELECT * FROM pragma_user_version", List.of(), r -> r.getInt(1)).getFirst();
    }

    @Override
    public String describe() {
        return file.toString();
    }

    // ---------------------------------------------------------------- writing

    @Override
    public List<Long> save(RunInfo run, List<Item> items) throws StoreException {
        return transaction(() -> {
            long runId = insertRun(run, RunStatus.of(ResultStatus.worst(items.stream().map(Item::status).toList())));
            List<Long> ids = new ArrayList<>();
            for (Item item : items) {
                ids.add(insertResult(runId, null, null, item));
            }
            return ids;
        });
    }

    /** Starts a campaign (or any long run): its row exists, status running, before any point. */
    public long beginRun(RunInfo run) throws StoreException {
        return transaction(() -> insertRun(run, RunStatus.RUNNING));
    }

    /** Ends a run: done, interrupted or failed. */
    public void finishRun(long runId, RunStatus status) throws StoreException {
        transaction(() -> {
            try (PreparedStatement p = db.prepareStatement("UPDATE runs SET status = ?, finished_at = ? WHERE id = ?")) {
                p.setString(1, status.text());
                p.setString(2, now());
                p.setLong(3, runId);
                p.executeUpdate();
            }
            return null;
        });
    }

    /** Marks a resumed run as running again. */
    public void reopenRun(long runId) throws StoreException {
        transaction(() -> {
            try (PreparedStatement p = db.prepareStatement(
                    "UPDATE runs SET status = ?, finished_at = NULL WHERE id = ?")) {
                p.setString(1, RunStatus.RUNNING.text());
                p.setLong(2, runId);
                p.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Records one campaign point with its results in one transaction: after a kill, a point is
     * either finished with all its results or absent (and runs again on --resume). A failed point
     * is recorded with its error and no results; --resume runs it again.
     */
    public List<Long> savePoint(long runId, String pointKey, int seq, int repetition, List<Item> items, String error)
            throws StoreException {
        return savePoint(runId, pointKey, seq, repetition, items, error, ResultStatus.DONE);
    }

    /**
     * As above, for a point that ended as {@code status}: a point stopped while it ran is kept as
     * incomplete, with what it measured marked incomplete; --resume runs it again (only done points count).
     */
    public List<Long> savePoint(long runId, String pointKey, int seq, int repetition, List<Item> items, String error,
                                ResultStatus status) throws StoreException {
        return transaction(() -> {
            try (PreparedStatement p = db.prepareStatement(
                    "INSERT OR REPLACE INTO points(run_id, point_key, seq, status, error, finished_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?)")) {
                p.setLong(1, runId);
                p.setString(2, pointKey);
                p.setInt(3, seq);
                p.setString(4, (!status.done() ? status : error == null ? ResultStatus.DONE : ResultStatus.FAILED).text());
                p.setString(5, error);
                p.setString(6, now());
                p.executeUpdate();
            }
            List<Long> ids = new ArrayList<>();
            for (Item item : items) {
                ids.add(insertResult(runId, pointKey, repetition, item));
            }
            return ids;
        });
    }

    private long insertRun(RunInfo run, RunStatus status) throws SQLException {
        try (PreparedStatement p = db.prepareStatement("INSERT INTO runs(kind, started_at, finished_at, status, "
                + "command_line, wirespeed_version, host_json, plan_name, plan_sha256, plan_text, total_points) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            String now = now();
            p.setString(1, run.kind());
            p.setString(2, now);
            p.setString(3, status == RunStatus.RUNNING ? null : now);
            p.setString(4, status.text());
            p.setString(5, run.commandLine());
            p.setString(6, Version.get());
            p.setString(7, run.host() == null ? null : COMPACT.writeValueAsString(run.host()));
            RunInfo.Plan plan = run.plan();
            p.setString(8, plan == null ? null : plan.name());
            p.setString(9, plan == null ? null : plan.sha256());
            p.setString(10, plan == null ? null : plan.text());
            if (plan == null) {
                p.setNull(11, Types.INTEGER);
            } else {
                p.setInt(11, plan.totalPoints());
            }
            p.executeUpdate();
            return generatedKey(p);
        }
    }

    private long insertResult(long runId, String pointKey, Integer repetition, Item item) throws SQLException {
        Measurement m = item.measurement();
        long id;
        try (PreparedStatement p = db.prepareStatement("INSERT INTO results(run_id, point_key, repetition, created_at, "
                + "tool, tool_version, test, source, engine_command, raw_format, raw, grid_keys, status, status_reason, "
                + "peer_host, peer_port, peer_tool, peer_tool_version, peer_shared) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, runId);
            p.setString(2, pointKey);
            if (repetition == null) {
                p.setNull(3, Types.INTEGER);
            } else {
                p.setInt(3, repetition);
            }
            p.setString(4, now());
            p.setString(5, m.tool());
            p.setString(6, m.toolVersion());
            p.setString(7, m.test());
            p.setString(8, m.source());
            p.setString(9, item.engineCommand());
            p.setString(10, item.rawFormat());
            p.setString(11, item.raw());
            p.setString(12, item.gridKeys().isEmpty() ? null : COMPACT.writeValueAsString(item.gridKeys()));
            p.setString(13, item.status().text());
            p.setString(14, item.statusReason());
            Peer peer = item.peer();
            p.setString(15, peer == null ? null : peer.host());
            if (peer == null || peer.port() == null) {
                p.setNull(16, Types.INTEGER);
            } else {
                p.setInt(16, peer.port());
            }
            p.setString(17, peer == null ? null : peer.tool());
            p.setString(18, peer == null ? null : peer.toolVersion());
            p.setString(19, peer == null ? null : peer.shared());
            p.executeUpdate();
            id = generatedKey(p);
        }
        try (PreparedStatement p = db.prepareStatement("INSERT OR IGNORE INTO result_labels(result_id, label) VALUES (?, ?)")) {
            for (String label : new LinkedHashSet<>(item.labels())) {
                p.setLong(1, id);
                p.setString(2, label);
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = db.prepareStatement(
                "INSERT INTO result_params(result_id, seq, name, value) VALUES (?, ?, ?, ?)")) {
            int seq = 0;
            for (Map.Entry<String, String> e : m.params().entrySet()) {
                p.setLong(1, id);
                p.setInt(2, seq++);
                p.setString(3, e.getKey());
                p.setString(4, e.getValue());
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = db.prepareStatement(
                "INSERT OR REPLACE INTO summary_metrics(result_id, seq, name, value, unit) VALUES (?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (Metric metric : m.summary()) {
                p.setLong(1, id);
                p.setInt(2, seq++);
                p.setString(3, metric.name());
                p.setDouble(4, metric.value());
                p.setString(5, metric.unit());
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = db.prepareStatement("INSERT INTO intervals(result_id, seq, start_seconds, end_seconds, "
                + "omitted, metrics_json) VALUES (?, ?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (Measurement.Interval i : m.intervals()) {
                p.setLong(1, id);
                p.setInt(2, seq++);
                p.setDouble(3, i.startSeconds());
                p.setDouble(4, i.endSeconds());
                p.setInt(5, i.omitted() ? 1 : 0);
                p.setString(6, COMPACT.writeValueAsString(i.metrics()));
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = db.prepareStatement(
                "INSERT INTO sweep_rows(result_id, seq, key, key_value, metrics_json) VALUES (?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (Measurement.Row r : m.rows()) {
                p.setLong(1, id);
                p.setInt(2, seq++);
                p.setString(3, r.key());
                p.setDouble(4, r.keyValue());
                p.setString(5, COMPACT.writeValueAsString(r.metrics()));
                p.addBatch();
            }
            p.executeBatch();
        }
        try (PreparedStatement p = db.prepareStatement(
                "INSERT OR REPLACE INTO histograms(result_id, key_value, encoding, data) VALUES (?, ?, ?, ?)")) {
            for (Measurement.Row r : m.rows()) {
                if (r.histogram() != null) {
                    p.setLong(1, id);
                    p.setDouble(2, r.keyValue());
                    p.setString(3, HISTOGRAM_ENCODING);
                    p.setString(4, r.histogram());
                    p.addBatch();
                }
            }
            p.executeBatch();
        }
        return id;
    }

    private static long generatedKey(PreparedStatement p) throws SQLException {
        try (ResultSet k = p.getGeneratedKeys()) {
            if (!k.next()) {
                throw new SQLException("no id generated");
            }
            return k.getLong(1);
        }
    }

    // ---------------------------------------------------------------- reading

    /** A run as stored. */
    public record Run(long id, String kind, String startedAt, String finishedAt, String status, String commandLine,
                      String planName, String planSha256, Integer totalPoints) {}

    public Optional<Run> run(long id) throws StoreException {
        return query(RUN_SELECT + " WHERE id = ?", List.of(id), ResultStore::runOf).stream().findFirst();
    }

    /** The newest campaign of this plan name that did not finish, if any. */
    public Optional<Run> unfinishedCampaign(String planName) throws StoreException {
        return query(RUN_SELECT + " WHERE kind = 'campaign' AND plan_name = ? AND status <> 'done' ORDER BY id DESC LIMIT 1",
                List.of(planName), ResultStore::runOf).stream().findFirst();
    }

    private static final String RUN_SELECT = "SELECT id, kind, started_at, finished_at, status, command_line, plan_name, "
            + "plan_sha256, total_points FROM runs";

    private static Run runOf(ResultSet r) throws SQLException {
        int total = r.getInt(9);
        return new Run(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getString(6),
                r.getString(7), r.getString(8), r.wasNull() ? null : total);
    }

    /** Keys of the points of a run that finished (status done). */
    public Set<String> finishedPoints(long runId) throws StoreException {
        return new LinkedHashSet<>(query("SELECT point_key FROM points WHERE run_id = ? AND status = 'done' ORDER BY seq",
                List.of(runId), r -> r.getString(1)));
    }

    /** How many finished (done) results each point of a run has (for checks and tests). */
    public Map<String, Integer> resultsPerPoint(long runId) throws StoreException {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Object[] row : query("SELECT point_key, count(*) FROM results WHERE run_id = ? AND status = 'done' "
                + "GROUP BY point_key ORDER BY min(id)",
                List.of(runId), r -> new Object[] {r.getString(1), r.getInt(2)})) {
            out.put((String) row[0], (Integer) row[1]);
        }
        return out;
    }

    /** What to read: everything, one run, some ids, or results carrying a label. */
    public record Query(Long runId, List<Long> ids, String label, String tool, Integer limit) {
        public static Query all() {
            return new Query(null, null, null, null, null);
        }
    }

    /** Results matching the query, oldest first (with a limit: the newest {@code limit}, oldest first). */
    public List<StoredResult> find(Query q) throws StoreException {
        StringBuilder sql = new StringBuilder("SELECT r.id FROM results r WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (q.runId() != null) {
            sql.append(" AND r.run_id = ?");
            args.add(q.runId());
        }
        if (q.ids() != null) {
            sql.append(" AND r.id IN (").append(String.join(",", q.ids().stream().map(i -> "?").toList())).append(')');
            args.addAll(q.ids());
        }
        if (q.label() != null) {
            sql.append(" AND r.id IN (SELECT result_id FROM result_labels WHERE label = ?)");
            args.add(q.label());
        }
        if (q.tool() != null) {
            sql.append(" AND r.tool = ?");
            args.add(q.tool());
        }
        sql.append(" ORDER BY r.id DESC");
        if (q.limit() != null) {
            sql.append(" LIMIT ").append(q.limit());
        }
        List<Long> ids = new ArrayList<>(query(sql.toString(), args, r -> r.getLong(1)));
        Collections.reverse(ids);
        List<StoredResult> out = new ArrayList<>();
        for (long id : ids) {
            result(id).ifPresent(out::add);
        }
        return out;
    }

    public Optional<StoredResult> result(long id) throws StoreException {
        List<StoredResult> found = query("SELECT r.id, r.run_id, u.kind, r.created_at, u.command_line, r.point_key, "
                + "r.repetition, u.host_json, r.engine_command, r.tool, r.tool_version, r.test, r.source, r.raw_format, "
                + "r.grid_keys, r.status, r.status_reason, r.peer_host, r.peer_port, r.peer_tool, r.peer_tool_version, "
                + "r.peer_shared FROM results r JOIN runs u ON u.id = r.run_id WHERE r.id = ?",
                List.of(id), r -> {
                    int rep = r.getInt(7);
                    Integer repetition = r.wasNull() ? null : rep;
                    String hostJson = r.getString(8);
                    HostSummary host = hostJson == null ? null : Json.MAPPER.readValue(hostJson, HostSummary.class);
                    Measurement shell = new Measurement(r.getString(10), r.getString(11), r.getString(12), null, null,
                            null, null, r.getString(13));
                    String grid = r.getString(15);
                    int port = r.getInt(19);
                    Integer peerPort = r.wasNull() ? null : port;
                    Peer peer = r.getString(18) == null && r.getString(20) == null ? null
                            : new Peer(r.getString(18), peerPort, r.getString(20), r.getString(21), r.getString(22));
                    return new StoredResult(r.getLong(1), r.getLong(2), r.getString(3), r.getString(4), r.getString(5),
                            r.getString(6), repetition, List.of(), host, r.getString(9), shell, r.getString(14),
                            grid == null ? List.of() : Json.MAPPER.readValue(grid, STRINGS),
                            ResultStatus.of(r.getString(16)), r.getString(17), peer);
                });
        if (found.isEmpty()) {
            return Optional.empty();
        }
        StoredResult s = found.getFirst();
        List<String> labels = query("SELECT label FROM result_labels WHERE result_id = ? ORDER BY label", List.of(id),
                r -> r.getString(1));
        Map<String, String> params = new LinkedHashMap<>();
        for (String[] kv : query("SELECT name, value FROM result_params WHERE result_id = ? ORDER BY seq", List.of(id),
                r -> new String[] {r.getString(1), r.getString(2)})) {
            params.put(kv[0], kv[1]);
        }
        List<Metric> summary = query("SELECT name, value, unit FROM summary_metrics WHERE result_id = ? ORDER BY seq",
                List.of(id), r -> new Metric(r.getString(1), r.getDouble(2), r.getString(3)));
        List<Measurement.Interval> intervals = query("SELECT start_seconds, end_seconds, omitted, metrics_json FROM intervals "
                + "WHERE result_id = ? ORDER BY seq", List.of(id), r -> new Measurement.Interval(r.getDouble(1),
                r.getDouble(2), r.getInt(3) != 0, Json.MAPPER.readValue(r.getString(4), METRICS)));
        List<Measurement.Row> rows = query("SELECT s.key, s.key_value, s.metrics_json, h.data FROM sweep_rows s "
                + "LEFT JOIN histograms h ON h.result_id = s.result_id AND h.key_value = s.key_value "
                + "WHERE s.result_id = ? ORDER BY s.seq", List.of(id), r -> new Measurement.Row(r.getString(1),
                r.getDouble(2), Json.MAPPER.readValue(r.getString(3), METRICS), r.getString(4)));
        Measurement shell = s.measurement();
        Measurement m = new Measurement(shell.tool(), shell.toolVersion(), shell.test(), params, summary, intervals, rows,
                shell.source());
        return Optional.of(new StoredResult(s.id(), s.runId(), s.kind(), s.createdAt(), s.commandLine(), s.pointKey(),
                s.repetition(), labels, s.host(), s.engineCommand(), m, s.rawFormat(), s.gridKeys(), s.status(),
                s.statusReason(), s.peer()));
    }

    /** The engine's raw output kept with a result, or empty. */
    public Optional<String> raw(long id) throws StoreException {
        return query("SELECT raw FROM results WHERE id = ? AND raw IS NOT NULL", List.of(id), r -> r.getString(1))
                .stream().findFirst();
    }

    // ---------------------------------------------------------------- plumbing

    @FunctionalInterface
    private interface Work<T> {
        T run() throws SQLException;
    }

    @FunctionalInterface
    private interface RowMapper<T> {
        T map(ResultSet r) throws SQLException;
    }

    private synchronized <T> T transaction(Work<T> work) throws StoreException {
        try {
            db.setAutoCommit(false);
            try {
                T value = work.run();
                db.commit();
                db.setAutoCommit(true);
                return value;
            } catch (SQLException | RuntimeException e) {
                rollbackAfter(e);
                autoCommitAfter(e);
                throw e;
            }
        } catch (SQLException e) {
            throw damaged(e);
        }
    }

    private synchronized <T> List<T> query(String sql, List<?> args, RowMapper<T> mapper) throws StoreException {
        try (PreparedStatement p = db.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                p.setObject(i + 1, args.get(i));
            }
            List<T> out = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(mapper.map(r));
                }
            }
            return out;
        } catch (SQLException e) {
            throw damaged(e);
        }
    }

    private StoreException damaged(SQLException e) {
        String m = firstLine(e);
        if (m.contains("SQLITE_BUSY") || m.contains("locked")) {
            return new StoreException("results database " + file + " is busy (another wirespeed is writing): " + m, e);
        }
        if (m.contains("SQLITE_FULL")) {
            return new StoreException("results database " + file + ": the disk is full (" + m + ")", e);
        }
        if (m.contains("SQLITE_CORRUPT") || m.contains("SQLITE_NOTADB") || m.contains("malformed")) {
            return new StoreException("results database " + file + " is damaged (" + m
                    + "); it was left as it is — move it away or give another file with --db", e);
        }
        return new StoreException("results database " + file + ": " + m, e);
    }

    /** An exception's message as one line (SQLite's carry the statement on further lines). */
    static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m).strip();
    }

    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    }

    @Override
    public synchronized void close() {
        try {
            db.close();
        } catch (SQLException ignored) {
            // Nothing is pending: every write committed or rolled back in its own transaction.
        }
    }
}
