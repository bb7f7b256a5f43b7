package dev.wirespeed.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PerftestArgsTest {
    @Test
    void buildsBothEndsArgumentsWithThePassThroughBeforeTheFixedTail() {
        List<String> args = PerftestArgs.build(new PerftestArgs.Options(true, "mlx5_0", 1, 3, 4096, false, 65536, null, 5,
                4, 18515, false), List.of("-c", "UD"));
        assertThat(args).containsExactly("-d", "mlx5_0", "-i", "1", "-x", "3", "-m", "4096", "-s", "65536", "-D", "5",
                "-q", "4", "-c", "UD", "-p", "18515", "-F", "--report_gbits");
        PerftestArgs.validate("ib_write_bw", args, 60);
        List<String> bidir = PerftestArgs.build(new PerftestArgs.Options(true, null, null, null, null, true, null, null,
                null, null, 18515, true), List.of());
        assertThat(bidir).containsExactly("-a", "-b", "-p", "18515", "-F", "--report_gbits");
    }

    @Test
    void oneProgramListWithTheServedAndTheMeshSubsets() {
        assertThat(PerftestArgs.ALL).containsAll(PerftestArgs.PROGRAMS).contains("ib_atomic_bw");
        assertThat(PerftestArgs.PROGRAMS).containsExactly("ib_write_bw", "ib_read_bw", "ib_send_bw", "ib_write_lat",
                "ib_read_lat", "ib_send_lat");
        assertThat(PerftestArgs.PROGRAMS).containsAll(PerftestArgs.MESH);
        assertThat(PerftestArgs.MESH).allMatch(p -> p.endsWith("_bw"));
    }

    @Test
    void refusesWhatIsNotOnTheList() {
        assertThatThrownBy(() -> PerftestArgs.validate("ib_write_bw", List.of("--size=64"), 60))
                .hasMessageStartingWith("perftest argument '--size=64' is not allowed (give the value as the next argument)");
        assertThatThrownBy(() -> PerftestArgs.validate("ib_write_bw", List.of("-d", "../../x"), 60))
                .hasMessage("value '../../x' of -d is not allowed");
        assertThatThrownBy(() -> PerftestArgs.validate("ib_write_bw", List.of("-q"), 60))
                .hasMessage("perftest argument -q needs a value");
        assertThatThrownBy(() -> PerftestArgs.validate("ib_write_bw", List.of("-m", "9000"), 60))
                .hasMessage("value '9000' of -m is not allowed");
        assertThatThrownBy(() -> PerftestArgs.validate("ib_write_bw", List.of("-s", "99999999999"), 60))
                .hasMessage("value '99999999999' of -s is not allowed");
        assertThatThrownBy(() -> PerftestArgs.validate("/bin/ib_write_bw", List.of(), 60))
                .hasMessageStartingWith("perftest program '/bin/ib_write_bw' is not one of");
        assertThatThrownBy(() -> PerftestArgs.validate("ib_send_bw", List.of("-D", "61"), 60))
                .hasMessage("-D 61 is out of range (1..60)");
    }
}
