package dev.wirespeed.engine.session;

import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.function.Consumer;

/**
 * One test mode's data side on the server, between the client's Start and its Stop. The
 * {@link ServerSession} owns everything else (handshake, heartbeat, Stop, peer loss, deadlines,
 * outcome, results exchange, close); a plane only moves and counts the data. A new mode writes
 * one of these and adds it to {@link ServerPlanes}.
 *
 * <p>The session calls {@link #start()}, then {@link #end(boolean)} once the test ended, then
 * {@link #results()} when it ended cleanly, and {@link #summary(String)} for the log.
 * {@link #close()} may come at any time from another thread (server shutdown).
 */
public interface ServerPlane {

    /**
     * What a plane is made from: the accepted data connections (TCP modes) or the UDP sockets
     * connected to the client's (UDP modes), both in stream order.
     *
     * @param send     writes a message on the control connection (interval reports), quietly
     * @param counters host counters read before Ready: Results carry what moved since
     * @param log      one line to the server's log, about this test's peer
     */
    record Setup(TestSpec spec, List<SocketChannel> tcp, List<DatagramChannel> udp, Consumer<Message> send,
                 PathCounterReport counters, Consumer<String> log) {}

    /** Makes the plane of one mode (see {@link ServerPlanes}). */
    interface Factory {
        ServerPlane open(Setup setup);
    }

    /**
     * Before Ready: makes the data threads, which set themselves up and wait for {@link #start}
     * (thread starts and buffers outside the test's clock; a plane without threads does nothing).
     * A plane spawned and never started is ended by {@link #close}.
     */
    default void spawn() {}

    /** Starts the data threads; returns the test's start as a System.nanoTime() value. */
    long start();

    /**
     * Ends the data: {@code clean} after the client's Stop (senders stop, receivers drain what is
     * in flight), otherwise at once. The plane's buffers are freed by the time its threads ended.
     */
    void end(boolean clean);

    /** This side's results, after a clean {@link #end}. */
    Message results();

    /** The server's one-line log of the test (without the peer), {@code problem} null when it ended cleanly. */
    String summary(String problem);

    /** Closes every channel now; blocked calls return without counting as failures. Idempotent. */
    void close();
}
