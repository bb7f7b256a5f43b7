package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A libibverbs ping-pong example's failure line, as rc_pingpong.c and its siblings print it to
 * stderr, and what kind of failure it is:
 * <ul>
 * <li>"qp": "Failed to modify QP to INIT|RTR|RTS" (ibv_modify_qp refused the state, with the peer's
 * address for RTR);</li>
 * <li>"lid": "Couldn't get local LID" (an InfiniBand port whose LID is 0: no subnet manager gave it one);</li>
 * <li>"gid": "Couldn't get local gid for gid index N", "could not get gid for port N, index N";</li>
 * <li>"connect": "Couldn't connect to HOST:PORT", "Couldn't read/send local address" (the TCP exchange
 * of addresses);</li>
 * <li>"device": "No IB devices found", "IB device X not found", "Couldn't get context for X",
 * "Failed to get IB devices list";</li>
 * <li>"completion": "Failed status TEXT (N) for wr_id N", "parse WC failed N", "Completion with error";</li>
 * <li>"other": any other "Couldn't …" / "Failed to …" line under a ping-pong command.</li>
 * </ul>
 *
 * @param tool    the program of the command, when the paste shows it
 * @param failure the kind, above
 * @param status  the work-completion status number, for "completion" when printed
 * @param message the line as printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PingpongError")
public record PingpongError(String tool, String failure, Integer status, String message, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("failure", failure).put("error", message).map();
    }

    /** A run that failed says nothing the host keeps. */
    @Override
    public void addFacts(FactSink out) {}
}
