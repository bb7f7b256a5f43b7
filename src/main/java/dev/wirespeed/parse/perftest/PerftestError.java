package dev.wirespeed.parse.perftest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A perftest failure message (perftest_communication.c, perftest_resources.h NOTIFY_COMP_ERROR_*).
 *
 * @param failure    "connect" (the TCP exchange found no server: "Couldn't connect to HOST:PORT"),
 *                   "socket" (the exchange failed otherwise: "Unable to open file descriptor for socket
 *                   connection", "Couldn't read remote address"), "completion" (a work completion
 *                   with an error status: the RDMA transfer itself failed), "options" (perftest refused
 *                   its command line: "Parser function exited with Error" or a check that exits at once,
 *                   the reason before it), "device" (no such RDMA device), "qp" (a queue pair refused
 *                   RTR or RTS: "Failed to modify QP N to RTR"), "create" (the device refused to create the queue
 *                   pair or another verbs resource: "Unable to create QP.", "Couldn't create IB resources"),
 *                   "rdma_cm" (the rdma_cm exchange of -R failed: "RDMA CM event error:", {@link PerftestFailures})
 * @param side       "client" or "server" for a completion error
 * @param status     the ibv_wc_status number (12 is IBV_WC_RETRY_EXC_ERR, transport retries exhausted)
 * @param statusText the status as newer perftest names it ("transport retry counter exceeded"); for "rdma_cm"
 *                   the event perftest got ("RDMA_CM_EVENT_REJECTED")
 * @param syndrome   the vendor syndrome ("0x81")
 * @param peer       HOST:PORT of a failed connect
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PerftestError")
public record PerftestError(String failure, String message, String side, Integer status, String statusText,
                            String syndrome, String peer, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("error", failure).put("side", side).put("status", status).put("syndrome", syndrome)
                .put("peer", peer).map();
    }

    /** A failed run says nothing about the host: the log rules name its cause. */
    @Override
    public void addFacts(FactSink out) {}
}
