package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.RunFailure;
import java.util.ArrayList;
import java.util.List;

/**
 * A benchmark run that printed figures but failed (issue 26). An iperf 2 client whose server
 * never answered ("read failed: Connection refused": the ICMP port-unreachable of a UDP port with
 * no listener, read back on the connected socket; "did not receive ack of last datagram") printed
 * only what it sent: nothing measured what arrived. A receiver that counted nothing likewise.
 * Those figures are never a result: explain stores the run as failed. A ping that got no reply (the
 * field notes ping the peer before any test: src/test/resources/parse/ping/ping-iputils-two-replies-seed000.txt,
 * src/test/resources/parse/ping/ping-iputils-100g-seed001.txt) says the peer is not reachable; the ICMP error
 * in its place names where it stopped (RFC 792: host or net unreachable, administratively prohibited).
 */
final class RunFailedRule implements LogRule {
    static final String ID = "run-failed";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "a benchmark run failed though it printed figures (no server answered, the receiver counted nothing)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (RunFailure f : log.all(RunFailure.class)) {
            List<Evidence> seen = f.source().text().isEmpty() ? List.of()
                    : List.of(new Evidence(f.tool() + ", line " + f.source().line(), f.source().text().strip()));
            boolean udp = "UDP".equalsIgnoreCase(f.protocol());
            String port = f.port() == null ? "PORT" : f.port().toString();
            if (RunFailure.NO_REPLY.equals(f.cause())) {
                out.add(PingFailure.finding(ID, f, log, seen));
            } else if (RunFailure.NO_SERVER.equals(f.cause())) {
                String server = "iperf2".equals(f.tool()) ? "iperf -s" + (udp ? " -u" : "") + " -p " + port
                        : f.tool() + " on the server";
                out.add(new Finding(ID, Severity.ERROR, f.tool(), f.tool() + (udp ? " UDP" : "") + " client got no answer from a"
                        + " server" + (f.port() == null ? "" : " on port " + port) + ": " + f.message()
                        + "; the rate it printed is what it sent, nothing measured what arrived", seen, null,
                        Fix.command("start the server first, with the client's protocol and port"
                                + (udp ? " (a UDP test needs -u on the server too)" : "") + ", and let "
                                + (udp ? "UDP " : "TCP ") + port + " through its firewall", server)));
            } else {
                out.add(new Finding(ID, Severity.ERROR, f.tool(), f.tool() + " run failed: " + f.message()
                        + "; nothing arrived, so there is no rate to judge", seen, null,
                        Fix.action("check the server ran the same test on the address and port the client used, and that"
                                + " no firewall drops the data port; then run again")));
            }
        }
        return out;
    }
}
