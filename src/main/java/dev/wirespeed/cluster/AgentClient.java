package dev.wirespeed.cluster;

import dev.wirespeed.io.Io;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.Wire;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLException;

/**
 * The coordinator's session with one agent: connects, proves the token, checks the agent's proof,
 * then sends requests and matches answers by id. When the connection breaks every waiting request
 * fails with the reason, and the session is {@link #lost()}.
 */
public final class AgentClient implements AutoCloseable {
    /** Why an agent cannot be used: the user's category and a one-line message. */
    public static final class AgentException extends IOException {
        private final HostStatus status;

        AgentException(HostStatus status, String message) {
            super(message);
            this.status = status;
        }

        /** Never {@link HostStatus#OK}. */
        public HostStatus status() {
            return status;
        }
    }

    private final Endpoint endpoint;
    /** The TLS socket over the connection; the plain one with --insecure. */
    private final Socket socket;
    private final FrameCodec codec;
    private final AgentMessage.Welcome welcome;
    private final Map<Long, CompletableFuture<AgentMessage.Response>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private volatile String lostReason;

    private AgentClient(Endpoint endpoint, Socket socket, FrameCodec codec, AgentMessage.Welcome welcome) {
        this.endpoint = endpoint;
        this.socket = socket;
        this.codec = codec;
        this.welcome = welcome;
    }

    /**
     * Opens a session. Throws {@link AgentException} whose status says what went wrong.
     *
     * @param token null when the coordinator has none (loopback agents)
     */
    public static AgentClient connect(Endpoint endpoint, Token token, int connectTimeoutMillis, int handshakeMillis)
            throws AgentException {
        return connect(endpoint, token, connectTimeoutMillis, handshakeMillis, false);
    }

    /**
     * @param insecure plain text instead of TLS ({@link AgentTls}): the agent must run with --insecure too
     */
    public static AgentClient connect(Endpoint endpoint, Token token, int connectTimeoutMillis, int handshakeMillis,
                                      boolean insecure) throws AgentException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setKeepAlive(true);
            s.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), connectTimeoutMillis);
        } catch (UnknownHostException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.UNREACHABLE, "unknown host '" + endpoint.host() + "'");
        } catch (IllegalArgumentException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.UNREACHABLE, "unknown host '" + endpoint.host() + "'");
        } catch (IOException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.UNREACHABLE, "cannot connect to " + endpoint.host() + ":" + endpoint.port() + ": "
                    + Io.reason(e));
        }
        try {
            s.setSoTimeout(handshakeMillis);
            s.getOutputStream().write(Preamble.agent());
            if (!insecure) {
                s = tls(s, endpoint, token);
            }
            FrameCodec codec = new FrameCodec(s.getInputStream(), s.getOutputStream(), AgentMessage.MAX_FRAME_BYTES);
            String nonce = Token.nonce();
            // no software version before authentication: the agent has not proven the token yet
            codec.writeValue(new AgentMessage.Hello(Wire.PROTOCOL_VERSION, null, nonce));
            AgentMessage first = codec.readValue(AgentMessage.class);
            if (first instanceof AgentMessage.Refused r) {
                throw new AgentException(HostStatus.INCOMPATIBLE, r.message());
            }
            if (!(first instanceof AgentMessage.Challenge challenge)) {
                throw new ProtocolException("expected a challenge but was " + first.getClass().getSimpleName());
            }
            if (challenge.tokenRequired() && token == null) {
                codec.writeValue(new AgentMessage.Auth(null));
                throw new AgentException(HostStatus.REFUSED, "the agent requires a token (--token-file)");
            }
            String mac = token == null ? null : token.coordinatorMac(challenge.agentNonce(), nonce);
            codec.writeValue(new AgentMessage.Auth(mac));
            AgentMessage answer = codec.readValue(AgentMessage.class);
            if (answer instanceof AgentMessage.Refused r) {
                throw new AgentException(HostStatus.REFUSED, r.message());
            }
            if (!(answer instanceof AgentMessage.Welcome w)) {
                throw new ProtocolException("expected a welcome but was " + answer.getClass().getSimpleName());
            }
            if (token != null && challenge.tokenRequired()
                    && !Token.matches(token.agentProof(nonce, challenge.agentNonce()), w.proof())) {
                throw new AgentException(HostStatus.REFUSED, "the agent could not prove the token: not our agent");
            }
            s.setSoTimeout(0);
            AgentClient client = new AgentClient(endpoint, s, codec, w);
            Thread.ofVirtual().name("ws-coordinator-" + endpoint.label()).start(client::readLoop);
            return client;
        } catch (AgentException e) {
            Io.closeQuietly(s);
            throw e;
        } catch (EOFException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.NOT_AN_AGENT, "closed the connection during the handshake"
                    + " (a wirespeed server or an older version there, not an agent?)");
        } catch (SocketTimeoutException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.NOT_AN_AGENT, "no answer to the agent handshake within " + handshakeMillis
                    + " ms (is an agent listening on that port?)");
        } catch (IOException e) {
            Io.closeQuietly(s);
            throw new AgentException(HostStatus.NOT_AN_AGENT, "handshake failed: " + Io.reason(e));
        }
    }

    /** The TLS handshake over {@code s}; a wrong key or an agent without TLS is an {@link AgentException}. */
    private static Socket tls(Socket s, Endpoint endpoint, Token token) throws IOException {
        try {
            return AgentTls.connect(s, token);
        } catch (SocketException e) {
            // reset: the other side closed with our ClientHello unread
            throw notAnAgentOverTls();
        } catch (SSLException e) {
            AgentTls.PinMismatch pin = AgentTls.pinMismatch(e);
            if (pin != null) {
                throw new AgentException(HostStatus.REFUSED, "the agent's TLS key " + shortPin(pin.presented)
                        + " is not the one the token gives (" + shortPin(pin.expected)
                        + "): another token there, or someone in between");
            }
            if (closedByPeer(e)) {
                throw notAnAgentOverTls();
            }
            throw new AgentException(HostStatus.INCOMPATIBLE, "TLS handshake failed: " + Io.reason(e));
        }
    }

    private static AgentException notAnAgentOverTls() {
        return new AgentException(HostStatus.NOT_AN_AGENT, "closed the connection during the TLS handshake (a wirespeed"
                + " server or an older version there, not an agent? or an agent started with --insecure: then give"
                + " --insecure here too)");
    }

    private static boolean closedByPeer(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof EOFException || t instanceof SocketException) {
                return true;
            }
        }
        return false;
    }

    private static String shortPin(String fingerprint) {
        return fingerprint.substring(0, Math.min(fingerprint.length(), "sha256:".length() + 16)) + "…";
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public AgentMessage.Welcome welcome() {
        return welcome;
    }

    /** The reason the session broke, or null while it works. */
    public String lost() {
        return lostReason;
    }

    public long nextId() {
        return ids.incrementAndGet();
    }

    /**
     * Sends a request and waits for its answer. A {@link AgentMessage.Failed} answer becomes an
     * IOException with the agent's message; a broken session or a timeout, an {@link AgentException}.
     */
    public <R extends AgentMessage.Response> R call(AgentMessage.Request request, Class<R> type, long timeoutMillis)
            throws IOException, InterruptedException {
        CompletableFuture<AgentMessage.Response> answer = new CompletableFuture<>();
        pending.put(request.id(), answer);
        try {
            if (lostReason != null) {
                throw new AgentException(HostStatus.LOST, lostReason);
            }
            codec.writeValue(request);
            AgentMessage.Response r = answer.get(timeoutMillis, TimeUnit.MILLISECONDS);
            if (r instanceof AgentMessage.Failed f) {
                throw new IOException(f.message());
            }
            if (!type.isInstance(r)) {
                throw new ProtocolException("expected " + type.getSimpleName() + " but was " + r.getClass().getSimpleName());
            }
            return type.cast(r);
        } catch (ExecutionException e) {
            throw new AgentException(HostStatus.LOST, e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new AgentException(HostStatus.LOST, "no answer within " + timeoutMillis / 1000 + " s");
        } catch (IOException e) {
            if (e instanceof AgentException || lostReason == null) {
                throw e;
            }
            throw new AgentException(HostStatus.LOST, lostReason);
        } finally {
            pending.remove(request.id());
        }
    }

    /** Sends without waiting (Cancel). */
    public void send(AgentMessage.Request request) {
        try {
            codec.writeValue(request);
        } catch (IOException e) {
            lose(Io.reason(e));
        }
    }

    /** True when the agent answers a ping within the time. */
    public boolean ping(long timeoutMillis) {
        try {
            call(new AgentMessage.Ping(nextId()), AgentMessage.Pong.class, timeoutMillis);
            return true;
        } catch (IOException e) {
            lose(e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void readLoop() {
        try {
            while (true) {
                AgentMessage m = codec.readValue(AgentMessage.class);
                if (m instanceof AgentMessage.Response r) {
                    CompletableFuture<AgentMessage.Response> f = pending.get(r.id());
                    if (f != null) {
                        f.complete(r);
                    }
                } else {
                    throw new ProtocolException("unexpected " + m.getClass().getSimpleName() + " from the agent");
                }
            }
        } catch (EOFException e) {
            lose("the agent closed the connection");
        } catch (IOException e) {
            lose(Io.reason(e));
        }
    }

    private void lose(String reason) {
        if (lostReason == null) {
            lostReason = reason;
        }
        pending.values().forEach(f -> f.completeExceptionally(new IOException(lostReason)));
        Io.closeQuietly(socket);
    }

    @Override
    public void close() {
        if (lostReason == null) {
            lostReason = "closed by the coordinator";
        }
        Io.closeQuietly(socket);
    }
}
