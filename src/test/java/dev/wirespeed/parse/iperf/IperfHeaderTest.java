package dev.wirespeed.parse.iperf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.Parsed;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a run's head says, and what it cannot say: iperf3's error lines alone, -J's server_output_text. */
class IperfHeaderTest {
    private static List<IperfHeader> headers(String fixture) {
        return Fixture.blocks(fixture).stream().flatMap(b -> b.records().stream())
                .filter(IperfHeader.class::isInstance).map(IperfHeader.class::cast).toList();
    }

    @Test
    void anErrorLineAloneNamesNoProtocol() {
        List<IperfHeader> hs = headers("iperf/iperf3-3.12-error-lines-only-no-command-loopback.txt");
        assertThat(hs).hasSize(2).allSatisfy(h -> {
            assertThat(h.error()).isEqualTo("unable to connect to server: Connection refused");
            assertThat(h.protocol()).isNull();
        });
    }

    @Test
    void anErrorUnderACommandWithoutUIsTcp() {
        List<IperfHeader> hs = headers("iperf/iperf3-3.7-error-unable-to-connect-forum.txt");
        // "$ iperf3 -c hadar": no -u, so iperf3's default, TCP, is what the command asks for
        assertThat(hs).isNotEmpty().allSatisfy(h -> assertThat(h.protocol()).isEqualTo("TCP"));
    }

    @Test
    void aJsonDocumentWithServerOutputTextIsReadWhole() {
        List<Parsed> blocks = Fixture.blocks("iperf/iperf3-3.12-J-tcp-get-server-output-text-loopback.json");
        Parsed json = blocks.stream().filter(b -> b.format().equals("iperf3-json")).findFirst().orElseThrow();
        assertThat(json.notes()).noneMatch(n -> n.contains("not pasted"))
                .anyMatch(n -> n.contains("server_output_text"));
        assertThat(headers("iperf/iperf3-3.12-J-tcp-get-server-output-text-loopback.json"))
                .anyMatch(h -> "server".equals(h.role()));
    }

    @Test
    void iperf2VersionLineAloneIsAHeadWithoutProtocol() {
        List<IperfHeader> hs = headers("iperf/iperf2-2.1.8-version-and-m-mss-in-head-loopback.txt");
        assertThat(hs).anySatisfy(h -> {
            assertThat(h.version()).isEqualTo("2.1.8");
            assertThat(h.protocol()).isNull();
        });
    }
}
