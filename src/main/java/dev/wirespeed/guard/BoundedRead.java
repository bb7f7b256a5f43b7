package dev.wirespeed.guard;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads an input the user names without trusting its size: at most a limit from any source (a
 * regular file, a FIFO, standard input). A device, a directory or a socket is refused before a byte
 * is read — {@code Files.size} is 0 for /dev/zero, so a size check alone lets it fill the heap.
 */
public final class BoundedRead {
    private BoundedRead() {}

    /** Refused input: the message names the input and the reason; the caller maps it to exit 2. */
    public static final class Refused extends IOException {
        public Refused(String message) {
            super(message);
        }
    }

    // st_mode file types (inode(7))
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFREG = 0100000;

    /** The bytes of {@code file} (a regular file or a FIFO), refused past {@code maxBytes}. */
    public static byte[] file(Path file, long maxBytes, String what) throws IOException {
        String kind = kind(file);
        if (kind != null) {
            throw new Refused(file + " is " + kind + "; " + what + " reads regular files and FIFOs");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return stream(in, maxBytes, file.toString(), what);
        }
    }

    /** At most {@code maxBytes} of {@code in}; one byte more refuses the input. */
    public static byte[] stream(InputStream in, long maxBytes, String name, String what) throws IOException {
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        if (bytes.length > maxBytes) {
            throw new Refused(name + " is larger than " + human(maxBytes) + "; " + what + " refuses larger inputs");
        }
        return bytes;
    }

    /**
     * Null for a regular file or a FIFO, else what the path is ("a character device", "a directory").
     *
     * @throws NoSuchFileException when it does not exist
     */
    public static String kind(Path file) throws IOException {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(file, "unix:mode");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return Files.isRegularFile(file) ? null : "not a regular file";
        }
        return switch (mode & S_IFMT) {
            case S_IFREG, S_IFIFO -> null;
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0040000 -> "a directory";
            case 0140000 -> "a socket";
            default -> "not a regular file";
        };
    }

    /**
     * {@code bytes} as UTF-8, or a {@link Refused} naming the byte offset and line of the first
     * byte that is not UTF-8.
     */
    public static String utf8(byte[] bytes, String name) throws Refused {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) {
            int offset = in.position();
            int line = 1;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new Refused(String.format("%s is not UTF-8: byte 0x%02x at offset %d (line %d)", name,
                    bytes[offset] & 0xff, offset, line));
        }
        d.flush(out);
        return out.flip().toString();
    }

    private static String human(long bytes) {
        return bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB" : bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }
}
