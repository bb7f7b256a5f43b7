package dev.wirespeed.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * What happens to a finished result whose database fails at save time (locked past SQLite's busy
 * timeout, damaged, disk full): it goes into a new database file of its own beside the failed one
 * (or in the temporary folder when that folder cannot take it), which every {@code results}
 * command reads with {@code --db}. A measurement is never thrown away because its store failed.
 */
public final class KeptResults {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private KeptResults() {}

    /**
     * Saves into {@code sink}; when that fails, keeps the run in a new database and throws the
     * failure with where the run was kept (one line), or the failure alone when no file could
     * take the run either.
     */
    public static List<Long> save(ResultsSink sink, RunInfo run, List<Item> items) throws IOException {
        try {
            return sink.save(run, items);
        } catch (IOException failed) {
            throw keep(sink.file(), run, items, failed, Path.of(System.getProperty("java.io.tmpdir")), Instant.now());
        }
    }

    /** The failure to report after trying to keep the run elsewhere (package-visible for tests). */
    static IOException keep(Path database, RunInfo run, List<Item> items, IOException failed, Path tmpDir,
                            Instant now) {
        if (database == null) {
            return failed;
        }
        String name = database.getFileName().toString();
        String stem = name.endsWith(".db") ? name.substring(0, name.length() - 3) : name;
        String keptName = stem + "-unsaved-" + STAMP.format(now) + ".db";
        Path folder = database.toAbsolutePath().getParent();
        List<Path> places = new ArrayList<>();
        if (folder != null) {
            places.add(folder.resolve(keptName));
        }
        places.add(tmpDir.resolve(keptName));
        for (Path kept : places) {
            if (Files.exists(kept)) {
                continue; // never mix a kept run into a file that holds something else
            }
            try (ResultStore store = ResultStore.openForSaving(kept)) {
                store.save(run, items);
                return new StoreException(ResultStore.firstLine(failed) + "; " + (items.size() == 1 ? "the result is" : "the results are")
                        + " kept in " + kept + " instead (read with: wirespeed results list --db " + kept + ")", failed);
            } catch (StoreException e) {
                failed.addSuppressed(e);
            }
        }
        return failed;
    }
}
