package dev.wirespeed.engine.session;

import dev.wirespeed.Version;
import dev.wirespeed.engine.stream.DataPath;
import dev.wirespeed.engine.stream.IntervalSampler;
import dev.wirespeed.measure.HostName;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.DirectionResult;
import dev.wirespeed.results.BwResult.IntervalReport;
import dev.wirespeed.results.BwResult.StreamBytes;
import dev.wirespeed.results.BwResult.StreamResult;
import dev.wirespeed.results.BwResult.Summary;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Message.StreamTotal;
import dev.wirespeed.wire.TestSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * Turns both sides' samples and totals into the one result model that both the text and the
 * JSON output render. Interval reports always come from the receiving side.
 */
public final class ResultAssembler {
    private final TestSpec spec;
    private final String streamsChosenBy;
    private final DataPath askedPath;
    private final List<IntervalReport> upload = new ArrayList<>();
    private final List<IntervalReport> download = new ArrayList<>();

    public ResultAssembler(TestSpec spec, String streamsChosenBy) {
        this.askedPath = DataPath.of(spec);
        this.spec = spec;
        this.streamsChosenBy = streamsChosenBy;
    }

    private boolean isUpload(int index) {
        return spec.direction().isUploadStream(index, spec.streams());
    }

    /** The client's sending sockets' TCP_INFO now, by stream index (TcpBwPlane); null: none read. */
    private volatile IntFunction<Message.TcpStats> clientTcp;
    /** Each stream's tcpi_total_retrans at its previous interval, for per-interval retransmits. */
    private final Map<Integer, Long> retransBefore = new HashMap<>();
    /** The server's sending streams' intervals with TCP_INFO (-R, --bidir), in the order it sampled them. */
    private final List<Message.Interval> serverSent = new ArrayList<>();
    private int localSamples;
    private boolean serverSendsTcp;

    /** Upload intervals carry the client's TCP_INFO, read from {@code tcp} when the server's interval arrives. */
    public void clientTcp(IntFunction<Message.TcpStats> tcp) {
        this.clientTcp = tcp;
    }

    /**
     * Before the next local (download) sample: waits at most {@code maxNanos} for the server's interval of
     * the same boundary, which carries its senders' TCP_INFO; not at all once a server has shown it sends none.
     */
    public void awaitServerTcp(long maxNanos) {
        if (spec.intervalMillis() == 0 || spec.direction() == Direction.UPLOAD) {
            return;
        }
        long deadline = System.nanoTime() + maxNanos;
        synchronized (serverSent) {
            while (serverSent.size() <= localSamples && System.nanoTime() - deadline < 0) {
                if (!serverSendsTcp && localSamples > 0) {
                    return; // an older server: no Retr/Cwnd for -R
                }
                try {
                    serverSent.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private StreamBytes stream(int index, long bytes, double seconds, Message.TcpStats tcp) {
        if (tcp == null) {
            return new StreamBytes(index + 1, bytes, rate(bytes, seconds));
        }
        Long before = retransBefore.put(index, tcp.retransmits());
        long retrans = Math.max(0, tcp.retransmits() - (before == null ? 0 : before));
        return new StreamBytes(index + 1, bytes, rate(bytes, seconds), retrans, tcp.sndCwndSegments() * tcp.sndMssBytes(),
                tcp.rttMicros(), tcp.rttVarMicros());
    }

    /** An Interval from the server: bytes of the streams it receives, i.e. upload streams. */
    public synchronized IntervalReport remoteInterval(Message.Interval iv) {
        if (spec.intervalMillis() == 0 || iv.streams() == null || iv.bytes() == null || iv.streams().length == 0
                || iv.streams().length != iv.bytes().length) {
            return null;
        }
        if (iv.tcp() != null) {
            synchronized (serverSent) {
                serverSent.add(iv);
                serverSendsTcp = true;
                serverSent.notifyAll();
            }
            return null;
        }
        IntFunction<Message.TcpStats> tcp = clientTcp;
        List<StreamBytes> streams = new ArrayList<>();
        double seconds = (iv.endNanos() - iv.startNanos()) / 1e9;
        for (int i = 0; i < iv.streams().length; i++) {
            int index = iv.streams()[i];
            if (index < 0 || index >= spec.connections() || !isUpload(index)) {
                continue;
            }
            streams.add(stream(index, iv.bytes()[i], seconds, tcp == null ? null : tcp.apply(index)));
        }
        if (streams.isEmpty()) {
            return null;
        }
        IntervalReport r = report(Direction.UPLOAD, iv.startNanos(), iv.endNanos(), iv.omitted(), streams);
        upload.add(r);
        return r;
    }

    /** A local sample: the client reports the streams it receives, i.e. download streams. */
    public synchronized IntervalReport localInterval(IntervalSampler.Sample s) {
        if (spec.intervalMillis() == 0) {
            return null; // -i 0: the final sample only closes the books
        }
        Message.Interval sent;
        synchronized (serverSent) {
            sent = localSamples < serverSent.size() ? serverSent.get(localSamples) : null;
            localSamples++;
        }
        List<StreamBytes> streams = new ArrayList<>();
        double seconds = (s.endNanos() - s.startNanos()) / 1e9;
        for (int index = 0; index < s.bytes().length; index++) {
            if (!isUpload(index)) {
                streams.add(stream(index, s.bytes()[index], seconds, sentTcp(sent, index)));
            }
        }
        if (streams.isEmpty()) {
            return null;
        }
        IntervalReport r = report(Direction.DOWNLOAD, s.startNanos(), s.endNanos(), s.omitted(), streams);
        download.add(r);
        return r;
    }

    private static Message.TcpStats sentTcp(Message.Interval sent, int index) {
        if (sent == null || sent.tcp() == null || sent.tcp().length != sent.streams().length) {
            return null;
        }
        for (int i = 0; i < sent.streams().length; i++) {
            if (sent.streams()[i] == index) {
                return sent.tcp()[i];
            }
        }
        return null;
    }

    private static IntervalReport report(Direction direction, long startNanos, long endNanos, boolean omitted,
                                         List<StreamBytes> streams) {
        long bytes = streams.stream().mapToLong(StreamBytes::bytes).sum();
        boolean tcp = streams.stream().allMatch(s -> s.retransmits() != null);
        return new IntervalReport(direction, startNanos / 1e9, endNanos / 1e9, omitted, List.copyOf(streams), bytes,
                rate(bytes, (endNanos - startNanos) / 1e9),
                tcp ? streams.stream().mapToLong(StreamBytes::retransmits).sum() : null,
                tcp ? streams.stream().mapToLong(StreamBytes::cwndBytes).sum() : null);
    }

    static double rate(long bytes, double seconds) {
        return seconds <= 0 ? 0 : bytes * 8.0 / seconds;
    }

    /**
     * @param local  the client's totals (always present)
     * @param remote the server's totals, null when the server was lost before sending them
     */
    public synchronized BwResult build(Instant startedAt, BwResult.Peer client, BwResult.Peer server, Message.Results local,
                                Message.Results remote, BwResult.Outcome outcome) {
        List<DirectionResult> directions = new ArrayList<>();
        if (spec.direction() != Direction.DOWNLOAD) {
            directions.add(direction("upload", "client", "server", local, remote, upload, this::isUpload));
        }
        if (spec.direction() != Direction.UPLOAD) {
            directions.add(direction("download", "server", "client", remote, local, download, i -> !isUpload(i)));
        }
        BwResult.Cpu cpu = new BwResult.Cpu(cpu(local), remote == null ? null : cpu(remote));
        BwResult.DataPath path = new BwResult.DataPath(askedPath.zeroCopy(), askedPath.skipRxCopy(), side(local),
                remote == null ? null : side(remote));
        return new BwResult(BwResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()), startedAt.toString(),
                client, server, params(), directions, cpu, path, outcome);
    }

    private DirectionResult direction(String name, String senderName, String receiverName, Message.Results sender,
                                      Message.Results receiver, List<IntervalReport> intervals,
                                      Predicate<Integer> inDirection) {
        List<StreamTotal> sent = totals(sender, inDirection, true);
        List<StreamTotal> received = totals(receiver, inDirection, false);
        List<StreamResult> streams = new ArrayList<>();
        for (int index = 0; index < spec.connections(); index++) {
            if (!inDirection.test(index)) {
                continue;
            }
            StreamTotal s = find(sent, index);
            StreamTotal r = find(received, index);
            Message.TcpStats tcp = s == null ? null : s.tcp();
            Integer tos = s != null && s.receivedTos() != null ? s.receivedTos() : r == null ? null : r.receivedTos();
            streams.add(new StreamResult(index + 1, s == null ? null : s.bytes(), r == null ? null : r.bytes(),
                    tcp == null ? null : tcp.retransmits(), tcp == null ? null : tcp.rttMicros(),
                    tcp == null ? null : tcp.sndCwndSegments(), tos));
        }
        Summary senderSummary = sender == null ? null : summary(sent, retransmits(sent, sender));
        Summary receiverSummary = receiver == null ? null : summary(received, null);
        List<IntervalReport> ordered = new ArrayList<>(intervals);
        ordered.sort(Comparator.comparingDouble(IntervalReport::startSeconds));
        return new DirectionResult(name, senderName, receiverName, ordered, streams, senderSummary, receiverSummary,
                congestion(sent));
    }

    /** The algorithms the sending sockets ran, each once in stream order ("bbr"; "cubic+bbr"); null when none said. */
    static String congestion(List<StreamTotal> sent) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (StreamTotal t : sent) {
            if (t.tcp() != null && t.tcp().congestion() != null) {
                names.add(t.tcp().congestion());
            }
        }
        return names.isEmpty() ? null : String.join("+", names);
    }

    private static List<StreamTotal> totals(Message.Results side, Predicate<Integer> inDirection, boolean sent) {
        if (side == null || side.streams() == null) {
            return List.of();
        }
        return side.streams().stream().filter(t -> t.sent() == sent && inDirection.test(t.index())).toList();
    }

    private static StreamTotal find(List<StreamTotal> totals, int index) {
        return totals.stream().filter(t -> t.index() == index).findFirst().orElse(null);
    }

    private static Summary summary(List<StreamTotal> totals, BwResult.Retransmits retransmits) {
        long bytes = totals.stream().mapToLong(StreamTotal::measuredBytes).sum();
        long nanos = totals.stream().mapToLong(StreamTotal::measuredNanos).max().orElse(0);
        return new Summary(bytes, nanos / 1e9, Rate.bitsPerSecond(bytes, nanos), retransmits);
    }

    private static BwResult.Retransmits retransmits(List<StreamTotal> sent, Message.Results sender) {
        Long sockets = null;
        if (!sent.isEmpty() && sent.stream().allMatch(t -> t.tcp() != null)) {
            sockets = sent.stream().mapToLong(t -> t.tcp().retransmits()).sum();
        }
        if (sockets == null && sender.retransmitsHostWide() == null) {
            return null;
        }
        return new BwResult.Retransmits(sockets, sender.retransmitsHostWide());
    }

    private static BwResult.DataPathSide side(Message.Results r) {
        Message.DataPathUsed used = r.dataPath();
        return used == null ? null : new BwResult.DataPathSide(used.send(), used.receive(),
                used.fallbacks() == null || used.fallbacks().isEmpty() ? null : used.fallbacks());
    }

    /** CPU in percent of one core, and per byte over every byte this side sent or received. */
    private static BwResult.CpuSide cpu(Message.Results side) {
        BwResult.CpuSide percent = cpu(side.cpu());
        if (percent == null || side.streams() == null) {
            return percent;
        }
        long bytes = side.streams().stream().mapToLong(StreamTotal::bytes).sum();
        Double perGigabyte = bytes <= 0 ? null
                : Math.round((side.cpu().userNanos() + side.cpu().systemNanos()) / (double) bytes * 1e4) / 1e4;
        return new BwResult.CpuSide(percent.userPercent(), percent.systemPercent(), percent.totalPercent(),
                perGigabyte);
    }

    /** One side's CPU in percent of one core, or null when it was not measured. */
    public static BwResult.CpuSide cpu(Message.CpuTime c) {
        if (c == null || c.wallNanos() <= 0) {
            return null;
        }
        return new BwResult.CpuSide(round1(c.userPercent()), round1(c.systemPercent()),
                round1(c.userPercent() + c.systemPercent()));
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private BwResult.BwParams params() {
        return params(spec, streamsChosenBy);
    }

    public static BwResult.BwParams params(TestSpec spec, String streamsChosenBy) {
        return new BwResult.BwParams(Protocol.TCP.label(), spec.direction().label(), spec.streams(), streamsChosenBy,
                spec.durationMillis() > 0 ? (Double) (spec.durationMillis() / 1000.0)
                        : spec.untilStopped() ? (Double) 0.0 : null,
                spec.bytes() > 0 ? spec.bytes() : null,
                spec.omitMillis() / 1000.0, spec.intervalMillis() / 1000.0, spec.bufferBytes(),
                spec.windowBytes() > 0 ? (long) spec.windowBytes() : null, spec.congestion(),
                spec.mssBytes() > 0 ? spec.mssBytes() : null, spec.noDelay(), spec.tos());
    }

    public static BwResult.Peer localPeer() {
        return new BwResult.Peer(hostName(), null, null, Version.software(),
                Runtime.getRuntime().availableProcessors(), osName());
    }

    public static String hostName() {
        return HostName.get();
    }

    public static String osName() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }
}
