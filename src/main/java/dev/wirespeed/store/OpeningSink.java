package dev.wirespeed.store;

import dev.wirespeed.io.Background;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The results store, opened on a daemon thread while a test sets up: SQLite's native library,
 * Jackson and the schema check run beside the JVM's start-up and the handshake instead of before
 * them (docs/PERFORMANCE.md "bw: time to first byte"). The file itself is checked at once
 * ({@link StoreFile}); the open is awaited ({@link #awaitOpen}) once the server is ready and before
 * any data flows, so a damaged database is still refused before anything is measured. A failure
 * that comes later anyway (a lock at save time) is thrown by {@link #save} after the command has
 * printed its result, so no result is lost.
 */
public final class OpeningSink implements ResultsSink {
    private final Path file;
    private final FutureTask<ResultStore> opening;

    private OpeningSink(Path file) {
        this.file = file;
        this.opening = new FutureTask<>(() -> ResultStore.openForSaving(file));
    }

    /** Checks {@code file} now (a refusal throws here) and starts opening it. */
    public static OpeningSink start(Path file) throws StoreException {
        StoreFile.checkKind(file);
        StoreFile.checkWritable(file);
        OpeningSink sink = new OpeningSink(file);
        Background.start(sink.opening, "ws-store-open");
        return sink;
    }

    /** The open store, once the open has ended; its failure as a {@link StoreException}. */
    private ResultStore store() throws StoreException {
        try {
            return Background.await(opening); // Ctrl-C still saves what was measured
        } catch (ExecutionException e) {
            if (e.getCause() instanceof StoreException s) {
                throw s;
            }
            throw new StoreException("cannot open results database " + file + ": " + e.getCause(), e.getCause());
        }
    }

    @Override
    public void awaitOpen() throws StoreException {
        store();
    }

    @Override
    public List<Long> save(RunInfo run, List<Item> items) throws IOException {
        return store().save(run, items);
    }

    @Override
    public Path file() {
        return file;
    }

    /** As {@link ResultStore#describe}: the file, known before the open ends. */
    @Override
    public String describe() {
        return file.toString();
    }

    /** Waits for the open and closes the store; an open that failed was reported by {@link #save}, if it mattered. */
    @Override
    public void close() {
        try {
            store().close();
        } catch (StoreException e) {
            // nothing was saved, or save() threw this already
        }
    }
}
