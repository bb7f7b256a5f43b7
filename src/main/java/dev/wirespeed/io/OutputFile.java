package dev.wirespeed.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * A file the user names for output ({@code -o}, {@code --html}, {@code --logfile}), written without
 * changing what the path is. A regular file (or a new one) is written whole or not at all: a
 * temporary file beside it, renamed over it — through a symbolic link, onto the link's target, so
 * the link stays a link. A FIFO or a character device (/dev/null, /dev/stdout, a terminal) is
 * opened and written in place: renaming over one would replace {@code /dev/null} with a regular
 * file when run as root. A block device, a directory, a socket and a link to nothing are refused
 * before anything is written.
 */
public final class OutputFile {
    private OutputFile() {}

    /** What the path is, as far as writing it goes. */
    public enum Kind {
        /** Does not exist yet: created as a regular file. */
        NEW,
        REGULAR,
        /** A FIFO or a character device: written in place. */
        IN_PLACE
    }

    /** Refused output: the message names the path and the reason (a usage error: nothing was written). */
    public static final class Refused extends IOException {
        public Refused(String message) {
            super(message);
        }
    }

    /** Writes the whole output once; the stream it is given is closed by the caller. */
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    // st_mode file types (inode(7))
    private static final int S_IFMT = 0170000;

    /**
     * What {@code file} is for writing, following symbolic links.
     *
     * @param option how the user named it ("-o", "--html"), for the message
     * @throws Refused a block device, a directory, a socket, a link to nothing, a missing folder
     */
    public static Kind kind(Path file, String option) throws IOException {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(file, "unix:mode");
        } catch (NoSuchFileException e) {
            if (Files.isSymbolicLink(file)) {
                throw new Refused(option + " " + file + " is a symbolic link to " + Files.readSymbolicLink(file)
                        + ", which does not exist; give the target's path to create it");
            }
            Path folder = file.toAbsolutePath().getParent();
            if (folder == null || !Files.isDirectory(folder)) {
                throw new Refused(option + " " + file + ": no such folder " + folder);
            }
            return Kind.NEW;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return Files.isRegularFile(file) ? Kind.REGULAR : Files.exists(file) ? refuse(file, option, "not a regular file")
                    : Kind.NEW;
        }
        return switch (mode & S_IFMT) {
            case 0100000 -> Kind.REGULAR;
            case 0010000, 0020000 -> Kind.IN_PLACE;
            case 0060000 -> refuse(file, option, "a block device");
            case 0040000 -> refuse(file, option, "a directory");
            case 0140000 -> refuse(file, option, "a socket");
            default -> refuse(file, option, "not a regular file");
        };
    }

    private static Kind refuse(Path file, String option, String what) throws Refused {
        throw new Refused(option + " " + file + " is " + what
                + "; it takes a regular file (replaced whole), a FIFO or a character device (written in place)");
    }

    /**
     * Writes {@code body} to {@code file} as its {@link #kind} says.
     *
     * @throws IOException "cannot write FILE: reason" (a full disk, a closed FIFO); a regular file is
     *                     then left as it was and no temporary file remains
     */
    public static void write(Path file, String option, Body body) throws IOException {
        Kind kind = kind(file, option);
        if (kind == Kind.IN_PLACE) {
            try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                body.write(out);
            } catch (Refused e) {
                throw e;
            } catch (IOException e) {
                throw new IOException("cannot write " + file + ": " + Io.reason(e), e);
            }
            return;
        }
        Path target = kind == Kind.REGULAR ? file.toRealPath() : file.toAbsolutePath();
        Set<PosixFilePermission> mode = permissions(kind == Kind.REGULAR ? target : null);
        Path tmp;
        try {
            tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
        } catch (IOException e) {
            throw new IOException("cannot write " + file + ": " + Io.reason(e), e);
        }
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
                body.write(out);
            }
            if (mode != null) {
                Files.setPosixFilePermissions(tmp, mode);
            }
            if (kind == Kind.NEW) {
                // link(2), not rename(2): a new name never replaces what appeared there meanwhile (a FIFO, a link)
                try {
                    Files.createLink(target, tmp);
                } catch (FileAlreadyExistsException e) {
                    throw new IOException("cannot write " + file + ": it appeared while the output was written", e);
                } catch (UnsupportedOperationException | FileSystemException e) {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE); // a file system without hard links
                }
            } else {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (Refused e) {
            throw e;
        } catch (IOException e) {
            throw e.getMessage() != null && e.getMessage().startsWith("cannot write ") ? e
                    : new IOException("cannot write " + file + ": " + Io.reason(e), e);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The existing file's permissions (kept across the replacement), or rw-r--r-- for a new one. */
    private static Set<PosixFilePermission> permissions(Path existing) {
        try {
            return existing == null ? PosixFilePermissions.fromString("rw-r--r--")
                    : Files.getPosixFilePermissions(existing, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IOException e) {
            return null; // not a POSIX file system: its defaults apply
        }
    }
}
