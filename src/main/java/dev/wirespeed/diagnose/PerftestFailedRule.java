package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.perftest.PerftestError;
import java.util.ArrayList;
import java.util.List;

/**
 * A perftest run that failed, named by its cause. "Couldn't connect to HOST:PORT": perftest's TCP
 * exchange of queue-pair numbers found nothing listening (perftest_communication.c) — the server
 * side was not started first, or with another -p, or a firewall drops the port. A completion with
 * status 12 (IBV_WC_RETRY_EXC_ERR, "transport retry counter exceeded") means the HCA sent and
 * never got an ACK: on RoCE most often a wrong GID index (-x) or a path the packets cannot take;
 * status 13 (IBV_WC_RNR_RETRY_EXC_ERR) is a receiver without posted buffers. Other statuses are
 * named as perftest printed them. A refused command line ("Parser function exited with Error" and
 * the reason before it), a missing device and a queue pair that cannot reach RTR (on RoCE mostly the
 * GID index: linux-rdma/perftest#393) end the run before anything was measured.
 */
final class PerftestFailedRule implements LogRule {
    @Override
    public String id() {
        return "perftest-failed";
    }

    @Override
    public String description() {
        return "perftest failed: no server to connect to, a completion error (transport retries exceeded, …), a refused command line, no device or a queue pair that could not connect";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (PerftestError e : log.all(PerftestError.class)) {
            Evidence seen = new Evidence("perftest, line " + e.source().line(), e.source().text().strip());
            if (e.failure().equals("connect")) {
                String port = e.peer().substring(e.peer().lastIndexOf(':') + 1);
                out.add(new Finding(id(), Severity.ERROR, "perftest",
                        "perftest found no server at " + e.peer() + ": nothing listened on TCP " + port
                                + " when the client started", List.of(seen), null,
                        Fix.action("start the same test without the address on the server first (same -p " + port
                                + ", same options), and let TCP " + port + " through its firewall")));
            } else if (e.failure().equals("completion") && e.status() != null && e.status() == 12) {
                out.add(new Finding(id(), Severity.ERROR, "perftest",
                        "perftest's transfer failed at the " + side(e) + ": transport retry counter exceeded (status 12),"
                                + " the peer never acknowledged", List.of(seen), null,
                        Fix.action("on RoCE give both ends the RoCE v2 GID of the interface that carries the route"
                                + " (-x, see show_gids), check the path MTU and that the server was still running;"
                                + " -R (rdma_cm) picks the GID for you")));
            } else if (e.failure().equals("completion") && e.status() != null && e.status() == 13) {
                out.add(new Finding(id(), Severity.ERROR, "perftest",
                        "perftest's transfer failed at the " + side(e) + ": receiver not ready (status 13), no receive"
                                + " buffer was posted", List.of(seen), null,
                        Fix.action("run the same test and options on both ends (a send test needs the server's"
                                + " receives posted; mismatched -s, -q or -c break it)")));
            } else if (e.failure().equals("options")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest", "perftest refused its command line and measured"
                        + " nothing: " + e.message(), List.of(seen), null,
                        Fix.action("change the options the reason names (perftest -h lists what this build supports;"
                                + " CUDA options need a build with CUDA) and run again")));
            } else if (e.failure().equals("device")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest", "perftest found no RDMA device to open: "
                        + e.message(), List.of(seen), null,
                        Fix.action("check ibv_devices lists the device given with -d and that its driver is loaded")));
            } else if (e.failure().equals("qp")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest", "perftest could not connect its queue pair: "
                        + e.message(), List.of(seen), null,
                        Fix.action("on RoCE give both ends the GID index of the interface that carries the route (-x,"
                                + " see show_gids), or let rdma_cm pick it (-R); check both ends use the same MTU")));
            } else if (e.failure().equals("completion")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest",
                        "perftest's transfer failed at the " + side(e) + ": completion with error"
                                + (e.statusText() != null ? " (" + e.statusText() + ")" : "")
                                + (e.status() != null ? ", status " + e.status() : ""), List.of(seen), null,
                        Fix.action("look up the work-completion status in ibv_wc_status_str(3) and the kernel log"
                                + " of both hosts")));
            }
        }
        return out;
    }

    private static String side(PerftestError e) {
        return e.side() == null ? "sender" : e.side();
    }
}
