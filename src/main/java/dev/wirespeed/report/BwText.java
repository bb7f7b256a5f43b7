package dev.wirespeed.report;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.BwResult.DirectionResult;
import dev.wirespeed.results.BwResult.IntervalReport;
import dev.wirespeed.results.BwResult.StreamBytes;
import dev.wirespeed.results.BwResult.Summary;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Tos;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Human output of a bandwidth test. Every figure printed here comes from the same
 * {@link BwResult} records that {@code --json} prints, so the two cannot disagree.
 */
public final class BwText {
    private final PrintWriter out;
    private boolean intervalHeaderPrinted;
    private boolean tcpColumns;
    private final boolean bidir;
    private final RateUnit unit;

    public BwText(PrintWriter out, boolean bidir) {
        this(out, bidir, RateUnit.ADAPTIVE);
    }

    public BwText(PrintWriter out, boolean bidir, RateUnit unit) {
        this.out = out;
        this.bidir = bidir;
        this.unit = unit;
    }

    public void header(BwResult.Peer server, BwResult.BwParams p) {
        out.println(connected(server));
        StringBuilder b = new StringBuilder();
        b.append("TCP ").append(p.direction()).append(": ").append(p.streams())
                .append(p.streams() == 1 ? " stream" : " streams");
        if (Direction.of(p.direction()) == Direction.BIDIR) {
            b.append(" each way");
        }
        if (!"option".equals(p.streamsChosenBy())) {
            b.append(" (").append(p.streamsChosenBy()).append("; -P to choose)");
        }
        if (p.durationSeconds() != null && p.durationSeconds() == 0) {
            b.append(", until stopped");
        } else if (p.durationSeconds() != null) {
            b.append(", ").append(num(p.durationSeconds())).append(" s");
        } else {
            b.append(", ").append(ByteSize.formatExact(p.bytes())).append(" per direction");
        }
        if (p.omitSeconds() > 0) {
            b.append(" after ").append(num(p.omitSeconds())).append(" s warm-up");
        }
        b.append(", buffer ").append(ByteSize.formatExact(p.bufferBytes()));
        if (p.windowBytes() != null) {
            b.append(", window ").append(ByteSize.formatExact(p.windowBytes()));
        }
        if (p.congestion() != null) {
            b.append(", congestion ").append(p.congestion());
        }
        if (p.mssBytes() != null) {
            b.append(", MSS ").append(p.mssBytes());
        }
        if (p.noDelay()) {
            b.append(", no-delay");
        }
        if (p.tos() != null) {
            b.append(", TOS ").append(Tos.describe(p.tos()));
        }
        out.println(b);
        out.flush();
    }

    /**
     * "Connected to 10.0.0.2:5301 — wirespeed 0.1.0 on host (8 cores, Linux 6.1)"; an iperf3
     * server tells nothing of itself: "Connected to 10.0.0.2:5201 — iperf3".
     */
    public static String connected(BwResult.Peer server) {
        StringBuilder b = new StringBuilder("Connected to " + Io.hostPort(server.address(),
                server.port()) + " — " + server.software());
        if (server.host() != null) {
            b.append(" on ").append(server.host());
            if (server.cores() != null) {
                b.append(" (").append(server.cores()).append(" cores, ").append(server.os()).append(')');
            }
        }
        return Printable.of(b.toString());  // host, software and OS are the server's words
    }

    /** One line per stream and a SUM line when there are several, as each interval arrives. */
    public synchronized void interval(IntervalReport r) {
        if (!intervalHeaderPrinted) {
            // Retr and Cwnd as iperf3's: the sending socket's TCP_INFO, when it was read
            tcpColumns = r.retransmits() != null;
            out.println((bidir ? "[ ID   dir] Interval          Transfer      Bitrate" : "[ ID] Interval          Transfer      Bitrate")
                    + (tcpColumns ? "        Retr        Cwnd" : ""));
            intervalHeaderPrinted = true;
        }
        String suffix = r.omitted() ? "  (warm-up)" : "";
        if (r.streams().size() > 1) {
            for (StreamBytes s : r.streams()) {
                out.println(line(id(Integer.toString(s.stream()), r.direction()), r.startSeconds(), r.endSeconds(),
                        s.bytes(), s.bitsPerSecond()) + tcp(s.retransmits(), s.cwndBytes()) + suffix);
            }
        }
        out.println(line(id(r.streams().size() > 1 ? "SUM" : Integer.toString(r.streams().getFirst().stream()),
                r.direction()), r.startSeconds(), r.endSeconds(), r.bytes(), r.bitsPerSecond())
                + tcp(r.retransmits(), r.cwndBytes()) + suffix);
        out.flush();
    }

    /** The Retr and Cwnd columns, blank where this interval's TCP_INFO was not read; nothing without the columns. */
    private String tcp(Long retransmits, Long cwndBytes) {
        if (!tcpColumns) {
            return "";
        }
        return String.format(Locale.ROOT, "  %10s  %10s", retransmits == null ? "" : retransmits.toString(),
                cwndBytes == null ? "" : ByteSize.format(cwndBytes));
    }

    private String id(String id, Direction direction) {
        return bidir ? String.format(Locale.ROOT, "[%3s %5s]", id, direction == Direction.UPLOAD ? "up" : "down")
                : String.format(Locale.ROOT, "[%3s]", id);
    }

    private String line(String id, double start, double end, long bytes, double bitsPerSecond) {
        String span = String.format(Locale.ROOT, "%.2f-%.2f", start, end);
        return String.format(Locale.ROOT, "%s %13s s  %10s  %13s", id, span, ByteSize.format(bytes),
                unit.format(bitsPerSecond));
    }

    public void summary(BwResult result) {
        out.println("- - - - - - - - - - - - - - - - - - - - - - - - - - - - - -");
        for (DirectionResult d : result.directions()) {
            out.printf(Locale.ROOT, "%s (%s → %s)%s%s:%n", d.direction(), d.sender(), d.receiver(),
                    span(d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary(), result.params()),
                    d.congestion() == null ? "" : ", congestion control " + d.congestion());
            out.println("              Transfer       Bitrate        Retransmits");
            side("sender", d.senderSummary(), true);
            side("receiver", d.receiverSummary(), false);
        }
        String tos = receivedTos(result);
        if (tos != null) {
            out.println(tos);
        }
        BwResult.Cpu cpu = result.cpu();
        if (cpu != null) {
            out.println("CPU, percent of one core: client " + cpu(cpu.client()) + " · server " + cpu(cpu.server()));
        }
        if (result.mptcp() != null) {
            out.println(result.mptcp().line());
        }
        BwResult.DataPath path = result.dataPath();
        tail(out, path == null ? null : path.client(), path == null ? null : path.server(),
                result.serverSharedWithTests(), result.counters(), result.serverOutput());
        out.flush();
    }

    /**
     * The end of bw's and bw --udp's summary: the data path of each side with its fallback notes,
     * the server's word on sharing, the test's counters and the server's own output.
     */
    static void tail(PrintWriter out, BwResult.DataPathSide client, BwResult.DataPathSide server,
                     Integer sharedWithTests, CounterReport counters, ServerOutput serverOutput) {
        if (client != null || server != null) {
            out.println("data path: client " + path(client) + " · server " + path(server));
            LinkedHashSet<String> notes = new LinkedHashSet<>();
            for (BwResult.DataPathSide s : Arrays.asList(client, server)) {
                if (s != null && s.fallbacks() != null) {
                    notes.addAll(s.fallbacks());
                }
            }
            notes.forEach(n -> out.println("note: " + n));
        }
        String shared = SharingText.line(sharedWithTests, SharingText.RATES);
        if (shared != null) {
            out.println(shared);
        }
        new CountersText(out).print(counters);
        serverOutput(out, serverOutput);
    }


    /**
     * --get-server-output: after the summary, as iperf3 prints it (iperf_api.c: "\nServer output:\n"),
     * the server's own report of the test; nothing when none came (not asked, or an older server).
     */
    static void serverOutput(PrintWriter out, ServerOutput output) {
        if (output == null) {
            return;
        }
        out.println();
        output.text().forEach(out::println);
    }

    /**
     * With -S/--dscp: "TOS received by the server: 0x88 (DSCP 34 AF41) on 4 of 4 streams", each value
     * the server's kernel saw with the number of streams that carried it; streams it could not read are counted apart.
     */
    static String receivedTos(BwResult result) {
        if (result.params().tos() == null) {
            return null;
        }
        List<Integer> perStream = new ArrayList<>();
        for (DirectionResult d : result.directions()) {
            for (BwResult.StreamResult s : d.streams()) {
                perStream.add(s.receivedTos());
            }
        }
        return receivedTos(result.params().tos(), perStream);
    }

    /** As above, from the TOS asked for and what the server saw on each stream (null: unread); UDP's too. */
    static String receivedTos(int asked, List<Integer> perStream) {
        TreeMap<Integer, Integer> seen = new TreeMap<>();
        int all = perStream.size();
        for (Integer tos : perStream) {
            if (tos != null) {
                seen.merge(tos, 1, Integer::sum);
            }
        }
        if (seen.isEmpty()) {
            return "TOS received by the server: unknown (not reported; an older server, or not readable there)";
        }
        StringBuilder b = new StringBuilder("TOS received by the server: ");
        int read = 0;
        for (Map.Entry<Integer, Integer> e : seen.entrySet()) {
            b.append(read == 0 ? "" : ", ").append(Tos.describe(e.getKey())).append(" on ")
                    .append(e.getValue()).append(" of ").append(all).append(all == 1 ? " stream" : " streams");
            read += e.getValue();
        }
        if (read < all) {
            b.append(", ").append(all - read).append(" unread");
        }
        int askedDscp = asked >> 2; // the ECN bits are the path's, not the marking
        if (seen.keySet().stream().anyMatch(t -> t >> 2 != askedDscp)) {
            b.append(" (asked ").append(Tos.describe(asked))
                    .append(": remarked on the way or by a policy)");
        }
        return b.toString();
    }

    private static String span(Summary s, BwResult.BwParams p) {
        if (s == null) {
            return "";
        }
        double from = p.omitSeconds();
        return String.format(Locale.ROOT, ", %s-%s s", num2(from), num2(from + s.seconds()));
    }

    private void side(String label, Summary s, boolean sender) {
        if (s == null) {
            out.printf(Locale.ROOT, "  %-10s  unknown (no results from that side)%n", label);
            return;
        }
        String retrans = "";
        if (sender && s.retransmits() != null) {
            BwResult.Retransmits r = s.retransmits();
            StringBuilder b = new StringBuilder();
            if (r.sockets() != null) {
                b.append(r.sockets()).append(" (this test's sockets)");
            }
            if (r.hostWide() != null) {
                b.append(b.isEmpty() ? "" : ", ").append(r.hostWide()).append(" host-wide");
            }
            retrans = b.toString();
        }
        out.printf(Locale.ROOT, "  %-10s  %10s  %13s    %s%n", label, ByteSize.format(s.bytes()),
                unit.format(s.bitsPerSecond()), retrans);
    }

    private static String cpu(BwResult.CpuSide c) {
        if (c == null) {
            return "unknown";
        }
        String perByte = c.secondsPerGigabyte() == null ? ""
                : String.format(Locale.ROOT, ", %.3f CPU s/GB", c.secondsPerGigabyte());
        return String.format(Locale.ROOT, "%.1f %% (user %.1f, system %.1f%s)", c.totalPercent(), c.userPercent(),
                c.systemPercent(), perByte);
    }

    /** "sendfile → recv MSG_TRUNC" style: the calls one side made. */
    static String path(BwResult.DataPathSide s) {
        if (s == null) {
            return "unknown";
        }
        if (s.send() != null && s.receive() != null) {
            return "send " + s.send() + ", receive " + s.receive();
        }
        return s.send() != null ? "send " + s.send() : s.receive() != null ? "receive " + s.receive() : "unknown";
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String num2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
