package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.engine.stream.StopFlag;
import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The server's side of a latency test (tcp-lat, udp-lat): one thread echoes every message back. */
public final class LatencyServerPlane implements ServerPlane {
    private final TestSpec spec;
    private final ServerPlane.Setup setup;
    private final List<SelectableChannel> channels = new ArrayList<>();
    private final CpuAccumulator cpu = new CpuAccumulator();
    private final StopFlag stop = new StopFlag();
    /** Written by the echo thread before it ends; read after it was joined. */
    private volatile String pinProblem;
    private Thread echo;
    private long startNanos;
    private long endNanos;

    public LatencyServerPlane(ServerPlane.Setup setup) {
        this.setup = setup;
        this.spec = setup.spec();
        channels.addAll(setup.tcp());
        channels.addAll(setup.udp());
    }

    @Override
    public long start() {
        startNanos = System.nanoTime();
        echo = Thread.ofPlatform().name("ws-server-echo").daemon(true).start(() -> {
            if (spec.serverCpu() != null) {
                pinProblem = Affinity.pinCurrentThread(spec.serverCpu()); // -A ,SERVER_CPU of the client
            }
            CpuClock clock = CpuClock.startForCurrentThread();
            try {
                if (spec.udp()) {
                    LatEcho.udp(setup.udp().getFirst(), spec.busyPoll(), stop);
                } else {
                    LatEcho.tcp(setup.tcp().getFirst(), spec.sizesBytes(), spec.busyPoll(), stop);
                }
            } catch (IOException | RuntimeException e) {
                // the channel was closed at the end, or the client went away: the control connection tells which
            } finally {
                clock.stopInto(cpu);
            }
        });
        return startNanos;
    }

    @Override
    public void end(boolean clean) {
        endNanos = System.nanoTime();
        // stop and shut down, let the echo thread leave its read, then close (see NativeIo)
        stopAndShutdown();
        if (!join(echo)) {
            setup.log().accept("echo thread did not stop within 2 s of the test's end; closing its socket under it");
        }
        setup.counters().udpEnded(); // the socket's drops, before closing it takes its row away
        channels.forEach(Io::closeQuietly);
    }

    @Override
    public Message results() {
        Message.DataPathUsed placement = pinProblem == null ? null
                : new Message.DataPathUsed(null, null, List.of(pinProblem));
        return setup.counters().attach(new Message.Results(List.of(), new Message.CpuTime(cpu.userNanos(),
                cpu.systemNanos(), endNanos - startNanos), null, placement),
                Protocol.of(spec.udp()));
    }

    @Override
    public String summary(String problem) {
        int sizes = spec.sizesBytes().size();
        return String.format(Locale.ROOT, "%s %s%s, %.1f s%s", spec.mode(),
                sizes == 1 ? ByteSize.formatExact(spec.sizesBytes().getFirst()) : sizes + " sizes",
                spec.busyPoll() ? ", busy-poll" : "", (endNanos - startNanos) / 1e9,
                problem == null ? "" : " — aborted: " + problem);
    }

    /** The echo thread leaves its read; {@link #end} closes the sockets once it did. */
    @Override
    public void close() {
        stopAndShutdown();
    }

    private void stopAndShutdown() {
        stop.set();
        channels.forEach(NativeIo::shutdown);
    }

    /** True when {@code t} ended within 2 s. */
    private static boolean join(Thread t) {
        if (t == null) {
            return true;
        }
        try {
            return t.join(Duration.ofSeconds(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
