package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Observed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The transport of a wirespeed test; the label is the {@code protocol} of the result JSON (kept as
 * text in the result records, which also hold results read back from older stores).
 */
public enum Protocol {
    TCP("tcp"),
    UDP("udp");

    private final String label;

    Protocol(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    public static Protocol of(boolean udp) {
        return udp ? UDP : TCP;
    }

    /** The protocol a result names; empty for anything else. */
    public static Optional<Protocol> of(String label) {
        return TCP.label.equals(label) ? Optional.of(TCP) : UDP.label.equals(label) ? Optional.of(UDP) : Optional.empty();
    }

    /** Host counters of each protocol: their nstat group prefixes. "Ip"/"IpExt" belong to both. */
    private static final List<String> TCP_GROUPS = List.of("Tcp", "TcpExt");
    private static final List<String> UDP_GROUPS = List.of("Udp", "Udp6");
    private static final List<String> OTHER_TRANSPORTS = List.of("UdpLite", "Sctp", "Icmp", "IcmpMsg", "Icmp6");

    /**
     * {@code deltas} without the host counters of another protocol (a UDP ping-pong sends no TCP
     * segment, a TCP test owns no UDP socket); the path's counters stay. Null stays null.
     */
    public List<Counters> ownCounters(List<Counters> deltas) {
        if (deltas == null) {
            return null;
        }
        List<Counters> out = new ArrayList<>();
        for (Counters c : deltas) {
            if (c.scope() != Counters.Scope.HOST) {
                out.add(c);
                continue;
            }
            Map<String, Observed<Long>> kept = new LinkedHashMap<>();
            c.values().forEach((name, v) -> {
                if (owns(name)) {
                    kept.put(name, v);
                }
            });
            if (!kept.isEmpty()) {
                out.add(new Counters(c.scope(), c.subject(), kept));
            }
        }
        return out;
    }

    /** Whether host counter {@code name} (nstat's spelling) may be shown beside a test of this protocol. */
    public boolean owns(String name) {
        if (startsWithGroup(name, OTHER_TRANSPORTS)) {
            return false;
        }
        boolean tcp = startsWithGroup(name, TCP_GROUPS);
        boolean udp = startsWithGroup(name, UDP_GROUPS);
        return this == TCP ? !udp : !tcp;
    }

    /** "TcpExtTCPRcvQDrop" starts with group "TcpExt"; "UdpLiteInErrors" with "UdpLite", not "Udp" alone. */
    private static boolean startsWithGroup(String name, List<String> groups) {
        for (String g : groups) {
            if (name.startsWith(g) && name.length() > g.length() && Character.isUpperCase(name.charAt(g.length()))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return label;
    }
}
