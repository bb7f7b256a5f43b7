package dev.wirespeed.wire;

import dev.wirespeed.guard.Printable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.cfg.MutableCoercionConfig;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads and writes length-prefixed JSON frames. Holds no socket: tests feed it streams.
 * Writes are synchronized so that several threads may share one control connection.
 */
public final class FrameCodec {
    /**
     * Strict about types, as docs/PROTOCOL.md says: a string for a number ({@code "streams":"4"}),
     * a fraction for an integer ({@code 1.9}), a number for a string or a boolean, a number for an
     * enum and trailing tokens all end the connection instead of being converted.
     */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .withCoercionConfig(LogicalType.Integer, c -> refuse(c, CoercionInputShape.String, CoercionInputShape.Float,
                    CoercionInputShape.Boolean, CoercionInputShape.EmptyString))
            .withCoercionConfig(LogicalType.Float, c -> refuse(c, CoercionInputShape.String, CoercionInputShape.Boolean,
                    CoercionInputShape.EmptyString))
            .withCoercionConfig(LogicalType.Boolean, c -> refuse(c, CoercionInputShape.String, CoercionInputShape.Integer,
                    CoercionInputShape.Float, CoercionInputShape.EmptyString))
            .withCoercionConfig(LogicalType.Textual, c -> refuse(c, CoercionInputShape.Integer, CoercionInputShape.Float,
                    CoercionInputShape.Boolean))
            .withCoercionConfig(LogicalType.Enum, c -> refuse(c, CoercionInputShape.Integer, CoercionInputShape.EmptyString))
            .addModule(new tools.jackson.databind.module.SimpleModule("peer-text")
                    .addDeserializer(String.class, new PeerText())
                    .addKeyDeserializer(String.class, new PeerKey()))
            .build();

    /**
     * Every string a peer sends — a server's host name, its data path's words, a counter's subject,
     * an agent's error — arrives with its control characters escaped ({@link Printable#whole}): the
     * one place where a peer's words enter, so no log, terminal or stored result can carry a peer's
     * escape sequence or line feed. Our own peers send none, so nothing they say changes.
     */
    static final class PeerText extends tools.jackson.databind.deser.jdk.StringDeserializer {
        @Override
        public String deserialize(tools.jackson.core.JsonParser p, tools.jackson.databind.DeserializationContext ctxt) {
            return Printable.whole(super.deserialize(p, ctxt));
        }
    }

    /**
     * A peer's multi-line text that is parsed after it arrives (a reversed perftest run's output):
     * line feeds and tabs stay, every other control character is escaped as above.
     */
    public static final class PeerLines extends tools.jackson.databind.deser.jdk.StringDeserializer {
        @Override
        public String deserialize(tools.jackson.core.JsonParser p, tools.jackson.databind.DeserializationContext ctxt) {
            String s = super.deserialize(p, ctxt);
            if (s == null) {
                return null;
            }
            StringBuilder b = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                b.append(c == '\n' || c == '\t' || !Printable.unsafe(c) ? String.valueOf(c) : Printable.whole(String.valueOf(c)));
            }
            return b.toString();
        }
    }

    /** The same for the names of a map's entries (a peer's counter names). */
    static final class PeerKey extends tools.jackson.databind.KeyDeserializer {
        @Override
        public Object deserializeKey(String key, tools.jackson.databind.DeserializationContext ctxt) {
            return Printable.whole(key);
        }
    }

    /**
     * Builds the mapper's readers of {@code types} now: a client's warm-up thread calls this while
     * the command line is parsed, so the first Welcome and Results do not wait for Jackson's
     * introspection (~30 ms for the polymorphic Message alone, ~180 ms more for the mapper without
     * an AOT cache). Jackson caches what it builds here; reading a Message finds its subtypes'.
     */
    public static void prefetchReaders(Class<?>... types) {
        for (Class<?> type : types) {
            MAPPER.readerFor(type);
        }
    }

    /** As {@link #prefetchReaders}, for the writers of the messages this side sends. */
    public static void prefetchWriters(Class<?>... types) {
        for (Class<?> type : types) {
            MAPPER.writerFor(type);
        }
    }

    private static void refuse(MutableCoercionConfig config, CoercionInputShape... shapes) {
        for (CoercionInputShape shape : shapes) {
            config.setCoercion(shape, CoercionAction.Fail);
        }
    }

    private final DataInputStream in;
    private final OutputStream out;
    private final int maxFrameBytes;

    public FrameCodec(InputStream in, OutputStream out) {
        this(in, out, Wire.MAX_FRAME_BYTES);
    }

    public FrameCodec(InputStream in, OutputStream out, int maxFrameBytes) {
        this.in = new DataInputStream(in);
        this.out = out;
        this.maxFrameBytes = maxFrameBytes;
    }

    public static byte[] encode(Message message) {
        return frame(MAPPER.writeValueAsBytes(message));
    }

    /** A 4-byte big-endian length, then the payload (iperf3 frames its JSON the same way). */
    public static byte[] frame(byte[] payload) {
        byte[] frame = new byte[4 + payload.length];
        frame[0] = (byte) (payload.length >>> 24);
        frame[1] = (byte) (payload.length >>> 16);
        frame[2] = (byte) (payload.length >>> 8);
        frame[3] = (byte) payload.length;
        System.arraycopy(payload, 0, frame, 4, payload.length);
        return frame;
    }

    public void write(Message message) throws IOException {
        writeValue(message);
    }

    /** iperf3's state byte that its server sends first to a client (iperf_api.h: PARAM_EXCHANGE). */
    static final int IPERF3_PARAM_EXCHANGE = 9;
    /** True while a client reads a server's first answer, which an iperf3 server gives as a state byte. */
    private volatile boolean answerMayBeIperf3;

    /**
     * Reads the server's first answer as {@code type}: a first byte that is iperf3's PARAM_EXCHANGE or
     * ACCESS_DENIED ends the read at once with a ProtocolException naming --iperf3 (only here: from
     * any other peer such a byte is just a bad length).
     */
    public <T extends Message> T expectFirstAnswer(Class<T> type) throws IOException {
        answerMayBeIperf3 = true;
        try {
            return expect(type);
        } finally {
            answerMayBeIperf3 = false;
        }
    }

    /** iperf3's ACCESS_DENIED state, (signed char) -1 on the wire: a server busy with another client. */
    static final int IPERF3_ACCESS_DENIED = 0xff;

    /** Writes any JSON-mapped value as one frame (the cluster agent's messages use this). */
    public void writeValue(Object value) throws IOException {
        byte[] frame = frame(MAPPER.writeValueAsBytes(value));
        synchronized (out) {
            out.write(frame);
            out.flush();
        }
    }

    /**
     * Reads one message. EOF before the first byte of a frame is {@link EOFException};
     * a bad length or bad JSON is {@link ProtocolException}; a read timeout propagates as
     * {@link SocketTimeoutException}.
     */
    public Message read() throws IOException {
        return readValue(Message.class);
    }

    /** Reads one frame as {@code type}, with the same errors as {@link #read()}. */
    public <T> T readValue(Class<T> type) throws IOException {
        // The first byte alone decides an iperf3 server: it takes our first 37 bytes for its cookie and
        // answers with one state byte, PARAM_EXCHANGE, or ACCESS_DENIED (-1) when busy (iperf_api.h), then
        // waits for parameters: 3.12 sends nothing more for seconds, so waiting for four bytes waited that
        // long. Every wirespeed frame is shorter than 2^24 bytes, so its length starts with a zero byte.
        int first = in.read();
        if (first < 0) {
            throw new EOFException();
        }
        if (first != 0 && answerMayBeIperf3 && maxFrameBytes < (1 << 24)) {
            if (first == IPERF3_PARAM_EXCHANGE) {
                throw new ProtocolException("the server speaks iperf3's protocol (it is an iperf3 -s); add --iperf3");
            }
            if (first == IPERF3_ACCESS_DENIED) {
                throw new ProtocolException("the server speaks iperf3's protocol and is busy with another test "
                        + "(iperf3 -s runs one at a time); add --iperf3 and try again later");
            }
        }
        byte[] rest = new byte[3];
        in.readFully(rest);
        long length = ((long) first << 24) | ((rest[0] & 0xffL) << 16) | ((rest[1] & 0xffL) << 8) | (rest[2] & 0xffL);
        if (length == 0 || length > maxFrameBytes) {
            if (first == IPERF3_PARAM_EXCHANGE) {
                throw new ProtocolException("the server speaks iperf3's protocol (it is an iperf3 -s); add --iperf3");
            }
            throw new ProtocolException("frame length " + length + " is out of range (1.." + maxFrameBytes + ")");
        }
        byte[] json = new byte[(int) length];
        try {
            in.readFully(json);
        } catch (EOFException e) {
            throw new ProtocolException("connection closed inside a frame of " + length + " bytes", e);
        }
        try {
            return MAPPER.readValue(json, type);
        } catch (JacksonException e) {
            throw new ProtocolException("malformed message: " + WireErrors.describe(e), e);
        }
    }

    /** Reads the next message and checks its type, naming what came instead. */
    public <T extends Message> T expect(Class<T> type) throws IOException {
        Message m = read();
        if (m instanceof Message.Error error) {
            throw new RemoteErrorException(error.message());
        }
        if (!type.isInstance(m)) {
            throw new ProtocolException("expected " + type.getSimpleName() + " but was " + m.getClass().getSimpleName());
        }
        return type.cast(m);
    }
}
