package dev.wirespeed.rdma;

import dev.wirespeed.Version;
import dev.wirespeed.admission.Admission;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.perftest.PerftestProcess;
import dev.wirespeed.wire.FrameCodec;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The server side of {@code bw --rdma} / {@code lat --rdma}: on a client's request it starts the
 * server side of one perftest program (a fixed list, arguments from {@link PerftestArgs}'s
 * allow-list), tells the client when it listens, and stops and reaps it when the client is done,
 * when it exits, or at the latest after the server's longest test plus a margin. Reversed (-R), it
 * runs the program's client side instead, against the requesting address only, and returns its
 * output. One at a time:
 * two would share the NIC and perftest's port.
 */
public final class PerftestService implements Server.SessionHandler {
    /** Beyond the longest test, time for perftest's connection setup, a sweep's many sizes, and teardown. */
    static final long SLACK_MILLIS = 60_000;
    /** Until the program listens (perftest prints its banner once it does). */
    static final long READY_MILLIS = PerftestProcess.READY_MILLIS;

    private final PerftestServiceConfig config;
    private final Semaphore slot = new Semaphore(1);

    public PerftestService(PerftestServiceConfig config) {
        this.config = config;
    }

    /**
     * Serves one request. Its handshake slot is given back only when a perftest process runs for
     * it: a refused request counts against the caps until the server closes it, right after the
     * refusal (issue 32: 20,000 refused requests stayed open and took the server's descriptors).
     * Refusals are logged through the handshake's rate limit.
     */
    @Override
    public void serve(SocketChannel ch, DataInputStream in, Admission.Ticket ticket) throws IOException {
        String peer = ticket.peer();
        ch.socket().setSoTimeout(config.handshakeMillis());
        FrameCodec codec = new FrameCodec(in, ch.socket().getOutputStream(), PerftestMessage.MAX_FRAME_BYTES);
        if (!(codec.readValue(PerftestMessage.class) instanceof PerftestMessage.Start start)) {
            refuse(codec, ticket, "expected a start request");
            return;
        }
        if (config.refusal() != null) {
            refuse(codec, ticket, config.refusal());
            return;
        }
        List<String> args = start.args() == null ? List.of() : start.args();
        try {
            PerftestArgs.validate(start.test(), args, config.maxDurationMillis() / 1000);
        } catch (IllegalArgumentException e) {
            refuse(codec, ticket, e.getMessage());
            return;
        }
        Path bin = PerftestProcess.binary(config.binDir(), start.test()).orElse(null);
        if (bin == null) {
            refuse(codec, ticket, start.test() + " is not installed on the server (apt-get install perftest)");
            return;
        }
        if (!slot.tryAcquire()) {
            refuse(codec, ticket, "another perftest run is in progress on the server");
            return;
        }
        try {
            ticket.done();
            if (start.reversed()) {
                runClient(codec, ch, peer, bin, start.test(), args);
            } else {
                run(codec, ch, peer, bin, start.test(), args);
            }
        } finally {
            slot.release();
        }
    }

    private void run(FrameCodec codec, SocketChannel ch, String peer, Path bin, String test, List<String> args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(bin.toString());
        command.addAll(args);
        try (ExternalProcess.Running p = PerftestProcess.start(command)) {
            config.log().accept(peer + ": started " + String.join(" ", command));
            if (!PerftestProcess.awaitListening(p, args)) {
                refuse(codec, peer, test + " on the server exited with " + p.exitCode() + ": "
                        + PerftestProcess.lastLine(PerftestProcess.output(p)));
                return;
            }
            codec.writeValue(new PerftestMessage.Started(config.software()));
            supervise(codec, ch, peer, test, p, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Reversed: perftest's client runs here, pointed at the address the request came from (the
     * client's host runs perftest's server), and its output goes back to the client to be parsed.
     */
    private void runClient(FrameCodec codec, SocketChannel ch, String peer, Path bin, String test, List<String> args)
            throws IOException {
        String target = ((InetSocketAddress) ch.getRemoteAddress()).getAddress().getHostAddress();
        codec.writeValue(new PerftestMessage.Accepted(Version.software()));
        ch.socket().setSoTimeout(config.handshakeMillis() + (int) READY_MILLIS);
        if (!(codec.readValue(PerftestMessage.class) instanceof PerftestMessage.Go)) {
            refuse(codec, peer, "expected go");
            return;
        }
        List<String> command = new ArrayList<>();
        command.add(bin.toString());
        command.addAll(args);
        command.add(target);
        try (ExternalProcess.Running p = PerftestProcess.start(command)) {
            config.log().accept(peer + ": started " + String.join(" ", command));
            supervise(codec, ch, peer, test, p, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Until the program ends by itself, the client says Done or goes away, or the server's longest
     * test plus a margin is over; then the client hears how it ended (with the output when asked).
     */
    private void supervise(FrameCodec codec, SocketChannel ch, String peer, String test, ExternalProcess.Running p,
                           boolean withOutput)
            throws IOException, InterruptedException {
        AtomicBoolean clientGone = new AtomicBoolean();
        ch.socket().setSoTimeout(0);
        Thread.ofVirtual().name("ws-perftest-session").start(() -> {
            try {
                codec.readValue(PerftestMessage.class);
            } catch (IOException e) {
                // EOF or a broken connection: the client is gone
            }
            clientGone.set(true);
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.maxDurationMillis() + SLACK_MILLIS);
        boolean stopped = false;
        while (!p.waitFor(100)) {
            if (clientGone.get() || System.nanoTime() > deadline) {
                // perftest waits for a peer that will not come, or one that hangs; a wrapper
                // script's children go too
                p.stop();
                stopped = true;
                break;
            }
        }
        Integer status = stopped ? null : p.exitCode();
        config.log().accept(peer + ": " + test + (status == null ? " stopped" : " exited with " + status));
        String out = PerftestProcess.output(p);
        try {
            codec.writeValue(new PerftestMessage.Finished(status, lastLine(out), withOutput ? returned(out) : null));
        } catch (IOException e) {
            // the client left first
        }
    }

    /** The output as sent back: per-QP address and GID lines dropped (-q 16384 prints 32768 of them), bounded. */
    static String returned(String out) {
        String kept = out.lines().filter(l -> !ADDRESS_LINE.matcher(l).lookingAt())
                .collect(Collectors.joining("\n", "", "\n"));
        int max = PerftestMessage.MAX_RETURNED_OUTPUT_CHARS;
        return kept.length() <= max ? kept : kept.substring(0, max / 4) + "\n[" + (kept.length() - max)
                + " characters left out]\n" + kept.substring(kept.length() - (max - max / 4 - 64));
    }

    private static final Pattern ADDRESS_LINE =
            Pattern.compile("\\s*(?:(?:local|remote) address:|GID:)");

    private void refuse(FrameCodec codec, Admission.Ticket ticket, String message) {
        ticket.event("refused perftest request from " + ticket.peer() + ": " + message);
        refuse(codec, message);
    }

    /** A refusal after the request was admitted (a reversed run's missing Go): logged as it is. */
    private void refuse(FrameCodec codec, String peer, String message) {
        config.log().accept("refused perftest request from " + peer + ": " + message);
        refuse(codec, message);
    }

    private static void refuse(FrameCodec codec, String message) {
        try {
            codec.writeValue(new PerftestMessage.Refused(message));
        } catch (IOException ignored) {
            // it is gone already
        }
    }

    static String lastLine(String out) {
        return PerftestProcess.lastLine(out);
    }
}
