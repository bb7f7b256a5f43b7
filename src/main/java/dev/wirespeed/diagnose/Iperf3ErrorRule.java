package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.iperf.IperfHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * iperf3 stopped with "iperf3: error - …" (iperf_errexit): no test ran. The two messages users
 * meet most have a known cause: "unable to connect to server" (nothing listening at that address
 * and port, a firewall, or a name that does not resolve: the text after the colon is the
 * connect() or resolver error) and "the server is busy running a test" (an iperf3 server runs one
 * test at a time, iperf_api.c's ACCESS_DENIED answer to a second client).
 */
final class Iperf3ErrorRule implements LogRule {
    @Override
    public String id() {
        return "iperf3-error";
    }

    @Override
    public String description() {
        return "iperf3 stopped with an error (no server listening, server busy, …): no test ran";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (IperfHeader h : log.all(IperfHeader.class)) {
            if (h.error() == null) {
                continue;
            }
            String subject = h.host() != null ? "iperf3 to " + h.host() : "iperf3";
            Evidence ev = new Evidence("iperf3, line " + h.source().line(), h.source().text().strip());
            out.add(new Finding(id(), Severity.ERROR, subject, "iperf3 stopped: " + h.error() + cause(h.error()),
                    List.of(ev), null, fix(h)));
        }
        return out;
    }

    private static String cause(String error) {
        if (error.contains("server is busy")) {
            return " — an iperf3 server runs one test at a time and another client's (or a stuck) test holds it";
        }
        if (error.contains("unable to connect")) {
            if (error.contains("refused")) {
                return " — nothing listens on that port at that address";
            }
            if (unresolved(error)) {
                return " — the server's name does not resolve to an address";
            }
            return " — no server listening there, or a firewall or route in between";
        }
        return "";
    }

    /** The resolver's answers (getaddrinfo's EAI_NONAME "not known", EAI_AGAIN, and iperf3 3.7's errno text). */
    private static boolean unresolved(String error) {
        return error.contains("No such device or address") || error.contains("not known")
                || error.contains("Temporary failure in name resolution");
    }

    private static Fix fix(IperfHeader h) {
        String host = h.host() != null ? h.host() : "HOST";
        if (h.error().contains("server is busy")) {
            return Fix.command("wait for the running test to end, or start a second server on another port on " + host
                    + " and connect to it with -p 5202", "iperf3 -s -p 5202");
        }
        if (h.error().contains("unable to connect")) {
            if (unresolved(h.error())) {
                // the name is the fault, not the server: starting one would change nothing
                return Fix.command("use a name that resolves (check /etc/hosts or DNS) or the server's address",
                        "getent hosts " + host);
            }
            if (h.error().contains("refused")) {
                return Fix.command("start the server on " + host + " (nothing listens on that port), or connect to the "
                        + "port it listens on with -p", "iperf3 -s");
            }
            return Fix.action("check that a server runs on " + host + " (iperf3 -s), that TCP port 5201 (or -p) passes its "
                    + "firewall, and that a route reaches it");
        }
        return null;
    }
}
