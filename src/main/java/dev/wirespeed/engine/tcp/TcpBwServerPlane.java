package dev.wirespeed.engine.tcp;

import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.engine.stream.DataPath;
import dev.wirespeed.engine.stream.StreamGroup;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Tos;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** The server's side of a TCP bandwidth test (tcp-bw): one stream thread per data connection. */
public final class TcpBwServerPlane implements ServerPlane {
    /** After Stop, how long receivers may take to see the client's last bytes. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final TestSpec spec;
    private final ServerPlane.Setup setup;
    private final StreamGroup group;
    private long endNanos;
    private List<Message.StreamTotal> totals = List.of();

    public TcpBwServerPlane(ServerPlane.Setup setup) {
        this.setup = setup;
        this.spec = setup.spec();
        this.group = new StreamGroup("ws-server", setup.tcp(), false, spec, DataPath.endingWithFin(spec));
        group.pinTo(spec.serverCpu());
        // the server reports the intervals of the streams the client sends on, as it counts them
        group.sample(group.intervalNanos(), s -> {
            Message.Interval received = group.interval(s, false);
            if (received != null) {
                setup.send().accept(received);
            }
            // the streams this side sends on (-R, --bidir): their TCP_INFO, for the client's Retr/Cwnd columns
            Message.Interval sent = spec.intervalMillis() > 0 ? group.interval(s, true) : null;
            if (sent != null) {
                setup.send().accept(sent.withTcp(group.tcpNow(sent.streams())));
            }
            Message.TripTimes trip = spec.tripTimes() ? group.tripInterval(s) : null;
            if (trip != null) {
                setup.send().accept(trip);
            }
        });
    }

    @Override
    public void spawn() {
        group.spawn();
    }

    @Override
    public long start() {
        return group.start();
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
        group.finish(endNanos);
        totals = group.totals();
    }

    @Override
    public Message results() {
        // senders wait for the client's close: then their TCP_INFO (retransmits) is final
        group.join(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
        Message.Results results = group.results(endNanos);
        totals = results.streams();
        Message.TripTimes trip = spec.tripTimes() ? group.tripTotal() : null;
        if (trip != null) {
            setup.send().accept(trip); // before the results, on the same connection: the client has it when they come
        }
        return setup.counters().attach(results, Protocol.TCP);
    }

    @Override
    public String summary(String problem) {
        return summaryLine(spec, totals, endNanos - group.startNanoTime(), problem);
    }

    @Override
    public void close() {
        group.close();
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
        if (spec.tos() != null) {
            // what this kernel saw on the client's segments, each distinct value once
            String seen = totals.stream().map(Message.StreamTotal::receivedTos).filter(Objects::nonNull)
                    .distinct().sorted().map(Tos::describe)
                    .collect(Collectors.joining(", "));
            b.append(", TOS received ").append(seen.isEmpty() ? "unreadable" : seen);
        }
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
