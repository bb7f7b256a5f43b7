package dev.wirespeed.parse.iperf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.results.Measurement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** iperf 2's -y C rows: only a UDP server report prints the jitter, lost, total, loss % and out-of-order columns. */
class Iperf2CsvTest {
    @Test
    void rowsWithJitterColumnsAreAUdpTest() {
        List<Measurement> ms = Fixture.blocks("iperf/iperf2-y-c-udp-dualtest-jitter-lost-columns-chromiumos-tast.txt").stream()
                .filter(b -> b.format().equals("iperf2")).map(Parsed::measurements).flatMap(List::stream).toList();
        assertThat(ms).isNotEmpty().allSatisfy(m -> assertThat(m.test()).isEqualTo(Measurement.Tests.UDP_BW));
    }

    @Test
    void tcpRowsStayATcpTest() {
        List<Measurement> ms = Fixture.blocks("iperf/iperf2-fullduplex-and-csv-server-epoptes233.txt").stream()
                .filter(b -> b.format().equals("iperf2")).map(Parsed::measurements).flatMap(List::stream).toList();
        assertThat(ms).isNotEmpty().allSatisfy(m -> assertThat(m.test()).isEqualTo(Measurement.Tests.TCP_BW));
    }
}
