package dev.wirespeed.store;

import dev.wirespeed.guard.BoundedRead;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The checks of a results database's file that need neither SQLite nor Jackson: what it is, its
 * header, whether it and its folder can be written. {@link ResultStore} runs them when it opens a
 * file; a command that opens the store in the background runs them first, so that a file it could
 * never save into is refused before anything is measured (issue 19), in a few microseconds.
 */
final class StoreFile {
    private StoreFile() {}

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    /** An existing file must be a regular file with SQLite's header (or empty); a missing one is fine. */
    static void checkKind(Path file) throws StoreException {
        if (!Files.exists(file)) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            // SQLite would create FILE-journal beside it: /dev/null-journal in /dev when run as root
            throw new StoreException("results database " + file + " is " + kind(file)
                    + ", not a regular file; give a file with --db");
        }
        checkHeader(file);
    }

    /** An existing file and its folder must be writable (SQLite opens a read-only file without a word). */
    static void checkWritable(Path file) throws StoreException {
        if (!Files.exists(file)) {
            return;
        }
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isWritable(file)) {
            throw new StoreException("results database " + file + " is read-only; nothing was measured "
                    + "(make it writable or give another file with --db)");
        }
        if (dir != null && !Files.isWritable(dir)) {
            throw new StoreException("the folder of results database " + file + " is read-only (SQLite writes its "
                    + "journal beside the file); nothing was measured");
        }
    }

    private static String kind(Path file) {
        try {
            String k = BoundedRead.kind(file);
            return k == null ? "a FIFO" : k;
        } catch (IOException e) {
            return "not a regular file";
        }
    }

    /** A non-empty file must start with SQLite's magic string; anything else is left untouched. */
    private static void checkHeader(Path file) throws StoreException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(SQLITE_HEADER.length);
            if (head.length == 0) {
                return;
            }
            if (!Arrays.equals(head, SQLITE_HEADER)) {
                throw new StoreException(file + " is not a wirespeed results database (not an SQLite file); "
                        + "it was left untouched — give another file with --db");
            }
        } catch (StoreException e) {
            throw e;
        } catch (IOException e) {
            throw new StoreException("cannot read results database " + file + ": " + e.getMessage());
        }
    }
}
