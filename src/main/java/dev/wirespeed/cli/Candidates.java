package dev.wirespeed.cli;

import dev.wirespeed.wire.Tos;
import java.util.Iterator;
import java.util.List;

/** The values completion offers for options that take one of a known few (picocli completionCandidates). */
final class Candidates {
    private Candidates() {}

    /** -f/--format: iperf3's rate units (bits k m g, bytes K M G). */
    static final class RateUnits implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("k", "m", "g", "K", "M", "G").iterator();
        }
    }

    /** --rdma: the perftest verbs bw and lat run (perftest.PerftestArgs.PROGRAMS). */
    static final class RdmaVerbs implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("write", "read", "send").iterator();
        }
    }

    /**
     * -C/--congestion: the algorithms of the mainline kernel (net/ipv4/tcp_*.c); which are loaded is the
     * host's /proc/sys/net/ipv4/tcp_available_congestion_control, and a missing one fails with the kernel's reason.
     */
    static final class Congestion implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("cubic", "bbr", "reno", "dctcp", "htcp", "bic", "highspeed", "hybla", "illinois", "lp",
                    "nv", "scalable", "vegas", "veno", "westwood", "yeah", "cdg").iterator();
        }
    }

    /** --dscp: the code point names (wire.Tos). */
    static final class Dscp implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Tos.dscpNames().iterator();
        }
    }

    /** mesh --pattern: the patterns that take no argument, and the prefixes of those that do (cluster.MeshPattern). */
    static final class MeshPatterns implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("all-pairs", "ring", "incast", "star:", "pairs:", "incast:").iterator();
        }
    }

    /** results export --format. */
    static final class ExportFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("csv", "json", "openmetrics", "prometheus").iterator();
        }
    }
}
