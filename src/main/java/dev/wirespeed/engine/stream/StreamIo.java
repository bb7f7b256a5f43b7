package dev.wirespeed.engine.stream;

import java.io.IOException;
import java.util.List;

/**
 * One way a data stream moves its bytes: the system calls of its hot loop. A TCP stream
 * ({@link DataStream}) or a UDP stream ({@link UdpStream}) is the context {@code S} an io works
 * on: it says how much to send and when to stop, takes the counts, and ends the stream on an
 * error. The io owns only the loop, its buffers and its calls.
 *
 * <p>A stream tries the ios its {@link DataPath} lists, best first: an io that cannot serve (the
 * kernel refuses its first call, a resource is missing) throws {@link Refused} before it counted
 * anything, with the note users read ({@code dataPath.fallbacks}), and the next io takes over. The
 * call of the io that ran is what {@code dataPath} reports. An io that moves bytes one way only
 * returns null from {@link #call} for the other way and is passed over there without a note.
 *
 * <p>Each method runs once per stream, on the stream's own thread, so the loop inside pays no
 * indirection per call. The direct TCP calls use the stream's shared {@link StreamBuffers} (taken
 * and given back around the loop by {@link DataStream}); other buffers are allocated inside the
 * method (confined arenas), so they are freed when the stream ends.
 *
 * @param <S> the stream it works on
 */
interface StreamIo<S extends StreamLoop<?>> {
    /**
     * The call as {@code dataPath} names it ("write", "sendfile", "recv MSG_TRUNC", …) for a stream
     * that sends ({@code sending}) or receives; null when this io does not move bytes that way.
     */
    String call(boolean sending);

    /** Sends until the stream says stop (test stopped, byte budget spent); the caller then ends the stream. */
    default void send(S stream) throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not send");
    }

    /** Receives until the peer's end of stream, or until the stream is closed under it. */
    default void receive(S stream) throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not receive");
    }

    /**
     * This io cannot serve the stream, and nothing was counted: the next one takes over.
     * An IOException so that an io's loop can throw it where it throws its other errors.
     */
    final class Refused extends IOException {
        private final String note;

        /** @param note what users read about it ({@code dataPath.fallbacks}); null to pass over quietly */
        Refused(String note) {
            super(note == null ? "refused" : note);
            this.note = note;
        }

        String note() {
            return note;
        }
    }

    /**
     * Runs the first of {@code ios} that serves {@code stream}'s direction and is not refused,
     * recording on the stream the call it runs and the note of each refusal.
     *
     * @throws IOException from the io that ran, or when every one refused
     */
    static <S extends StreamLoop<?>> void run(S stream, List<? extends StreamIo<S>> ios) throws IOException {
        boolean sending = stream.counter().sending();
        Refused last = null;
        for (StreamIo<S> io : ios) {
            String call = io.call(sending);
            if (call == null) {
                continue;
            }
            stream.ran(call);
            try {
                if (sending) {
                    io.send(stream);
                } else {
                    io.receive(stream);
                }
                return;
            } catch (Refused r) {
                stream.note(r.note());
                last = r;
            }
        }
        throw new IOException("no way to " + (sending ? "send" : "receive") + " on this stream"
                + (last == null || last.note() == null ? "" : ": " + last.note()));
    }
}
