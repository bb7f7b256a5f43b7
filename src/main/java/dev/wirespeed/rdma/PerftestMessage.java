package dev.wirespeed.rdma;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
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
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = PerftestMessage.Start.class, name = "start"),
    @JsonSubTypes.Type(value = PerftestMessage.Started.class, name = "started"),
    @JsonSubTypes.Type(value = PerftestMessage.Refused.class, name = "refused"),
    @JsonSubTypes.Type(value = PerftestMessage.Done.class, name = "done"),
    @JsonSubTypes.Type(value = PerftestMessage.Finished.class, name = "finished"),
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface PerftestMessage {
    /** A start request is a program name and a few dozen short arguments. */
    int MAX_FRAME_BYTES = 16 * 1024;

    /**
     * @param test one of {@link PerftestArgs#PROGRAMS}
     * @param args the server side's arguments, each checked against {@link PerftestArgs}
     */
    record Start(String test, List<String> args) implements PerftestMessage {}

    /** @param software the server's wirespeed version */
    record Started(String software) implements PerftestMessage {}

    record Refused(String message) implements PerftestMessage {}

    record Done() implements PerftestMessage {}

    /**
     * @param exitStatus the server process's exit status; null when it was stopped (killed)
     * @param lastLine   its last line of output
     */
    record Finished(Integer exitStatus, String lastLine) implements PerftestMessage {}
}
