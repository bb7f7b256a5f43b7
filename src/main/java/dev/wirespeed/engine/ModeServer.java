package dev.wirespeed.engine;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The server's side of a latency (tcp-lat, udp-lat) or UDP bandwidth (udp-bw) test, from Start to
 * the results: the data threads run while the control connection carries heartbeats until the
 * client's Stop.
 */
final class ModeServer {
    private final FrameCodec codec;
    private final SocketChannel control;
    private final BwServer.Config config;
    private final String peer;
    private final TestSpec spec;
    private final SocketChannel[] data;
    private final DatagramChannel[] udp;
    private final Supplier<String> abortReason;
    /** Read before Ready; the latency test's Results carry what moved since. */
    private final PathCounterReport counters;

    ModeServer(FrameCodec codec, SocketChannel control, BwServer.Config config, String peer, TestSpec spec,
               SocketChannel[] data, DatagramChannel[] udp, Supplier<String> abortReason, PathCounterReport counters) {
        this.codec = codec;
        this.control = control;
        this.config = config;
        this.peer = peer;
        this.spec = spec;
        this.data = data;
        this.udp = udp;
        this.abortReason = abortReason;
        this.counters = counters;
    }

    void run() throws IOException {
        if (spec.latency()) {
            runLatency();
        } else {
            runUdpBandwidth();
        }
    }

    private void runLatency() throws IOException {
        CpuAccumulator cpu = new CpuAccumulator();
        long t0 = System.nanoTime();
        StopFlag stop = new StopFlag();
        String[] pinProblem = new String[1];
        Thread echo = Thread.ofPlatform().name("ws-server-echo").daemon(true).start(() -> {
            if (spec.serverCpu() != null) {
                pinProblem[0] = Affinity.pinCurrentThread(spec.serverCpu()); // -A ,SERVER_CPU of the client
            }
            CpuClock clock = CpuClock.startForCurrentThread();
            try {
                if (spec.udp()) {
                    LatEcho.udp(udp[0], spec.busyPoll(), stop);
                } else {
                    LatEcho.tcp(data[0], spec.sizesBytes(), spec.busyPoll(), stop);
                }
            } catch (IOException | RuntimeException e) {
                // the channel was closed at the end, or the client went away: the control connection tells which
            } finally {
                clock.stopInto(cpu);
            }
        });
        Heartbeat heart = Heartbeat.start("ws-server-heartbeat", this::sendQuietly);
        String problem = awaitStop(t0);
        long end = System.nanoTime();
        // stop and shut down, let the echo thread leave its read, then close (see NativeIo)
        stop.set();
        shutdownData();
        if (!join(echo)) {
            log("echo thread did not stop within 2 s of the test's end; closing its socket under it");
        }
        closeData();
        heart.stop();
        if (problem == null) {
            // the echo thread has been joined above, so its pinning outcome is visible here
            Message.DataPathUsed placement = pinProblem[0] == null ? null
                    : new Message.DataPathUsed(null, null, List.of(pinProblem[0]));
            send(new Message.Results(List.of(), new Message.CpuTime(cpu.userNanos(), cpu.systemNanos(), end - t0),
                    null, placement).withCounterDeltas(counters.deltas()));
            ServerTest.lingeringClose(control);
        }
        int sizes = spec.sizesBytes().size();
        log(String.format(Locale.ROOT, "%s %s%s, %.1f s%s", spec.mode(),
                sizes == 1 ? ByteSize.formatExact(spec.sizesBytes().getFirst()) : sizes + " sizes",
                spec.busyPoll() ? ", busy-poll" : "", (end - t0) / 1e9, problem == null ? "" : " — aborted: " + problem));
    }

    private void runUdpBandwidth() throws IOException {
        boolean[] sends = new boolean[udp.length];
        for (int i = 0; i < sends.length; i++) {
            sends[i] = !spec.direction().isUploadStream(i, spec.streams());
        }
        UdpGroup group = new UdpGroup("ws-server", Arrays.asList(udp), sends, spec, UdpHeader.WIRESPEED, null);
        IntervalSampler sampler = new IntervalSampler(group.counters(),
                TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()), TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()),
                BwClient.plannedEndNanos(spec), s -> {
                    Message.UdpInterval iv = group.interval(s);
                    if (iv != null) {
                        sendQuietly(iv);
                    }
                });
        long t0 = System.nanoTime();
        group.start();
        sampler.start(t0);
        Heartbeat heart = Heartbeat.start("ws-server-heartbeat", this::sendQuietly);
        String problem = awaitStop(t0);
        group.stopSending();
        long stopNanos = System.nanoTime();
        if (problem == null) {
            group.drainReceivers();
        }
        group.close(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
        sampler.finish(group.dataEndNanos(stopNanos));
        heart.stop();
        List<Message.UdpTotal> totals = group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime(), stopNanos);
        if (problem == null) {
            send(new Message.UdpResults(totals, new Message.CpuTime(group.cpu().userNanos(),
                    group.cpu().systemNanos(), stopNanos - t0)));
            ServerTest.lingeringClose(control);
        }
        log(udpSummary(spec, totals, stopNanos - t0, problem));
    }

    static String udpSummary(TestSpec spec, List<Message.UdpTotal> totals, long wallNanos, String problem) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "udp-bw %s %d %s %.1f s",
                spec.direction().label(), spec.streams(), spec.streams() == 1 ? "stream" : "streams", wallNanos / 1e9));
        long rxPackets = 0;
        long rxBytes = 0;
        long lost = 0;
        long nanos = 0;
        boolean received = false;
        for (Message.UdpTotal t : totals) {
            if (!t.sent()) {
                received = true;
                rxPackets += t.measured().packets();
                rxBytes += t.measured().bytes();
                lost += t.measured().lost();
                nanos = Math.max(nanos, t.measuredNanos());
            }
        }
        if (received) {
            long total = rxPackets + lost;
            b.append(String.format(Locale.ROOT, ", received %s = %s, lost %d/%d (%.2g %%)", ByteSize.format(rxBytes),
                    Rate.format(Rate.bitsPerSecond(rxBytes, nanos)), lost, total,
                    total == 0 ? 0.0 : 100.0 * lost / total));
        }
        if (problem != null) {
            b.append(" — aborted: ").append(problem);
        }
        return b.toString();
    }

    /** Reads heartbeats until Stop; returns why the test ended early, or null after a Stop. */
    private String awaitStop(long t0) {
        long maxNanos = TimeUnit.MILLISECONDS.toNanos(config.limits().maxDurationMillis() + spec.omitMillis())
                + TimeUnit.SECONDS.toNanos(30);
        String problem = null;
        try {
            control.socket().setSoTimeout(ServerTest.RUNNING_SILENCE_MILLIS);
            while (true) {
                Message m = codec.read();
                if (m instanceof Message.Stop) {
                    break;
                }
                if (!(m instanceof Message.Heartbeat)) {
                    throw new ProtocolException("expected Stop or Heartbeat but was " + m.getClass().getSimpleName());
                }
                if (System.nanoTime() - t0 > maxNanos) {
                    throw new ProtocolException("test exceeded the server's limit of "
                            + config.limits().maxDurationMillis() / 1000 + " s");
                }
            }
        } catch (SocketTimeoutException e) {
            problem = "client silent for " + ServerTest.RUNNING_SILENCE_MILLIS / 1000 + " s";
        } catch (EOFException e) {
            problem = "client went away";
        } catch (IOException e) {
            problem = Io.reason(e);
            sendQuietly(new Message.Error(problem));
        }
        if (abortReason.get() != null) {
            problem = abortReason.get();
        }
        return problem;
    }

    private void shutdownData() {
        for (SocketChannel ch : data) {
            if (ch != null) {
                NativeIo.shutdown(ch);
            }
        }
        for (DatagramChannel ch : udp) {
            if (ch != null) {
                NativeIo.shutdown(ch);
            }
        }
    }

    /** After {@link #shutdownData()} and the echo thread's end. */
    private void closeData() {
        for (SocketChannel ch : data) {
            Io.closeQuietly(ch);
        }
        for (DatagramChannel ch : udp) {
            Io.closeQuietly(ch);
        }
    }

    /** True when {@code t} ended within 2 s. */
    private static boolean join(Thread t) {
        try {
            return t.join(java.time.Duration.ofSeconds(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void send(Message m) throws IOException {
        codec.write(m);
    }

    private void sendQuietly(Message m) {
        try {
            codec.write(m);
        } catch (IOException ignored) {
            // the peer is gone; the control loop reports that
        }
    }

    private void log(String line) {
        config.log().accept(Printable.line(peer + " " + line));
    }
}
