package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * /proc/net/rpc/nfs (the client, net/sunrpc/stats.c rpc_proc_show: "net …", "rpc calls retrans authrefrsh",
 * "procN count …") or /proc/net/rpc/nfsd (the server, fs/nfsd/stats.c: "rc", "fh", "io", "th threads …",
 * "rpc calls badcalls badfmt badauth badclnt", "procN …"): the counters nfsstat prints as tables.
 *
 * @param file               "nfs" (client) or "nfsd" (server), told by the lines the file has
 * @param threads            the "th" line's first number: nfsd threads running (server only)
 * @param threadsAllBusy     the "th" line's second number: how many times every nfsd thread was busy at once
 *                           (fs/nfsd/stats.c th_fullcnt); counted only by kernels before 2.6.29 ("knfsd: remove the
 *                           nfsd thread busy histogram"), always 0 since, so a 0 tells nothing there
 * @param threadsLine        where the "th" line was, as printed (the evidence of a finding on it); absent without one
 * @param rpcRetransmissions client RPC retransmissions (the rpc line's second number in /proc/net/rpc/nfs)
 * @param rpcBadCalls        server calls rejected (the rpc line's second number in /proc/net/rpc/nfsd)
 * @param operations         "v2", "v3" → procedure name → count, in RFC 1094/1813 procedure order; "v4" →
 *                           procedure number (the kernel's order, which changes by version) → count
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsRpcCounters")
public record NfsRpcCounters(String file, Long threads, Long threadsAllBusy, Long rpcCalls, Long rpcRetransmissions, Long rpcAuthRefreshes,
                             Long rpcBadCalls, Map<String, Map<String, Long>> operations, Source threadsLine,
                             Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("file", "/proc/net/rpc/" + file).put("threads", threads).put("all busy", threadsAllBusy).put("calls", rpcCalls)
                .put("retrans", rpcRetransmissions).put("badcalls", rpcBadCalls).map();
    }

    /** Nothing for the host model: counters since boot, which the nfs-retransmissions rule reads from nfsstat. */
    @Override
    public void addFacts(FactSink out) {}
}
