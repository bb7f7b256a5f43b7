package dev.wirespeed.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.AccessDeniedException;
import java.util.List;
import org.junit.jupiter.api.Test;

class IoTest {
    @Test
    void reasonIsTheMessageOrTheClassName() {
        assertThat(Io.reason(new IOException("Connection refused"))).isEqualTo("Connection refused");
        assertThat(Io.reason(new IOException(" "))).isEqualTo("IOException");
        assertThat(Io.reason(new IllegalStateException())).isEqualTo("IllegalStateException");
    }

    @Test
    void reasonAfterPathDropsTheFileName() {
        assertThat(Io.reasonAfterPath(new IOException("/sys/class/net/eth0/speed: Invalid argument")))
                .isEqualTo("Invalid argument");
        assertThat(Io.reasonAfterPath(new AccessDeniedException("/sys/x"))).isEqualTo("/sys/x");
        assertThat(Io.reasonAfterPath(new IOException())).isEqualTo("IOException");
    }

    @Test
    void describeBracketsIpv6() throws IOException {
        assertThat(Io.describe(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 5201)))
                .isEqualTo("127.0.0.1:5201");
        assertThat(Io.describe(new InetSocketAddress(InetAddress.getByName("::1"), 5201)))
                .isEqualTo("[::1]:5201"); // RFC 5952's short form (issue 29)
    }

    @Test
    void closeQuietlyTakesNullAndSwallowsFailures() {
        Io.closeQuietly(null);
        boolean[] closed = {false};
        Io.closeQuietly(() -> {
            closed[0] = true;
            throw new IOException("gone");
        });
        assertThat(closed[0]).isTrue();
    }

    @Test
    void externalProcessKeepsExitAndOutput() throws IOException {
        ExternalProcess.Finished done = ExternalProcess.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"),
                10_000, () -> false, 1024);
        assertThat(done.exitCode()).isEqualTo(3);
        assertThat(done.output()).contains("out").contains("err");
        ExternalProcess.Finished head = ExternalProcess.run(List.of("sh", "-c", "echo 0123456789"), 10_000,
                () -> false, 4);
        assertThat(head.output()).isEqualTo("0123");
    }

    @Test
    void aCancelledProcessIsStoppedWithoutAnExitCode() throws IOException {
        ExternalProcess.Finished done = ExternalProcess.run(List.of("sleep", "30"), 60_000, () -> true, 1024);
        assertThat(done.exitCode()).isNull();
    }

    @Test
    void programsFindsAShellOnPathAndNotAMissingName() {
        assertThat(Programs.find("sh")).isPresent();
        assertThat(Programs.find("wirespeed-no-such-program")).isEmpty();
    }
}
