package dev.wirespeed.rdma;

import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Io;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.perftest.PerftestOutput;
import dev.wirespeed.perftest.PerftestProcess;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client side of {@code bw --rdma} / {@code lat --rdma}: asks the wirespeed server at HOST to
 * start the perftest server ({@link PerftestService}), runs the same program here as the client
 * with the same arguments and HOST, tells the server it is done, and reads the result into the
 * common {@link Measurement} ({@link PerftestOutput}).
 */
public final class RdmaClient {
    /** Without -D, a sweep of 23 sizes takes seconds on real hardware; this bounds a hung client. */
    static final long DEFAULT_LIMIT_MILLIS = 10 * 60_000;
    static final long SLACK_MILLIS = 30_000;

    /**
     * One run.
     * @param measurement the result, in the common model
     * @param command     the client's command line
     * @param output      the client's perftest output
     */
    public record Run(Measurement measurement, String command, String output) {}

    private final RdmaClientConfig config;

    public RdmaClient(RdmaClientConfig config) {
        this.config = config;
    }

    public Run run() throws IOException {
        PerftestArgs.validate(config.program(), config.args(), Long.MAX_VALUE / 1000);
        var bin = PerftestProcess.binary(null, config.program()).orElseThrow(() -> new IOException(config.program()
                + " is not installed here (apt-get install perftest, or put it on PATH)"));
        InetSocketAddress target = new InetSocketAddress(Sockets.resolve(config.host()), config.port());
        try (SocketChannel ch = Sockets.connect(target, config.timeoutMillis(), "perftest session")) {
            ch.socket().setSoTimeout(config.timeoutMillis() + (int) PerftestService.READY_MILLIS);
            ch.socket().getOutputStream().write(Preamble.perftest());
            FrameCodec codec = new FrameCodec(new DataInputStream(ch.socket().getInputStream()),
                    ch.socket().getOutputStream(), PerftestMessage.MAX_RESULT_FRAME_BYTES);
            if (config.reverse()) {
                return reversed(ch, codec, bin);
            }
            codec.writeValue(new PerftestMessage.Start(config.program(), config.args()));
            PerftestMessage answer = codec.readValue(PerftestMessage.class);
            if (answer instanceof PerftestMessage.Refused r) {
                throw new IOException("the server refused: " + r.message());
            }
            if (!(answer instanceof PerftestMessage.Started)) {
                throw new IOException("the server answered " + answer.getClass().getSimpleName() + " instead of started");
            }
            List<String> command = new ArrayList<>();
            command.add(bin.toString());
            command.addAll(config.args());
            command.add(config.host());
            ExternalProcess.Finished run = PerftestProcess.run(command, limitMillis(), config.cancelled());
            String output = run.output();
            codec.writeValue(new PerftestMessage.Done());
            PerftestMessage.Finished server = null;
            try {
                if (codec.readValue(PerftestMessage.class) instanceof PerftestMessage.Finished f) {
                    server = f;
                }
            } catch (IOException e) {
                // the server's end is only needed to explain a failure
            }
            String cmd = String.join(" ", command);
            if (config.cancelled().getAsBoolean()) {
                throw new IOException(config.program() + " stopped by the user");
            }
            Measurement m = PerftestOutput.measurement(output, config.program());
            Integer exit = run.exitCode(); // null: stopped at the time limit
            if (m == null || exit == null || exit != 0 && m.summary().isEmpty()) {
                String status = exit == null ? "did not finish in time" : "exited with " + exit;
                throw new IOException(config.program() + " " + status + " and no result: "
                        + PerftestProcess.lastLine(output)
                        + (server != null && server.exitStatus() != null && server.exitStatus() != 0
                                ? "; the server's " + config.program() + " exited with " + server.exitStatus() + ": "
                                        + server.lastLine() : ""));
            }
            return new Run(m, cmd, output);
        }
    }

    /**
     * -R: this host runs perftest's server, the wirespeed server at HOST runs perftest's client
     * against this host's address and sends its output back, which is parsed here.
     */
    private Run reversed(SocketChannel ch, FrameCodec codec, Path bin) throws IOException {
        codec.writeValue(new PerftestMessage.Start(config.program(), config.args(), true));
        PerftestMessage answer = codec.readValue(PerftestMessage.class);
        if (answer instanceof PerftestMessage.Refused r) {
            throw new IOException("the server refused: " + r.message());
        }
        if (!(answer instanceof PerftestMessage.Accepted)) {
            throw new IOException("the wirespeed server at " + config.host() + " does not run perftest's client "
                    + "(-R with --rdma needs a wirespeed server that runs reversed perftest tests: update it)");
        }
        List<String> command = new ArrayList<>();
        command.add(bin.toString());
        command.addAll(config.args());
        try (ExternalProcess.Running server = PerftestProcess.start(command)) {
            if (!PerftestProcess.awaitListening(server, config.args())) {
                throw new IOException("the local " + config.program() + " server exited with " + server.exitCode() + ": "
                        + PerftestProcess.lastLine(PerftestProcess.output(server)));
            }
            codec.writeValue(new PerftestMessage.Go());
            PerftestMessage.Finished finished = awaitFinished(ch, codec);
            // perftest's server ends after its one test; one that waits on is stopped
            if (!server.waitFor(2_000)) {
                server.stop();
            }
            String output = finished.output() == null ? "" : finished.output();
            String self = ((InetSocketAddress) ch.getLocalAddress()).getAddress().getHostAddress();
            String cmd = "(on " + config.host() + ") " + config.program() + " " + String.join(" ", config.args()) + " "
                    + self;
            Measurement m = PerftestOutput.measurement(output, config.program());
            if (m == null || finished.exitStatus() == null || finished.exitStatus() != 0 && m.summary().isEmpty()) {
                String status = finished.exitStatus() == null ? "did not finish in time" : "exited with "
                        + finished.exitStatus();
                throw new IOException(config.program() + " on " + config.host() + " " + status + " and no result: "
                        + finished.lastLine() + "; the local " + config.program() + " server's last line: "
                        + PerftestProcess.lastLine(PerftestProcess.output(server)));
            }
            return new Run(m, cmd, output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(config.program() + " stopped by the user");
        }
    }

    /** The server's Finished, read on a virtual thread so that Ctrl-C stops the wait. */
    private PerftestMessage.Finished awaitFinished(SocketChannel ch, FrameCodec codec)
            throws IOException, InterruptedException {
        ch.socket().setSoTimeout(0);
        var answer = new CompletableFuture<PerftestMessage>();
        Thread.ofVirtual().start(() -> {
            try {
                answer.complete(codec.readValue(PerftestMessage.class));
            } catch (IOException e) {
                answer.completeExceptionally(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis() + SLACK_MILLIS);
        while (true) {
            try {
                PerftestMessage m = answer.get(100, TimeUnit.MILLISECONDS);
                if (m instanceof PerftestMessage.Finished f) {
                    return f;
                }
                throw new IOException("the server answered " + m.getClass().getSimpleName() + " instead of finished");
            } catch (TimeoutException e) {
                if (config.cancelled().getAsBoolean()) {
                    throw new IOException(config.program() + " stopped by the user");
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException(config.program() + " on " + config.host() + " did not finish in time");
                }
            } catch (ExecutionException e) {
                throw new IOException("the server went away during the test: "
                        + Io.reason(e.getCause()), e.getCause());
            }
        }
    }

    private long limitMillis() {
        String d = PerftestArgs.valueOf(config.args(), "-D", "--duration");
        return d == null ? DEFAULT_LIMIT_MILLIS : Long.parseLong(d) * 1000 + SLACK_MILLIS;
    }
}
