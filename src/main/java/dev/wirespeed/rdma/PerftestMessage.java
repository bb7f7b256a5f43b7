package dev.wirespeed.rdma;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.wirespeed.wire.FrameCodec;
import java.util.List;

/**
 * The perftest session on a wirespeed server's port (connection kind {@code R}): the client asks
 * the server to start the server side of one perftest program, runs its own side, and says when it
 * is done; the server stops and reaps its process and reports how it ended.
 *
 * <pre>
 *   client                                  server
 *   Start(test, args)               ──►
 *                                   ◄──     Started | Refused
 *   (runs its own perftest to the server)
 *   Done                            ──►
 *                                   ◄──     Finished(exit status, last line)
 * </pre>
 *
 * Reversed ({@code bw --rdma -R}): the data flows from the server's host to the client's, so the
 * client's host runs perftest's server and the wirespeed server runs perftest's client, pointed
 * at the address the request came from (no other target can be named):
 *
 * <pre>
 *   Start(test, args, reverse)      ──►
 *                                   ◄──     Accepted | Refused
 *   (starts its perftest server, waits until it listens)
 *   Go                              ──►
 *                                   ◄──     Finished(exit status, last line, output)
 * </pre>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = PerftestMessage.Start.class, name = "start"),
    @JsonSubTypes.Type(value = PerftestMessage.Started.class, name = "started"),
    @JsonSubTypes.Type(value = PerftestMessage.Refused.class, name = "refused"),
    @JsonSubTypes.Type(value = PerftestMessage.Done.class, name = "done"),
    @JsonSubTypes.Type(value = PerftestMessage.Finished.class, name = "finished"),
    @JsonSubTypes.Type(value = PerftestMessage.Accepted.class, name = "accepted"),
    @JsonSubTypes.Type(value = PerftestMessage.Go.class, name = "go"),
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface PerftestMessage {
    /** A start request is a program name and a few dozen short arguments. */
    int MAX_FRAME_BYTES = 16 * 1024;
    /** What a client reads: a reversed run's Finished carries the perftest client's output. */
    int MAX_RESULT_FRAME_BYTES = 512 * 1024;
    /** Of that output, at most this much is sent (address lines dropped first). */
    int MAX_RETURNED_OUTPUT_CHARS = 256 * 1024;

    /**
     * @param test one of {@link dev.wirespeed.perftest.PerftestArgs#PROGRAMS}
     * @param args the server side's arguments, each checked against {@link dev.wirespeed.perftest.PerftestArgs}
     */
    record Start(String test, List<String> args, Boolean reverse) implements PerftestMessage {
        public Start(String test, List<String> args) {
            this(test, args, null);
        }

        boolean reversed() {
            return Boolean.TRUE.equals(reverse);
        }
    }

    /** A reversed run is accepted: the client starts its perftest server and says Go. */
    record Accepted(String software) implements PerftestMessage {}

    record Go() implements PerftestMessage {}

    /** @param software the server's wirespeed version */
    record Started(String software) implements PerftestMessage {}

    record Refused(String message) implements PerftestMessage {}

    record Done() implements PerftestMessage {}

    /**
     * @param exitStatus the server process's exit status; null when it was stopped (killed)
     * @param lastLine   its last line of output
     * @param output     a reversed run: the perftest client's output, to be parsed by the client
     */
    record Finished(Integer exitStatus, String lastLine,
                    @tools.jackson.databind.annotation.JsonDeserialize(using = FrameCodec.PeerLines.class)
                    String output) implements PerftestMessage {
        public Finished(Integer exitStatus, String lastLine) {
            this(exitStatus, lastLine, null);
        }
    }
}
