package dev.wirespeed.engine.udp;

import dev.wirespeed.Version;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.results.UdpResult.UdpCounts;
import dev.wirespeed.results.UdpResult.UdpDirection;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;

/** Turns both sides' UDP intervals and totals into the one {@link UdpResult} that text and JSON render. */
final class UdpAssembler {
    private final TestSpec spec;
    private final List<UdpResult.UdpInterval> upload = new ArrayList<>();
    private final List<UdpResult.UdpInterval> download = new ArrayList<>();

    UdpAssembler(TestSpec spec) {
        this.spec = spec;
    }

    private boolean isUpload(int index) {
        return spec.direction().isUploadStream(index, spec.streams());
    }

    /** An interval measured by the server: its receiving streams are the upload streams. */
    synchronized UdpResult.UdpInterval remote(Message.UdpInterval iv) {
        UdpResult.UdpInterval r = convert(iv, Direction.UPLOAD, this::isUpload);
        if (r != null) {
            upload.add(r);
        }
        return r;
    }

    /** An interval measured here: the client's receiving streams are the download streams. */
    synchronized UdpResult.UdpInterval local(Message.UdpInterval iv) {
        UdpResult.UdpInterval r = convert(iv, Direction.DOWNLOAD, i -> !isUpload(i));
        if (r != null) {
            download.add(r);
        }
        return r;
    }

    private UdpResult.UdpInterval convert(Message.UdpInterval iv, Direction direction, IntPredicate inDirection) {
        if (iv == null || iv.streams() == null || iv.counts() == null || iv.streams().length != iv.counts().size()) {
            return null;
        }
        double seconds = (iv.endNanos() - iv.startNanos()) / 1e9;
        List<UdpCounts> streams = new ArrayList<>();
        List<Message.UdpCounts> raw = new ArrayList<>();
        for (int i = 0; i < iv.streams().length; i++) {
            int index = iv.streams()[i];
            Message.UdpCounts c = iv.counts().get(i);
            if (index < 0 || index >= spec.connections() || !inDirection.test(index) || c == null) {
                continue;
            }
            streams.add(counts(index + 1, c, seconds));
            raw.add(c);
        }
        if (streams.isEmpty()) {
            return null;
        }
        return new UdpResult.UdpInterval(direction, iv.startNanos() / 1e9, iv.endNanos() / 1e9, iv.omitted(),
                List.copyOf(streams), counts(null, sum(raw), seconds));
    }

    static UdpCounts counts(Integer stream, Message.UdpCounts c, double seconds) {
        long total = c.packets() + c.lost();
        return new UdpCounts(stream, c.bytes(), seconds <= 0 ? 0 : c.bytes() * 8.0 / seconds, c.packets(), c.lost(),
                total, lossPercent(c.lost(), total), c.outOfOrder(), round3(c.jitterMicros()));
    }

    /** Sums counts; jitter of a sum is the mean of the streams' jitters (as iperf3 reports it). */
    static Message.UdpCounts sum(List<Message.UdpCounts> counts) {
        long packets = 0;
        long bytes = 0;
        long lost = 0;
        long outOfOrder = 0;
        double jitter = 0;
        for (Message.UdpCounts c : counts) {
            packets += c.packets();
            bytes += c.bytes();
            lost += c.lost();
            outOfOrder += c.outOfOrder();
            jitter += c.jitterMicros();
        }
        return new Message.UdpCounts(packets, bytes, lost, outOfOrder, counts.isEmpty() ? 0 : jitter / counts.size());
    }

    static double lossPercent(long lost, long total) {
        return total <= 0 ? 0 : Math.round(1e6 * lost / (double) total) / 1e4;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /**
     * @param local  the client's totals (always present)
     * @param remote the server's totals, null when it was lost first
     */
    synchronized UdpResult build(Instant startedAt, BwResult.Peer server, Message.UdpResults local,
                                 Message.UdpResults remote, BwResult.Outcome outcome) {
        List<UdpDirection> directions = new ArrayList<>();
        if (spec.direction() != Direction.DOWNLOAD) {
            directions.add(direction("upload", "client", "server", local, remote, upload, this::isUpload));
        }
        if (spec.direction() != Direction.UPLOAD) {
            directions.add(direction("download", "server", "client", remote, local, download, i -> !isUpload(i)));
        }
        BwResult.Cpu cpu = new BwResult.Cpu(ResultAssembler.cpu(local.cpu()),
                remote == null ? null : ResultAssembler.cpu(remote.cpu()));
        UdpResult.UdpParams params = new UdpResult.UdpParams(spec.direction().label(), spec.streams(),
                spec.durationMillis() / 1000.0, spec.omitMillis() / 1000.0, spec.intervalMillis() / 1000.0,
                spec.rateBitsPerSecond(), spec.bufferBytes(), spec.windowBytes() > 0 ? (long) spec.windowBytes() : null,
                spec.tos());
        UdpResult.UdpDataPath path = local.dataPath() == null && (remote == null || remote.dataPath() == null) ? null
                : new UdpResult.UdpDataPath(side(local), remote == null ? null : side(remote));
        return new UdpResult(UdpResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()), startedAt.toString(),
                ResultAssembler.localPeer(), server, params, directions, cpu, outcome, path);
    }

    private static BwResult.DataPathSide side(Message.UdpResults r) {
        Message.DataPathUsed used = r.dataPath();
        return used == null ? null : new BwResult.DataPathSide(used.send(), used.receive(),
                used.fallbacks() == null || used.fallbacks().isEmpty() ? null : used.fallbacks());
    }

    private UdpDirection direction(String name, String senderName, String receiverName, Message.UdpResults sender,
                                   Message.UdpResults receiver, List<UdpResult.UdpInterval> intervals,
                                   IntPredicate inDirection) {
        List<Message.UdpTotal> sent = totals(sender, inDirection, true);
        List<Message.UdpTotal> received = totals(receiver, inDirection, false);
        List<UdpResult.UdpStreamTotal> streams = new ArrayList<>();
        for (int index = 0; index < spec.connections(); index++) {
            if (!inDirection.test(index)) {
                continue;
            }
            Message.UdpTotal s = find(sent, index);
            Message.UdpTotal r = find(received, index);
            // the server's hello TOS: on its received totals (upload) or its sent ones (download)
            Integer tos = s != null && s.receivedTos() != null ? s.receivedTos() : r == null ? null : r.receivedTos();
            streams.add(new UdpResult.UdpStreamTotal(index + 1, s == null ? null : s.all().packets(),
                    r == null ? null : r.all().packets(), r == null ? null : r.all().lost(),
                    r == null ? null : round3(r.all().jitterMicros()), tos));
        }
        UdpResult.UdpSenderSummary senderSummary = null;
        if (sender != null && !sent.isEmpty()) {
            Message.UdpCounts c = sum(sent.stream().map(Message.UdpTotal::measured).toList());
            double seconds = sent.stream().mapToLong(Message.UdpTotal::measuredNanos).max().orElse(0) / 1e9;
            senderSummary = new UdpResult.UdpSenderSummary(c.packets(), c.bytes(), seconds,
                    seconds <= 0 ? 0 : c.bytes() * 8.0 / seconds, seconds <= 0 ? 0 : Math.round(c.packets() / seconds));
        }
        UdpResult.UdpReceiverSummary receiverSummary = null;
        if (receiver != null && !received.isEmpty()) {
            Message.UdpCounts c = sum(received.stream().map(Message.UdpTotal::measured).toList());
            double seconds = received.stream().mapToLong(Message.UdpTotal::measuredNanos).max().orElse(0) / 1e9;
            long total = c.packets() + c.lost();
            Long drops = null;
            for (Message.UdpTotal t : received) {
                if (t.socketDrops() != null) {
                    drops = (drops == null ? 0 : drops) + t.socketDrops();
                }
            }
            receiverSummary = new UdpResult.UdpReceiverSummary(c.packets(), c.bytes(), seconds,
                    seconds <= 0 ? 0 : c.bytes() * 8.0 / seconds, c.lost(), total, lossPercent(c.lost(), total),
                    c.outOfOrder(), round3(c.jitterMicros()), seconds <= 0 ? 0.0 : (double) Math.round(c.packets() / seconds),
                    drops);
        }
        List<UdpResult.UdpInterval> ordered = new ArrayList<>(intervals);
        ordered.sort(Comparator.comparingDouble(UdpResult.UdpInterval::startSeconds));
        return new UdpDirection(name, senderName, receiverName, ordered, streams, senderSummary, receiverSummary,
                // frames (--isochronous) keep no steady -b to hold: their sizes vary and their slips are their own
                spec.isochronous() != null ? null
                        : UdpResult.Pacing.of(spec.rateBitsPerSecond() * spec.streams(), senderSummary, receiverSummary));
    }

    private static List<Message.UdpTotal> totals(Message.UdpResults side, IntPredicate inDirection, boolean sent) {
        if (side == null || side.streams() == null) {
            return List.of();
        }
        return side.streams().stream().filter(t -> t != null && t.sent() == sent && inDirection.test(t.index())
                && t.all() != null && t.measured() != null).toList();
    }

    private static Message.UdpTotal find(List<Message.UdpTotal> totals, int index) {
        return totals.stream().filter(t -> t.index() == index).findFirst().orElse(null);
    }
}
