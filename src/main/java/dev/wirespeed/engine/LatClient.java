package dev.wirespeed.engine;

import dev.wirespeed.Version;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.measure.LatencyRecorder;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The client of a ping-pong latency test. The calling thread runs the exchange (nothing else
 * runs on it); a watchdog thread resends a lost UDP ping, and gives up when the server has not
 * answered for {@code timeoutMillis} or Ctrl-C was pressed, by closing the data socket. Whatever
 * ends the test, the sizes finished so far (and the one in progress, if it has round trips) are
 * returned.
 */
public final class LatClient {
    /** A UDP ping without echo for this long is resent once more, and its round trip not counted. */
    static final long UDP_RESEND_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    static final long WATCHDOG_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * @param iterations     measured round trips per size; null when {@code secondsPerSize} is set
     * @param timeoutMillis  silence of the server (no echo, no control message) that ends the test
     * @param bindAddress    local address of the control and data connections (-B), null = the kernel's choice
     * @param cpu            the CPU the ping-pong thread is pinned to (-A CPU), null = none
     * @param serverCpu      the CPU the server pins its echo thread to (-A CPU,SERVER_CPU), null = none
     */
    public record Config(String host, int port, boolean udp, List<Integer> sizesBytes, Long iterations,
                         Double secondsPerSize, long warmupIterations, boolean busyPoll, int connectTimeoutMillis,
                         int timeoutMillis, BooleanSupplier interrupted, java.net.InetAddress bindAddress, Integer cpu,
                         Integer serverCpu) {
        public Config {
            sizesBytes = List.copyOf(sizesBytes);
            if (interrupted == null) {
                interrupted = () -> false;
            }
        }

        boolean sweep() {
            return sizesBytes.size() > 1;
        }

        /** A builder holding every field of this config: change some, {@code build()} a copy that keeps the rest. */
        public Builder toBuilder() {
            Builder b = new Builder();
            b.host = host;
            b.port = port;
            b.udp = udp;
            b.sizesBytes = sizesBytes;
            b.iterations = iterations;
            b.secondsPerSize = secondsPerSize;
            b.warmupIterations = warmupIterations;
            b.busyPoll = busyPoll;
            b.connectTimeoutMillis = connectTimeoutMillis;
            b.timeoutMillis = timeoutMillis;
            b.interrupted = interrupted;
            b.bindAddress = bindAddress;
            b.cpu = cpu;
            b.serverCpu = serverCpu;
            return b;
        }

        public static Builder builder() {
            return new Builder();
        }

        /** Sets fields by name, so that no caller depends on the order of the record's components. */
        public static final class Builder {
            private String host;
            private int port;
            private boolean udp;
            private List<Integer> sizesBytes = List.of();
            private Long iterations;
            private Double secondsPerSize;
            private long warmupIterations;
            private boolean busyPoll;
            private int connectTimeoutMillis;
            private int timeoutMillis;
            private BooleanSupplier interrupted;
            private java.net.InetAddress bindAddress;
            private Integer cpu;
            private Integer serverCpu;

            private Builder() {}

            public Builder bindAddress(java.net.InetAddress bindAddress) {
                this.bindAddress = bindAddress;
                return this;
            }

            public Builder cpu(Integer cpu) {
                this.cpu = cpu;
                return this;
            }

            public Builder serverCpu(Integer serverCpu) {
                this.serverCpu = serverCpu;
                return this;
            }

            public Builder host(String host) {
                this.host = host;
                return this;
            }

            public Builder port(int port) {
                this.port = port;
                return this;
            }

            public Builder udp(boolean udp) {
                this.udp = udp;
                return this;
            }

            public Builder sizesBytes(List<Integer> sizesBytes) {
                this.sizesBytes = sizesBytes;
                return this;
            }

            public Builder iterations(Long iterations) {
                this.iterations = iterations;
                return this;
            }

            public Builder secondsPerSize(Double secondsPerSize) {
                this.secondsPerSize = secondsPerSize;
                return this;
            }

            public Builder warmupIterations(long warmupIterations) {
                this.warmupIterations = warmupIterations;
                return this;
            }

            public Builder busyPoll(boolean busyPoll) {
                this.busyPoll = busyPoll;
                return this;
            }

            public Builder connectTimeoutMillis(int connectTimeoutMillis) {
                this.connectTimeoutMillis = connectTimeoutMillis;
                return this;
            }

            public Builder timeoutMillis(int timeoutMillis) {
                this.timeoutMillis = timeoutMillis;
                return this;
            }

            public Builder interrupted(BooleanSupplier interrupted) {
                this.interrupted = interrupted;
                return this;
            }

            public Config build() {
                return new Config(host, port, udp, sizesBytes, iterations, secondsPerSize, warmupIterations, busyPoll,
                        connectTimeoutMillis, timeoutMillis, interrupted, bindAddress, cpu, serverCpu);
            }
        }
    }

    /** Receives rows as each size finishes: the text output prints from these calls. */
    public interface Listener {
        default void connected(BwResult.Peer server, LatResult.LatParams params) {}

        default void row(LatRow row) {}
    }

    private final Config config;

    public LatClient(Config config) {
        this.config = config;
    }

    public static TestSpec spec(boolean udp, List<Integer> sizesBytes, boolean busyPoll) {
        return spec(udp, sizesBytes, busyPoll, null);
    }

    /** @param serverCpu the CPU the server pins its echo thread to (-A ,SERVER_CPU), null = none */
    public static TestSpec spec(boolean udp, List<Integer> sizesBytes, boolean busyPoll, Integer serverCpu) {
        int max = sizesBytes.stream().mapToInt(Integer::intValue).max().orElse(1);
        return TestSpec.latency(udp).direction(Direction.UPLOAD).streams(1).bufferBytes(max).noDelay(!udp)
                .sizesBytes(sizesBytes).busyPoll(busyPoll).serverCpu(serverCpu).build();
    }

    public LatResult.LatParams params() {
        return new LatResult.LatParams(Protocol.of(config.udp()).label(), config.sweep(), config.sizesBytes(),
                config.iterations(), config.secondsPerSize(), config.warmupIterations(), config.busyPoll(),
                config.cpu(), config.serverCpu(),
                config.bindAddress() == null ? null : config.bindAddress().getHostAddress());
    }

    public LatResult run(Listener listener) throws IOException {
        TestSpec spec = spec(config.udp(), config.sizesBytes(), config.busyPoll(), config.serverCpu());
        ControlSession session = ControlSession.open(config.host(), config.port(), spec,
                config.connectTimeoutMillis(), config.connectTimeoutMillis(), config.bindAddress());
        ByteChannel data = null;
        try {
            if (config.udp()) {
                data = UdpSetup.connect(session.target, session.testId, 0, 0, config.connectTimeoutMillis(),
                        config.bindAddress());
            } else {
                data = session.openTcpData(0, config.connectTimeoutMillis(), config.bindAddress());
            }
            session.codec.expect(Message.Ready.class);
            PingPong pingPong;
            if (data instanceof DatagramChannel udp) {
                UdpSetup.drain(udp);
                pingPong = new PingPong.Udp(udp, spec.bufferBytes(), config.busyPoll());
            } else {
                pingPong = new PingPong.Tcp((java.nio.channels.SocketChannel) data, spec.bufferBytes(),
                        config.busyPoll());
            }
            listener.connected(session.server, params());
            return new Run(session, data, pingPong, listener).execute();
        } finally {
            closeQuietly(data);
            session.close();
        }
    }

    static void closeQuietly(java.nio.channels.Channel ch) {
        if (ch instanceof java.nio.channels.SelectableChannel socket) {
            NativeIo.shutdownAndClose(socket);
        } else {
            Io.closeQuietly(ch);
        }
    }

    private final class Run {
        private final ControlSession session;
        private final ByteChannel data;
        private final PingPong pingPong;
        private final Listener listener;
        private final ControlReader<Message.Results> reader;
        private final List<LatRow> rows = new ArrayList<>();
        private volatile String stopReason;
        private volatile boolean interrupted;
        private volatile boolean finished;
        private volatile String pinProblem;

        Run(ControlSession session, ByteChannel data, PingPong pingPong, Listener listener) {
            this.session = session;
            this.data = data;
            this.pingPong = pingPong;
            this.listener = listener;
            this.reader = new ControlReader<>(session.codec, Message.Results.class, ControlReader::ignore,
                    () -> finished, this::stopFor, "no word from the server on the control connection");
        }

        LatResult execute() throws IOException {
            session.control.socket().setSoTimeout((int) Math.max(config.timeoutMillis(), BwClient.SILENCE_LIMIT_MILLIS));
            PathCounterReport counters = PathCounterReport.start(session.control);
            session.codec.write(new Message.Start());
            Instant startedAt = Instant.now();
            long t0 = System.nanoTime();
            reader.start("ws-lat-control");
            Heartbeat heart = Heartbeat.start("ws-lat-heartbeat", this::sendQuietly);
            Thread watchdog = Thread.ofPlatform().name("ws-lat-watchdog").daemon(true).start(this::watch);
            CpuAccumulator cpu = new CpuAccumulator();
            String failure = exchangeOnPlacedThread(cpu);
            long end = System.nanoTime();
            finished = true;
            LockSupport.unpark(watchdog);
            Message.Results remote = null;
            if (stopReason == null || interrupted) {
                heart.stopThen(new Message.Stop());
                remote = reader.await(System.nanoTime() + BwClient.DRAIN_LIMIT_NANOS);
            }
            heart.stop();
            java.util.List<dev.wirespeed.host.Counters> counterDeltas = counters.deltas();
            BwResult.Outcome outcome;
            if (interrupted) {
                outcome = new BwResult.Outcome(OutcomeStatus.INTERRUPTED, "stopped by the user after " + rows.size()
                        + (rows.size() == 1 ? " size" : " sizes"));
            } else if (stopReason != null || failure != null) {
                String why = stopReason != null ? stopReason : failure;
                outcome = new BwResult.Outcome(OutcomeStatus.PEER_LOST, "the server stopped answering after "
                        + String.format(java.util.Locale.ROOT, "%.1f", (end - t0) / 1e9) + " s (" + why + ")");
            } else if (remote == null) {
                outcome = new BwResult.Outcome(OutcomeStatus.PEER_LOST, "no results from the server");
            } else {
                outcome = BwResult.Outcome.OK;
            }
            Message.CpuTime local = new Message.CpuTime(cpu.userNanos(), cpu.systemNanos(), end - t0);
            BwResult.Cpu cpuResult = new BwResult.Cpu(ResultAssembler.cpu(local),
                    remote == null ? null : ResultAssembler.cpu(remote.cpu()));
            List<String> serverFallbacks = remote == null || remote.dataPath() == null
                    || remote.dataPath().fallbacks() == null || remote.dataPath().fallbacks().isEmpty()
                    ? null : remote.dataPath().fallbacks();
            LatResult.Fallbacks fallbacks = pinProblem == null && serverFallbacks == null ? null
                    : new LatResult.Fallbacks(pinProblem == null ? null : List.of(pinProblem), serverFallbacks);
            return new LatResult(LatResult.SCHEMA, new BwResult.Tool("wirespeed", Version.get()), startedAt.toString(),
                    ResultAssembler.localPeer(), session.server, params(), List.copyOf(rows), cpuResult, outcome,
                    pingPong.ioPath(), PathCounterReport.join(counters.interfaceName(), counterDeltas, remote),
                    fallbacks);
        }

        /**
         * Runs the exchange here, or with -A on a thread of its own pinned to that CPU (pinning the
         * caller's thread would outlive the test in an embedding JVM). Returns the failure, or null.
         */
        private String exchangeOnPlacedThread(CpuAccumulator cpu) {
            String[] failure = new String[1];
            Runnable body = () -> {
                if (config.cpu() != null) {
                    pinProblem = Affinity.pinCurrentThread(config.cpu());
                }
                CpuClock clock = CpuClock.startForCurrentThread();
                try {
                    exchange();
                } catch (IOException | RuntimeException e) {
                    failure[0] = e instanceof IOException io ? Io.reason(io) : String.valueOf(e);
                } finally {
                    clock.stopInto(cpu);
                }
            };
            if (config.cpu() == null) {
                body.run();
                return failure[0];
            }
            Thread t = Thread.ofPlatform().name("ws-lat-pingpong").daemon(true).start(body);
            boolean interruptedHere = false;
            while (true) {
                try {
                    t.join(); // the watchdog bounds the exchange: silence or Ctrl-C closes its socket
                    break;
                } catch (InterruptedException e) {
                    interruptedHere = true;
                }
            }
            if (interruptedHere) {
                Thread.currentThread().interrupt();
            }
            return failure[0];
        }

        private void exchange() throws IOException {
            LatencyRecorder recorder = new LatencyRecorder();
            List<Integer> sizes = config.sizesBytes();
            long sequence = 0;
            for (int k = 0; k < sizes.size(); k++) {
                int size = sizes.get(k);
                recorder.reset();
                for (long w = 0; w < config.warmupIterations(); w++) {
                    pingPong.roundTrip(size, sequence++, PingPong.PING);
                }
                long lost = 0;
                long start = System.nanoTime();
                try {
                    if (config.iterations() != null) {
                        long wanted = config.iterations();
                        // lost UDP pings are repeated, up to as many again, so the count is exact
                        for (long attempt = 0; recorder.count() < wanted && attempt < 2 * wanted; attempt++) {
                            long rtt = pingPong.roundTrip(size, sequence++, PingPong.PING);
                            if (rtt < 0) {
                                lost++;
                            } else {
                                recorder.record(rtt);
                            }
                        }
                    } else {
                        long deadline = start + (long) (config.secondsPerSize() * 1e9);
                        while (System.nanoTime() < deadline) {
                            long rtt = pingPong.roundTrip(size, sequence++, PingPong.PING);
                            if (rtt < 0) {
                                lost++;
                            } else {
                                recorder.record(rtt);
                            }
                        }
                    }
                } catch (IOException e) {
                    if (recorder.count() > 0) {
                        addRow(size, recorder, lost, System.nanoTime() - start);
                    }
                    throw e;
                }
                long elapsed = System.nanoTime() - start;
                pingPong.roundTrip(size, k, PingPong.NEXT_SIZE);
                addRow(size, recorder, lost, elapsed);
            }
        }

        private void addRow(int size, LatencyRecorder recorder, long lost, long elapsedNanos) {
            long n = recorder.count();
            LatRow row = new LatRow(size, n, config.udp() ? lost : null, recorder.oneWayMicros(),
                    recorder.roundTripMicros(), elapsedNanos <= 0 ? 0 : Math.round(n * 1e9 / elapsedNanos * 10) / 10.0,
                    recorder.encoded());
            rows.add(row);
            listener.row(row);
        }

        /** Resends lost UDP pings; ends the exchange on silence, Ctrl-C or a control-channel problem. */
        private void watch() {
            long lastProgress = pingPong.progress();
            long lastChange = System.nanoTime();
            long lastResend = lastChange;
            long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(config.timeoutMillis());
            while (!finished) {
                LockSupport.parkNanos(WATCHDOG_TICK_NANOS);
                if (finished) {
                    return;
                }
                long now = System.nanoTime();
                long progress = pingPong.progress();
                if (config.interrupted().getAsBoolean()) {
                    interrupted = true;
                    end("interrupted");
                    return;
                }
                if (stopReason != null) {
                    end(stopReason);
                    return;
                }
                if (progress != lastProgress) {
                    lastProgress = progress;
                    lastChange = now;
                    lastResend = now;
                    continue;
                }
                if (now - lastChange > timeoutNanos) {
                    end("no answer for " + trim(config.timeoutMillis() / 1000.0) + " s");
                    return;
                }
                if (config.udp() && now - lastResend > UDP_RESEND_NANOS) {
                    lastResend = now;
                    try {
                        pingPong.resend();
                    } catch (IOException e) {
                        end(Io.reason(e));
                        return;
                    }
                }
            }
        }

        /** Wakes the exchange out of its read; the channel is closed once the exchange has returned. */
        private void end(String reason) {
            stopFor(reason);
            pingPong.stop();
            if (data instanceof java.nio.channels.SelectableChannel socket) {
                NativeIo.shutdown(socket);
            } else {
                closeQuietly(data);
            }
        }

        /** Keeps the first reason; the watchdog ends the exchange on it. */
        private void stopFor(String reason) {
            if (stopReason == null) {
                stopReason = reason;
            }
        }

        private void sendQuietly(Message m) {
            try {
                session.codec.write(m);
            } catch (IOException ignored) {
                // the control reader reports a lost server
            }
        }
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
