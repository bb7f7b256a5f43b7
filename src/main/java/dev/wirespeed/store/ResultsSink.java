package dev.wirespeed.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a command hands its finished results: the store, or nothing with --no-save. bw, lat,
 * check and explain --save call this once, after the result is complete; the whole call is one
 * transaction, so the results are either all saved or not at all.
 */
public interface ResultsSink extends AutoCloseable {
    /** Saves the run and its items; returns the ids of the saved results (empty when not saving). */
    List<Long> save(RunInfo run, List<Item> items) throws IOException;

    /**
     * Waits until the store is open; its failure is thrown here. bw and lat call it once the server
     * is ready, just before the header and the data, so that a store that cannot be saved into
     * (a damaged database) is refused before anything is measured, while the open itself ran beside
     * the start-up and the handshake.
     */
    default void awaitOpen() throws IOException {}

    /** Where results go, for the "saved as …" line; null when not saving. */
    String describe();

    /** The database file results go to, or null (not saving, or not a file). */
    default Path file() {
        return null;
    }

    @Override
    void close();

    /** The sink of --no-save. */
    ResultsSink NONE = new ResultsSink() {
        @Override
        public List<Long> save(RunInfo run, List<Item> items) {
            return List.of();
        }

        @Override
        public String describe() {
            return null;
        }

        @Override
        public void close() {}
    };
}
