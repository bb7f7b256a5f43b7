package dev.wirespeed.engine.udp;

import dev.wirespeed.wire.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * The client's half of an isochronous test: the server's frame counts per interval (beside its
 * {@link Message.UdpInterval}s, as they arrive on the control connection's reader) and both sides'
 * totals (the client's frames sent and slips, the server's frames received).
 */
public final class FrameCollector {
    /** One interval's frames as the server counted them, summed over its receiving streams. */
    public record Interval(long startNanos, long endNanos, boolean omitted, Message.FrameCounts frames) {}

    private final List<Interval> intervals = new ArrayList<>();
    private Message.FrameCounts sent;
    private Message.FrameCounts received;

    synchronized void remote(Message.UdpInterval iv) {
        Message.FrameCounts f = sum(iv.counts());
        if (f != null) {
            intervals.add(new Interval(iv.startNanos(), iv.endNanos(), iv.omitted(), f));
        }
    }

    synchronized void totals(Message.UdpResults local, Message.UdpResults remote) {
        sent = local == null ? null : sum(measured(local, true));
        received = remote == null ? null : sum(measured(remote, false));
    }

    public synchronized List<Interval> intervals() {
        return List.copyOf(intervals);
    }

    /** The client's frames sent and slips (whole test); null when it sent none. */
    public synchronized Message.FrameCounts sent() {
        return sent;
    }

    /** The server's frames after the warm-up; null when it reported none (an older server, or none came). */
    public synchronized Message.FrameCounts received() {
        return received;
    }

    private static List<Message.UdpCounts> measured(Message.UdpResults r, boolean sent) {
        if (r.streams() == null) {
            return List.of();
        }
        return r.streams().stream().filter(t -> t != null && t.sent() == sent && t.measured() != null)
                .map(Message.UdpTotal::measured).toList();
    }

    /**
     * Streams' frames summed; the jitter of a sum is the mean of the streams' (as for datagrams), the
     * latency figures the first stream's that has them (one stream is what isochronous runs on).
     */
    static Message.FrameCounts sum(List<Message.UdpCounts> counts) {
        if (counts == null) {
            return null;
        }
        List<Message.FrameCounts> frames = new ArrayList<>();
        for (Message.UdpCounts c : counts) {
            if (c != null && c.frames() != null) {
                frames.add(c.frames());
            }
        }
        if (frames.isEmpty()) {
            return null;
        }
        long sent = 0;
        long slips = 0;
        long complete = 0;
        long incomplete = 0;
        long lost = 0;
        long late = 0;
        double jitter = 0;
        Message.TripFigures latency = null;
        for (Message.FrameCounts f : frames) {
            sent += f.sent();
            slips += f.slips();
            complete += f.complete();
            incomplete += f.incomplete();
            lost += f.lost();
            late += f.late();
            jitter += f.jitterMicros();
            if (latency == null) {
                latency = f.latency();
            }
        }
        return new Message.FrameCounts(sent, slips, complete, incomplete, lost, late, jitter / frames.size(), latency);
    }
}
