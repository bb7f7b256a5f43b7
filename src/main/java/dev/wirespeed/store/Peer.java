package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.io.Io;
import java.util.Locale;

/**
 * What a result was measured against: the server's address and port as the client dialled them,
 * the server's tool and version, and whether that server ran other tests at the same time.
 * docs/STORE.md "The peer of a result".
 *
 * @param host        the address dialled ("10.0.0.2", "::1"); null when the result has no peer (fio)
 * @param port        the server's port, null when not known (a parsed paste that did not say)
 * @param tool        the server's software: "wirespeed", "iperf3", "iperf2", "qperf", "sockperf",
 *                    "perftest"; null when not known
 * @param toolVersion its version ("0.1.0", "3.12"); null when the server does not tell it (an
 *                    iperf3 server never does over its protocol)
 * @param shared      {@link #SHARED_YES}, {@link #SHARED_NO} or {@link #SHARED_UNKNOWN}: whether the
 *                    server ran other tests while this one ran. "no" only where the server was
 *                    this test's own (an in-process loopback server, or one a campaign started for
 *                    the point); a running server does not say yet, so "unknown" (issue 29 adds it)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"host", "port", "tool", "toolVersion", "shared"})
public record Peer(String host, Integer port, String tool, String toolVersion, String shared) {
    public static final String SHARED_YES = "yes";
    public static final String SHARED_NO = "no";
    public static final String SHARED_UNKNOWN = "unknown";

    public Peer {
        shared = shared == null ? SHARED_UNKNOWN : shared;
        if (!shared.equals(SHARED_YES) && !shared.equals(SHARED_NO) && !shared.equals(SHARED_UNKNOWN)) {
            throw new IllegalArgumentException("shared is yes, no or unknown, not '" + shared + "'");
        }
    }

    /**
     * A peer from the software string a server announced ("wirespeed 0.1.0", "iperf3",
     * "iperf 3.21"): the first word is the tool, the rest its version.
     */
    public static Peer ofSoftware(String host, Integer port, String software, String shared) {
        if (software == null || software.isBlank()) {
            return new Peer(host, port, null, null, shared);
        }
        String s = software.strip();
        int blank = s.indexOf(' ');
        String tool = blank < 0 ? s : s.substring(0, blank);
        String version = blank < 0 ? null : s.substring(blank + 1).strip();
        if (tool.equalsIgnoreCase("iperf") && version != null && version.startsWith("3")) {
            tool = "iperf3"; // iperf3 calls itself "iperf 3.12"
        }
        return new Peer(host, port, tool.toLowerCase(Locale.ROOT), version == null || version.isEmpty() ? null : version,
                shared);
    }

    /** "10.0.0.2:5201", "[::1]:5201", "10.0.0.2" without a port, "-" without a host. */
    public String endpoint() {
        if (host == null) {
            return "-";
        }
        String h = host.indexOf(':') >= 0 && !host.startsWith("[")
                ? "[" + Io.shortIpv6(host) + "]" : host; // rows saved before the short form too
        return port == null ? h : h + ":" + port;
    }

    /** "iperf3 3.12", "iperf3 (version not told)", "wirespeed 0.1.0", "-" when unknown. */
    public String software() {
        if (tool == null) {
            return "-";
        }
        return toolVersion == null ? tool + " (version not told)" : tool + " " + toolVersion;
    }

    /** The short form for a list column: "127.0.0.1:5201 iperf3 3.12". */
    public String brief() {
        return tool == null ? endpoint() : endpoint() + " " + (toolVersion == null ? tool : tool + " " + toolVersion);
    }

    /** One line for `results show`: endpoint, software and whether the server was shared. */
    public String describe() {
        String sharing = switch (shared) {
            case SHARED_YES -> "the server ran other tests at the same time";
            case SHARED_NO -> "the server ran no other test at the same time";
            default -> "whether the server ran other tests at the same time is unknown (the server did not say)";
        };
        return endpoint() + ", " + software() + "; " + sharing;
    }
}
