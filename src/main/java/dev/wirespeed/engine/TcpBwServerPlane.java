package dev.wirespeed.engine;

import dev.wirespeed.measure.TcpCounters;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/** The server's side of a TCP bandwidth test (tcp-bw): one stream thread per data connection. */
final class TcpBwServerPlane implements ServerPlane {
    /** After Stop, how long receivers may take to see the client's last bytes. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final TestSpec spec;
    private final ServerPlane.Setup setup;
    private final StreamGroup group;
    private final IntervalSampler sampler;
    /** The streams the client sends on: the server reports their intervals as it counts them. */
    private final int[] receivingIndex;
    private OptionalLong retransBefore = OptionalLong.empty();
    private long startNanos;
    private long endNanos;
    private Long retransmits;
    private List<Message.StreamTotal> totals = List.of();

    TcpBwServerPlane(ServerPlane.Setup setup) {
        this.setup = setup;
        this.spec = setup.spec();
        boolean[] sends = new boolean[setup.tcp().size()];
        List<Integer> receiving = new ArrayList<>();
        for (int i = 0; i < sends.length; i++) {
            sends[i] = !spec.direction().isUploadStream(i, spec.streams());
            if (!sends[i]) {
                receiving.add(i);
            }
        }
        this.receivingIndex = receiving.stream().mapToInt(Integer::intValue).toArray();
        this.group = new StreamGroup("ws-server", setup.tcp(), sends, spec, DataPath.endingWithFin(spec));
        group.pinTo(spec.serverCpu());
        this.sampler = new IntervalSampler(group.counters(), TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()),
                TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), BwClient.plannedEndNanos(spec), this::sendInterval);
    }

    @Override
    public long start() {
        retransBefore = TcpCounters.retransmittedSegments();
        startNanos = sampler.startWith(group::start);
        return startNanos;
    }

    @Override
    public void end(boolean clean) {
        group.stopSending();
        if (clean) {
            group.awaitEnded(System.nanoTime() + DRAIN_LIMIT_NANOS);
        } else {
            group.close();
        }
        endNanos = System.nanoTime();
        sampler.finish(endNanos);
        OptionalLong retransAfter = TcpCounters.retransmittedSegments();
        retransmits = retransBefore.isPresent() && retransAfter.isPresent()
                ? retransAfter.getAsLong() - retransBefore.getAsLong() : null;
        totals = group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime());
    }

    @Override
    public Message results() {
        // senders wait for the client's close: then their TCP_INFO (retransmits) is final
        group.join(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
        totals = group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime());
        return setup.counters().attach(new Message.Results(totals, new Message.CpuTime(group.cpu().userNanos(),
                group.cpu().systemNanos(), endNanos - startNanos), retransmits, group.pathUsed()),
                Protocol.TCP);
    }

    @Override
    public String summary(String problem) {
        return summaryLine(spec, totals, endNanos - startNanos, problem);
    }

    @Override
    public void close() {
        group.close();
    }

    private void sendInterval(IntervalSampler.Sample s) {
        if (receivingIndex.length == 0) {
            return;
        }
        long[] bytes = new long[receivingIndex.length];
        for (int i = 0; i < receivingIndex.length; i++) {
            bytes[i] = s.bytes()[receivingIndex[i]];
        }
        setup.send().accept(new Message.Interval(s.startNanos(), s.endNanos(), s.omitted(), s.last(), receivingIndex,
                bytes));
    }

    /** "upload 4 streams 10.0 s, received 31.2 GiB = 26.8 Gbit/s" (the iperf3 side logs its tests so too). */
    static String summaryLine(TestSpec spec, List<Message.StreamTotal> totals, long wallNanos, String problem) {
        StringBuilder b = new StringBuilder();
        b.append(spec.direction().label()).append(' ').append(spec.streams())
                .append(spec.streams() == 1 ? " stream" : " streams");
        if (spec.direction() == Direction.BIDIR) {
            b.append(" each way");
        }
        b.append(String.format(Locale.ROOT, " %.1f s", wallNanos / 1e9));
        appendSide(b, "received", totals.stream().filter(t -> !t.sent()).toList());
        appendSide(b, "sent", totals.stream().filter(Message.StreamTotal::sent).toList());
        if (problem != null) {
            b.append(" — aborted: ").append(problem);
        }
        return b.toString();
    }

    private static void appendSide(StringBuilder b, String verb, List<Message.StreamTotal> totals) {
        if (totals.isEmpty()) {
            return;
        }
        long bytes = totals.stream().mapToLong(Message.StreamTotal::measuredBytes).sum();
        long nanos = totals.stream().mapToLong(Message.StreamTotal::measuredNanos).max().orElse(0);
        b.append(", ").append(verb).append(' ').append(ByteSize.format(bytes)).append(" = ")
                .append(Rate.format(Rate.bitsPerSecond(bytes, nanos)));
    }
}
