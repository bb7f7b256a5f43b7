package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.perftest.PerftestError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 *
 * <p>The GID index is RoCE's: on InfiniBand a queue pair reaches its peer by LID, which the subnet manager
 * assigns, and iWARP connects through rdma_cm alone. The advice follows the link layer the paste names
 * (perftest's "Link type", ibstat/ibv_devinfo/rdma link of its hosts) and says both when it names none or two.
 */
final class PerftestFailedRule implements LogRule {
    /** perftest_resources.c: "IB device %s not found" when -d names no device. */
    private static final Pattern NAMED_DEVICE = Pattern.compile("IB device (\\S+) not found");

    @Override
    public String id() {
        return "perftest-failed";
    }

    @Override
    public String description() {
        return "perftest failed: no server to connect to, a completion error (transport retries exceeded, …), a refused command line, no device, a queue pair that could not connect or be created, or a failed rdma_cm connection";
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
                        Fix.action(byLink(log, "give both ends the RoCE v2 GID of the interface that carries the route"
                                + " (-x, see show_gids), check the path MTU and that the server was still running;"
                                + " -R (rdma_cm) picks the GID for you", "check that both ports are Active and reach each"
                                + " other (ibstat, then ibtracert between their LIDs), the MTU both ends use (-m) and that"
                                + " the server was still running"))));
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
                        Fix.action(noDevice(e.message()))));
            } else if (e.failure().equals("qp")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest", "perftest could not connect its queue pair: "
                        + e.message(), List.of(seen), null,
                        Fix.action(byLink(log, "give both ends the GID index of the interface that carries the route (-x,"
                                + " see show_gids), or let rdma_cm pick it (-R); check both ends use the same MTU",
                                "check that both ports are Active with a LID (a subnet manager assigns it: ibstat's Base"
                                + " lid is not 0), and on a port that requires a GRH give a GID index (-x) so perftest"
                                + " sends one; check both ends use the same MTU"))));
            } else if (e.failure().equals("create")) {
                // ibv_create_qp's EINVAL does not say which attribute the device refused (linux-rdma/perftest#139)
                out.add(new Finding(id(), Severity.ERROR, "perftest", "the device refused to create perftest's queue"
                        + " pair or its resources, nothing was measured: " + e.message(), List.of(seen), null,
                        Fix.action("the message does not say which attribute was refused; check what this device"
                                + " supports (ibv_devinfo -v: max_qp, max_qp_wr, max_sge): the connection type (-c; not"
                                + " every device offers UD, XRC or DC), the inline size (-I; lower it, -I 0 turns it"
                                + " off), the number of QPs (-q) and the queue depths (-t, -r), and the locked-memory"
                                + " limit (ulimit -l)")));
            } else if (e.failure().equals("rdma_cm")) {
                out.add(new Finding(id(), Severity.ERROR, "perftest", "perftest's rdma_cm connection (-R) failed"
                        + (e.statusText() != null ? " with " + e.statusText() : "") + ": " + e.message(), List.of(seen), null,
                        Fix.action(rdmaCm(e.statusText()))));
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

    /** RoCE's advice or InfiniBand's by the link layer the paste names; iWARP connects through rdma_cm only. */
    static String byLink(LogFacts log, String roce, String infiniband) {
        PastedLinkLayer link = PastedLinkLayer.of(log);
        if (link.iwarp()) {
            return "iWARP connects through rdma_cm: run both ends with -R and check that TCP between the two addresses works";
        }
        return link.advice(roce, infiniband);
    }

    /**
     * perftest's device failures: a name -d gave that does not exist, a device that exists but cannot be opened
     * (the uverbs file's permissions, a container without /dev/infiniband), or no RDMA device at all (no kernel
     * RDMA driver or no user-space provider: rdma-core's ibverbs-providers on Debian/Ubuntu, libibverbs on RHEL).
     */
    private static String noDevice(String message) {
        String m = message == null ? "" : message;
        Matcher named = NAMED_DEVICE.matcher(m);
        if (named.find()) {
            return "no RDMA device is named " + named.group(1) + ": give -d a name ibv_devices lists (the names follow the"
                    + " host's rdma naming rules: mlx5_0 on one host, rocep1s0f0 on another)";
        }
        if (m.toLowerCase(Locale.ROOT).contains("couldn't get context")) {
            return "the device exists but could not be opened: check the permissions of /dev/infiniband/uverbs* (root or"
                    + " the rdma group); in a container /dev/infiniband must hold the device's uverbs file (the RDMA device"
                    + " plugin or --device passes it)";
        }
        return "no RDMA device is registered (ibv_devices lists none): load the card's RDMA driver (mlx5_ib for"
                + " ConnectX-4 and later, mlx4_ib for ConnectX-3, bnxt_re, irdma, qedr; rdma_rxe for Soft-RoCE), install"
                + " the user-space provider (ibverbs-providers on Debian/Ubuntu, libibverbs on RHEL); in a container"
                + " /dev/infiniband must hold the device's uverbs file (the RDMA device plugin or --device passes it)";
    }

    /** rdma_cm's events as librdmacm names them (rdma_cma.h): a refusal is the server's, an address or route error this host's. */
    private static String rdmaCm(String event) {
        String any = "run the server first with the same options (-R, -q, -p), and give the client the IP address of"
                + " the server's RDMA interface (its RoCE netdev or IPoIB interface)";
        if ("RDMA_CM_EVENT_REJECTED".equals(event)) {
            return "the server side refused the connection (nothing listening with -R on that port, or it could not"
                    + " accept as many QPs as -q asked); " + any;
        }
        if (event != null && (event.endsWith("ADDR_ERROR") || event.endsWith("ROUTE_ERROR") || event.endsWith("UNREACHABLE"))) {
            return "rdma_cm found no RDMA route to the address: " + any;
        }
        return any;
    }

    private static String side(PerftestError e) {
        return e.side() == null ? "sender" : e.side();
    }
}
