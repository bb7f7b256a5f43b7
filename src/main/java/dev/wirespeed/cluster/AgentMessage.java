package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.TestSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A coordinator's session with an agent: frames of JSON as in {@link dev.wirespeed.wire.FrameCodec},
 * after the preamble {@code WSPD}, version, {@code 'A'}.
 *
 * <pre>
 * coordinator                              agent
 *   preamble(A) + Hello(coordinatorNonce)  ──►
 *                                          ◄──  Challenge(agentNonce, tokenRequired)
 *   Auth(mac | null)                       ──►
 *                                          ◄──  Welcome(proof | null, …) | Refused(message)
 *   requests, each with an id:             ──►  answered in any order with the same id
 *     Ping → Pong; GetFacts → FactsReply; RunTest → TestDone | Failed;
 *     RunPerftest → PerftestStarted (server side) | PerftestDone (client side) | Failed;
 *     Cancel(id) ends the running request early (its answer still comes).
 * </pre>
 *
 * An agent runs only these requests: its own bandwidth test (bounded by its limits) and, when
 * installed, a perftest binary from a fixed list with bounded options. Never a shell, never a
 * command line from the wire.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AgentMessage.Hello.class, name = "hello"),
    @JsonSubTypes.Type(value = AgentMessage.Challenge.class, name = "challenge"),
    @JsonSubTypes.Type(value = AgentMessage.Auth.class, name = "auth"),
    @JsonSubTypes.Type(value = AgentMessage.Welcome.class, name = "welcome"),
    @JsonSubTypes.Type(value = AgentMessage.Refused.class, name = "refused"),
    @JsonSubTypes.Type(value = AgentMessage.Ping.class, name = "ping"),
    @JsonSubTypes.Type(value = AgentMessage.Pong.class, name = "pong"),
    @JsonSubTypes.Type(value = AgentMessage.GetFacts.class, name = "get-facts"),
    @JsonSubTypes.Type(value = AgentMessage.FactsReply.class, name = "facts"),
    @JsonSubTypes.Type(value = AgentMessage.RunTest.class, name = "run-test"),
    @JsonSubTypes.Type(value = AgentMessage.TestDone.class, name = "test-done"),
    @JsonSubTypes.Type(value = AgentMessage.RunPerftest.class, name = "run-perftest"),
    @JsonSubTypes.Type(value = AgentMessage.PerftestStarted.class, name = "perftest-started"),
    @JsonSubTypes.Type(value = AgentMessage.PerftestDone.class, name = "perftest-done"),
    @JsonSubTypes.Type(value = AgentMessage.Cancel.class, name = "cancel"),
    @JsonSubTypes.Type(value = AgentMessage.OpenIncast.class, name = "open-incast"),
    @JsonSubTypes.Type(value = AgentMessage.IncastOpen.class, name = "incast-open"),
    @JsonSubTypes.Type(value = AgentMessage.Failed.class, name = "failed"),
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface AgentMessage {
    /** Largest frame of an agent session: a host's full doctor facts can run to a few hundred KiB. */
    int MAX_FRAME_BYTES = 4 << 20;

    /** A request carries an id its answer repeats. */
    sealed interface Request extends AgentMessage {
        long id();
    }

    sealed interface Response extends AgentMessage {
        long id();
    }

    record Hello(int protocolVersion, String software, String coordinatorNonce) implements AgentMessage {}

    record Challenge(String agentNonce, boolean tokenRequired, String software) implements AgentMessage {}

    /** @param mac {@link Token#coordinatorMac}, null when the coordinator has no token */
    record Auth(String mac) implements AgentMessage {}

    /**
     * @param proof   {@link Token#agentProof}, null when the agent has no token
     * @param agent   host name, software, cores, OS of the agent
     * @param engines "tcp", and "perftest" when perftest binaries were found
     */
    record Welcome(String proof, BwResult.Peer agent, int maxStreams, long maxDurationMillis, List<String> engines)
            implements AgentMessage {}

    record Refused(String message) implements AgentMessage {}

    record Ping(long id) implements Request {}

    record Pong(long id) implements Response {}

    record GetFacts(long id) implements Request {}

    /** @param doctor the agent's `wirespeed doctor --json` report (schema wirespeed.doctor/1) */
    record FactsReply(long id, NodeFacts facts, JsonNode doctor) implements Response {}

    /** Run {@code spec} as the client against the wirespeed server (an agent) at peerHost:peerPort. */
    record RunTest(long id, String peerHost, int peerPort, TestSpec spec) implements Request {}

    /** The result; its outcome says whether it finished, was cancelled or lost its peer. */
    record TestDone(long id, BwResult result) implements Response {}

    /** Start perftest: as the server when {@code peerHost} is null, else as the client to it. */
    record RunPerftest(long id, PerftestSpec spec, String peerHost) implements Request {}

    record PerftestStarted(long id) implements Response {}

    /**
     * perftest's measurement, as explain's perftest reader made it of the client's output (its "BW
     * average" as bitsPerSecond, the row's size, iterations, peak and message rate, the link type).
     */
    record PerftestDone(long id, Measurement measurement) implements Response {}

    record Cancel(long id) implements Request {}

    /**
     * Accept up to {@code tests} tests at once for {@code millis}: the receiver of an incast round,
     * whose senders test against it together (issue 29); {@code millis} 0 closes the window.
     */
    record OpenIncast(long id, int tests, long millis) implements Request {}

    record IncastOpen(long id) implements Response {}

    record Failed(long id, String message) implements Response {}

    /**
     * Builds the JSON readers and writers of the session messages now: on a busy host, building
     * them at the first handshake can take longer than the other side's handshake timeout.
     */
    static void warmUp(BwResult.Peer self) {
        try {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            FrameCodec out = new FrameCodec(InputStream.nullInputStream(),
                    buf, MAX_FRAME_BYTES);
            String nonce = Token.nonce();
            List<AgentMessage> samples = List.of(new Hello(1, self.software(), nonce), new Challenge(nonce, true, nonce),
                    new Auth(nonce), new Welcome(nonce, self, 1, 1, List.of("tcp")), new Refused(nonce), new Ping(1),
                    new Pong(1), new RunTest(1, "localhost", 1, null), new Cancel(1), new Failed(1, nonce));
            for (AgentMessage m : samples) {
                out.writeValue(m);
            }
            FrameCodec in = new FrameCodec(
                    new ByteArrayInputStream(buf.toByteArray()), OutputStream.nullOutputStream(),
                    MAX_FRAME_BYTES);
            for (int i = 0; i < samples.size(); i++) {
                in.readValue(AgentMessage.class);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("agent messages do not round-trip", e);
        }
    }
}
