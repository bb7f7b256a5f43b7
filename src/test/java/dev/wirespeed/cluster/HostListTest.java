package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostListTest {

    @Test
    void rangesAndListsKeepZeroPadding() {
        List<String> hosts = HostList.expand("node[01-16,20]");
        assertThat(hosts).hasSize(17);
        assertThat(hosts.subList(0, 3)).containsExactly("node01", "node02", "node03");
        assertThat(hosts.subList(8, 10)).containsExactly("node09", "node10");
        assertThat(hosts.getLast()).isEqualTo("node20");
    }

    @Test
    void paddingComesFromTheLowerBound() {
        assertThat(HostList.expand("n[8-11]")).containsExactly("n8", "n9", "n10", "n11");
        assertThat(HostList.expand("n[008-011]")).containsExactly("n008", "n009", "n010", "n011");
        assertThat(HostList.expand("n[098-101]")).containsExactly("n098", "n099", "n100", "n101");
        assertThat(HostList.expand("n[0-2]")).containsExactly("n0", "n1", "n2");
    }

    @Test
    void severalBracketsMultiplyLeftmostSlowest() {
        assertThat(HostList.expand("rack[1-2]-n[1-4]")).containsExactly(
                "rack1-n1", "rack1-n2", "rack1-n3", "rack1-n4",
                "rack2-n1", "rack2-n2", "rack2-n3", "rack2-n4");
    }

    @Test
    void topLevelListsMixPlainNamesAndExpressions() {
        assertThat(HostList.expand("login1,gpu[1-2] cpu03")).containsExactly("login1", "gpu1", "gpu2", "cpu03");
        assertThat(HostList.expand("a , b")).containsExactly("a", "b");
    }

    @Test
    void hostAndPortAndPortRanges() {
        assertThat(HostList.expand("10.0.0.[1-3]:5302")).containsExactly("10.0.0.1:5302", "10.0.0.2:5302", "10.0.0.3:5302");
        assertThat(HostList.expand("127.0.0.1:[5401-5403]"))
                .containsExactly("127.0.0.1:5401", "127.0.0.1:5402", "127.0.0.1:5403");
        assertThat(Endpoint.parse("node01", 5301)).isEqualTo(new Endpoint("node01", "node01", 5301));
        assertThat(Endpoint.parse("node01:6000", 5301)).isEqualTo(new Endpoint("node01:6000", "node01", 6000));
    }

    @Test
    void errorsAreOneLineAndNameTheProblem() {
        assertError("node[1-", "'[' is never closed");
        assertError("node1-]", "']' without '['");
        assertError("node[1-[2-3]]", "brackets do not nest");
        assertError("node[]", "empty brackets");
        assertError("node[5-3]", "range 5-3 runs backwards");
        assertError("node[a-c]", "'a' in [a-c] is not a number");
        assertError("node[1-2-3]", "is not a number");
        assertError("node[1,,2]", "empty element");
        assertError("a,,b", "empty host name");
        assertError("a,b,", "ends with ','");
        assertError("", "empty host list");
        assertError("no/de1", "character '/' is not allowed");
        assertError("n[1-99999999]", "more than 65536 hosts");
        assertError("a[1-300]b[1-300]", "more than 65536 hosts");
    }

    @Test
    void badPortsAndDuplicates() {
        assertThatThrownBy(() -> Endpoint.parse("node1:99999", 5301)).hasMessageContaining("port 99999 is out of range");
        assertThatThrownBy(() -> Endpoint.parse("node1:http", 5301)).hasMessageContaining("port 'http' is not a number");
        assertThatThrownBy(() -> Endpoint.parse("fe80::1", 5301)).hasMessageContaining("IPv6");
        assertThatThrownBy(() -> Hosts.endpoints(List.of("n1", "n2", "n1:5301"), 5301))
                .hasMessage("host n1:5301 is listed twice");
        assertThat(Hosts.endpoints(List.of("n1", "n1:6000"), 5301)).hasSize(2);
    }

    @Test
    void hostFileSkipsCommentsAndSlotColumns(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("hosts");
        Files.writeString(f, "# compute nodes\nnode[01-02] slots=8\n\n  node05   # spare\nnode07:6000\n");
        assertThat(Hosts.readFile(f)).containsExactly("node01", "node02", "node05", "node07:6000");
        Files.writeString(f, "node1\nnode[2-\n");
        // the line number, not the line's text: a file's lines are never echoed (issue 32)
        assertThatThrownBy(() -> Hosts.readFile(f)).hasMessageStartingWith(f + " line 2 is not a host, host:port or host list")
                .message().doesNotContain("node[2-");
        Files.writeString(f, "# nothing\n");
        assertThatThrownBy(() -> Hosts.readFile(f)).hasMessageContaining("names no hosts");
    }

    @Test
    void sourcesInOrderHostsThenFileThenSlurm(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("hosts");
        Files.writeString(f, "fromfile1\nfromfile2\n");
        Map<String, String> slurm = Map.of(Hosts.SLURM_NODELIST, "gpu[01-03]");
        assertThat(Hosts.resolve("a,b", f, slurm, 5301)).extracting(Endpoint::label).containsExactly("a", "b");
        assertThat(Hosts.resolve(null, f, slurm, 5301)).extracting(Endpoint::label).containsExactly("fromfile1", "fromfile2");
        assertThat(Hosts.resolve(null, null, slurm, 5301)).extracting(Endpoint::host).containsExactly("gpu01", "gpu02", "gpu03");
        assertThat(Hosts.resolve(null, null, Map.of(), 5301)).isEmpty();
    }

    private static void assertError(String expression, String part) {
        assertThatThrownBy(() -> HostList.expand(expression))
                .isInstanceOf(HostListException.class)
                .hasMessageContaining(part)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
