package dev.wirespeed.io;

import static dev.wirespeed.testing.Hostile.sh;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 2: an output path keeps what it is. A FIFO and a character device are written in
 * place (as root, renaming over /dev/null would make it a regular file), a symbolic link stays a
 * link, a block device or a directory is refused, a failed write leaves the old file. Device nodes
 * are made with mknod in a temporary folder; nothing under /dev is touched.
 */
@Tag("hostile")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OutputFileTest {
    @TempDir
    Path dir;


    private static void write(Path file, String text) throws IOException {
        OutputFile.write(file, "-o", out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
    }

    @Test
    void aNullDeviceStaysACharacterDeviceAndNoTemporaryFileIsLeft() throws Exception {
        Path nul = dir.resolve("null");
        assumeTrue(sh("mknod", nul.toString(), "c", "1", "3") == 0, "mknod (root)");
        write(nul, "report");
        assertThat(mode(nul)).as("still a character device").isEqualTo(0020000);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(nul);
        }
    }

    @Test
    void aFullDeviceIsAFailureWithItsReason() throws Exception {
        Path full = dir.resolve("full");
        assumeTrue(sh("mknod", full.toString(), "c", "1", "7") == 0, "mknod (root)");
        assertThatThrownBy(() -> write(full, "x".repeat(100_000)))
                .hasMessage("cannot write " + full + ": No space left on device");
        assertThat(mode(full)).isEqualTo(0020000);
    }

    @Test
    void aFifoIsWrittenInPlace() throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(sh("mkfifo", fifo.toString()) == 0, "mkfifo");
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        write(fifo, "through the pipe");
        assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo("through the pipe");
        assertThat(mode(fifo)).as("still a FIFO").isEqualTo(0010000);
    }

    @Test
    void aSymbolicLinkStaysALinkAndItsTargetIsReplaced() throws Exception {
        Path target = dir.resolve("real.html");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        Path link = Files.createSymbolicLink(dir.resolve("link.html"), target.getFileName());
        write(link, "new");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
                .as("the replaced file keeps its mode").isEqualTo("rw-rw----");
    }

    @Test
    void aLinkToNothingADirectoryAndABlockDeviceAreRefused() throws Exception {
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nothing"));
        assertThatThrownBy(() -> write(dangling, "x")).isInstanceOf(OutputFile.Refused.class)
                .hasMessageContaining("is a symbolic link to").hasMessageContaining("which does not exist");
        assertThat(Files.exists(dir.resolve("nothing"))).isFalse();
        assertThatThrownBy(() -> write(dir, "x")).isInstanceOf(OutputFile.Refused.class)
                .hasMessage("-o " + dir + " is a directory; it takes a regular file (replaced whole), a FIFO or a "
                        + "character device (written in place)");
        Path block = dir.resolve("block");
        if (sh("mknod", block.toString(), "b", "7", "200") == 0) { // a loop device number nothing uses here
            assertThatThrownBy(() -> write(block, "x")).isInstanceOf(OutputFile.Refused.class)
                    .hasMessageContaining("is a block device");
            assertThat(mode(block)).isEqualTo(0060000);
        }
        assertThatThrownBy(() -> write(dir.resolve("no/such/folder.html"), "x")).isInstanceOf(OutputFile.Refused.class)
                .hasMessageContaining("no such folder");
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws Exception {
        Path file = dir.resolve("report.html");
        Files.writeString(file, "old report");
        assertThatThrownBy(() -> OutputFile.write(file, "-o", out -> {
            out.write("half a rep".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        })).hasMessage("cannot write " + file + ": No space left on device");
        assertThat(Files.readString(file)).isEqualTo("old report");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }
}
