package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.results.UdpResult.UdpCounts;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Human output of a UDP bandwidth test, iperf3's columns with units on every figure. Every figure
 * comes from the {@link UdpResult} records that {@code --json} prints.
 */
public final class UdpText {
    private final PrintWriter out;
    private final boolean bidir;
    private final RateUnit unit;
    private boolean intervalHeaderPrinted;

    public UdpText(PrintWriter out, boolean bidir) {
        this(out, bidir, RateUnit.ADAPTIVE);
    }

    /** @param unit the unit of measured rates (-f); the header's target rate keeps its own */
    public UdpText(PrintWriter out, boolean bidir, RateUnit unit) {
        this.out = out;
        this.bidir = bidir;
        this.unit = unit;
    }

    public void header(BwResult.Peer server, TestSpec s) {
        out.println(BwText.connected(server));
        out.printf(Locale.ROOT, "UDP %s: %d %s%s, %s s%s, %s datagrams, %s%s%n", s.direction().label(), s.streams(),
                s.streams() == 1 ? "stream" : "streams", s.direction() == Direction.BIDIR
                        ? " each way" : "", LatText.num(s.durationMillis() / 1000.0),
                s.omitMillis() > 0 ? " after " + LatText.num(s.omitMillis() / 1000.0) + " s warm-up" : "",
                ByteSize.formatExact(s.bufferBytes()), s.rateBitsPerSecond() == 0 ? "unlimited rate"
                        : Rate.format(s.rateBitsPerSecond()) + " per stream",
                s.windowBytes() > 0 ? ", socket buffers " + ByteSize.formatExact(s.windowBytes()) : "");
        out.flush();
    }

    public synchronized void interval(UdpResult.UdpInterval r) {
        if (!intervalHeaderPrinted) {
            out.println((bidir ? "[ ID   dir]" : "[ ID]")
                    + " Interval          Transfer      Bitrate        Jitter      Lost/Total Datagrams");
            intervalHeaderPrinted = true;
        }
        String suffix = r.omitted() ? "  (warm-up)" : "";
        if (r.streams().size() > 1) {
            for (UdpCounts c : r.streams()) {
                out.println(line(id(Integer.toString(c.stream()), r.direction()), r.startSeconds(), r.endSeconds(), c)
                        + suffix);
            }
        }
        UdpCounts main = r.streams().size() > 1 ? r.sum() : r.streams().getFirst();
        String id = r.streams().size() > 1 ? "SUM" : Integer.toString(main.stream());
        out.println(line(id(id, r.direction()), r.startSeconds(), r.endSeconds(), main) + suffix);
        out.flush();
    }

    private String id(String id, Direction direction) {
        return bidir ? String.format(Locale.ROOT, "[%3s %5s]", id, direction == Direction.UPLOAD ? "up" : "down")
                : String.format(Locale.ROOT, "[%3s]", id);
    }

    private String line(String id, double start, double end, UdpCounts c) {
        String span = String.format(Locale.ROOT, "%.2f-%.2f", start, end);
        return String.format(Locale.ROOT, "%s %13s s  %10s  %13s  %8.3f us  %s", id, span, ByteSize.format(c.bytes()),
                unit.format(c.bitsPerSecond()), c.jitterMicros(), lost(c.lostPackets(), c.totalPackets(),
                        c.lossPercent()));
    }

    private static String lost(long lost, long total, double percent) {
        return String.format(Locale.ROOT, "%d/%d (%s %%)", lost, total, percent == 0 ? "0"
                : String.format(Locale.ROOT, "%.3g", percent));
    }

    public void summary(UdpResult result) {
        out.println("- - - - - - - - - - - - - - - - - - - - - - - - - - - - - -");
        for (UdpResult.UdpDirection d : result.directions()) {
            double seconds = d.receiverSummary() != null ? d.receiverSummary().seconds()
                    : d.senderSummary() != null ? d.senderSummary().seconds() : 0;
            double from = result.params().omitSeconds();
            out.printf(Locale.ROOT, "%s (%s → %s), %.2f-%.2f s:%n", d.direction(), d.sender(), d.receiver(), from,
                    from + seconds);
            out.println("              Transfer      Bitrate        Datagrams");
            UdpResult.UdpSenderSummary s = d.senderSummary();
            if (s == null) {
                out.println("  sender      unknown (no results from that side)");
            } else {
                out.printf(Locale.ROOT, "  sender      %10s  %13s  %d sent%n", ByteSize.format(s.bytes()),
                        unit.format(s.bitsPerSecond()), s.packets());
            }
            UdpResult.UdpReceiverSummary r = d.receiverSummary();
            if (r == null) {
                out.println("  receiver    unknown (no results from that side)");
            } else {
                out.printf(Locale.ROOT, "  receiver    %10s  %13s  %d received, lost %s, jitter %.3f us, %d out of "
                                + "order%n", ByteSize.format(r.bytes()), unit.format(r.bitsPerSecond()), r.packets(),
                        lost(r.lostPackets(), r.totalPackets(), r.lossPercent()), r.jitterMicros(),
                        r.outOfOrderPackets());
            }
            rates(s, r);
            pacing(d.pacing());
        }
        if (result.params().tos() != null) {
            // each stream once, whichever direction it carries (the server read its hello's TOS)
            List<Integer> perStream = new ArrayList<>();
            for (UdpResult.UdpDirection d : result.directions()) {
                if (d.streams() != null) {
                    d.streams().forEach(t -> perStream.add(t.receivedTos()));
                }
            }
            out.println(BwText.receivedTos(result.params().tos(), perStream));
        }
        BwResult.Cpu cpu = result.cpu();
        if (cpu != null) {
            out.println("CPU, percent of one core: client " + LatText.cpu(cpu.client()) + " · server "
                    + LatText.cpu(cpu.server()));
        }
        UdpResult.UdpDataPath path = result.dataPath();
        BwText.tail(out, path == null ? null : path.client(), path == null ? null : path.server(),
                result.serverSharedWithTests(), result.counters(), result.serverOutput());
        out.flush();
    }

    /** Whether -b held: held, above what the path carried (where), or missed by the sender. */
    private void pacing(UdpResult.Pacing p) {
        if (p == null) {
            return;
        }
        String target = Rate.format(p.targetBitsPerSecond());
        String delivered = p.deliveredPercentOfTarget() == null ? ""
                : ", delivered " + percent(p.deliveredPercentOfTarget());
        String line = switch (p.verdict()) {
            case "held" -> "held " + target + ": sent " + percent(p.sentPercentOfTarget()) + delivered;
            case "missed" -> "missed " + target + ": sent " + percent(p.sentPercentOfTarget()) + " of it" + delivered;
            default -> "sender".equals(p.limitedBy())
                    ? target + " is above what this path carried: the sender reached " + percent(p.sentPercentOfTarget())
                            + " of it, sending as fast as its socket took (path-limited, not a pacing miss)"
                    : "the sender held " + target + " (" + percent(p.sentPercentOfTarget()) + "); the path delivered "
                            + percent(p.deliveredPercentOfTarget()) + " of it (path-limited: lost on the way or at "
                            + "the receiver, not a pacing miss)";
        };
        out.println("  pacing      " + line);
    }

    private static String percent(double p) {
        return String.format(Locale.ROOT, "%.1f %%", p);
    }

    /** Packets per second both ends, and the receiving sockets' own drops apart from the path's loss. */
    private void rates(UdpResult.UdpSenderSummary s, UdpResult.UdpReceiverSummary r) {
        if (r == null || r.packetsPerSecond() == null) {
            return;
        }
        StringBuilder b = new StringBuilder("  packets/s   ");
        if (s != null) {
            b.append(Math.round(s.packetsPerSecond())).append(" sent, ");
        }
        b.append(Math.round(r.packetsPerSecond())).append(" received");
        if (r.socketDrops() != null) {
            b.append("; the receiving socket dropped ").append(r.socketDrops()).append(" (queue full, whole test)");
        }
        out.println(b);
    }
}
