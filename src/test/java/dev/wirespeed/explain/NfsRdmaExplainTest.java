package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.host.NfsdPortlist;
import java.util.List;
import org.junit.jupiter.api.Test;

/** NFS over RDMA from pasted lsmod, nfsstat -m and /proc/fs/nfsd/portlist (seed 000 l.1409-1628). */
class NfsRdmaExplainTest {
    private static final String LSMOD = Fixture.text("host/lsmod-seed000.txt");
    private static final String LSMOD_WITHOUT_RPCRDMA = LSMOD.replace("ib_core 458752 12 rdma_cm,ib_ipoib,rpcrdma,", "ib_core 458752 11 rdma_cm,ib_ipoib,");
    // the client's nfsstat -m under the server's prompt: one host that mounts and serves
    private static final String MOUNT = Fixture.text("host/nfsstat-m-seed000.txt").replace("root@t3640:/#", "root@ft2000:/#");

    private static List<String> rules(String text) {
        return Explainer.standard().explain("paste.txt", text).findings().stream().map(Finding::rule).toList();
    }

    private static List<Finding> findings(String text, String rule) {
        return Explainer.standard().explain("paste.txt", text).findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void portlistParserReadsListenersAndTheRefusedWrite() {
        Parsed read = Fixture.only("host/nfsd-portlist-rdma.txt", "nfsd-portlist");
        assertThat(read.records()).singleElement().isInstanceOfSatisfying(NfsdPortlist.class, p -> {
            assertThat(p.ports()).containsExactly("rdma 20049", "tcp 2049");
            assertThat(p.written()).isNull();
            assertThat(p.refused()).isFalse();
        });
        Parsed write = Fixture.only("host/nfsd-portlist-write-seed000.txt", "nfsd-portlist");
        assertThat(write.records()).singleElement().isInstanceOfSatisfying(NfsdPortlist.class, p -> {
            assertThat(p.ports()).isEmpty();
            assertThat(p.written()).isEqualTo("rdma 20049");
            assertThat(p.refused()).isTrue();
        });
    }

    @Test
    void seedsLsmodShowsTheTransportThroughIbCoresUsers() {
        var e = Explainer.standard().explain("paste.txt", LSMOD + MOUNT);
        assertThat(e.facts().getFirst().settings()).anySatisfy(s -> {
            assertThat(s.name()).isEqualTo(NfsRdma.MODULES);
            assertThat(s.value()).isEqualTo("rpcrdma");
        });
        assertThat(rules(LSMOD + MOUNT)).doesNotContain("nfs-rdma-module-missing");
    }

    @Test
    void rdmaMountWithoutTheTransportModuleIsAnError() {
        assertThat(findings(LSMOD_WITHOUT_RPCRDMA + MOUNT, "nfs-rdma-module-missing")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("/mnt/nfs");
            assertThat(f.fix().command()).isEqualTo("modprobe xprtrdma");
            assertThat(f.evidence()).anySatisfy(ev -> assertThat(ev.raw()).startsWith("ib_core 458752 11"));
        });
        // the mount alone says nothing about modules: quiet
        assertThat(rules(MOUNT)).doesNotContain("nfs-rdma-module-missing");
    }

    @Test
    void nfsdWithoutRdmaListenerFiresWhereTheTransportIsLoadedAndIsQuietWithRdma20049() {
        assertThat(findings(LSMOD + Fixture.text("host/nfsd-portlist-tcp-only.txt"), "nfsd-no-rdma-port"))
                .singleElement().satisfies(f -> assertThat(f.message()).startsWith("nfsd listens on tcp 2049;udp 2049 but not on rdma 20049"));
        assertThat(rules(LSMOD + Fixture.text("host/nfsd-portlist-rdma.txt"))).doesNotContain("nfsd-no-rdma-port");
        // no RDMA on the host (no transport, no port): an NFS server over TCP is not a finding
        assertThat(rules(LSMOD_WITHOUT_RPCRDMA + Fixture.text("host/nfsd-portlist-tcp-only.txt")))
                .doesNotContain("nfsd-no-rdma-port");
    }

    @Test
    void refusedRdmaListenerNamesTheOfedFlag() {
        String refused = Fixture.text("host/nfsd-portlist-write-seed000.txt");
        assertThat(findings(refused, "ofed-without-nfsrdma")).singleElement().satisfies(f -> {
            assertThat(f.fix().command()).isEqualTo("./mlnxofedinstall --with-nfsrdma");
            assertThat(f.evidence()).singleElement().satisfies(ev -> assertThat(ev.raw()).contains("Protocol not supported"));
        });
        // with lsmod showing no transport, the intended listener also names the missing module
        assertThat(rules(LSMOD_WITHOUT_RPCRDMA + refused)).contains("ofed-without-nfsrdma", "nfs-rdma-module-missing");
        // the seed's write without an error line: quiet
        assertThat(rules(refused.replace("-bash: echo: write error: Protocol not supported\n", ""))).doesNotContain("ofed-without-nfsrdma");
    }

    @Test
    void truncatedOrGarbledPortlistIsNotReadAsListeners() {
        assertThat(rules("root@h:/# cat /proc/fs/nfsd/portlist\nrdma 20\n")).doesNotContain("nfsd-no-rdma-port");
        assertThat(rules(LSMOD + "root@h:/# cat /proc/fs/nfsd/portlist\ngarbage here\n")).doesNotContain("nfsd-no-rdma-port");
        assertThat(rules("tcp 2049\nudp 2049\n")).doesNotContain("nfsd-no-rdma-port");
    }
}
