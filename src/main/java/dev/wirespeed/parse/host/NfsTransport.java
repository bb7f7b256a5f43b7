package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * One "xprt:" line of /proc/self/mountstats (or of debugfs sunrpc/rpc_clnt/N/stats): the RPC transport's
 * counters since it was made. The first fields are common to every transport (net/sunrpc xprtsock.c
 * xs_tcp_print_stats, xprtrdma/transport.c xprt_rdma_print_stats): tcp and rdma print "port bind_count
 * connect_count connect_time idle_time sends recvs bad_xids req_u bklog_u …", udp leaves out the three
 * connection fields. rdma's further fields (chunk counts, MR counts) are kept in {@code counters} as printed.
 *
 * @param transport    "tcp", "udp", "rdma" as printed
 * @param connectCount how many times the transport (re)connected; absent for udp
 * @param idleSeconds  seconds since the transport last carried a request; absent for udp
 * @param sends        RPC requests sent
 * @param receives     RPC replies received
 * @param badXids      replies that matched no outstanding request
 * @param counters     every number of the line, in order, as printed
 * @param path         "local -> remote" addresses, when an extended (VAST NFS) stats file prints them
 * @param state        the transport's state words ("CONNECTED BOUND"), when printed
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsTransport")
public record NfsTransport(String transport, Long connectCount, Long idleSeconds, Long sends, Long receives,
                           Long badXids, List<Long> counters, String path, String state, Source source)
        implements LogInput {
    public NfsTransport {
        counters = List.copyOf(counters);
    }

    /** The line's counters read by the transport's field order; path and state from the line after it. */
    static NfsTransport of(String transport, List<Long> n, String path, String state, Source src) {
        boolean udp = transport.startsWith("udp");
        int sendsAt = udp ? 2 : 5;
        return new NfsTransport(transport, udp ? null : at(n, 2), udp ? null : at(n, 4), at(n, sendsAt),
                at(n, sendsAt + 1), at(n, sendsAt + 2), n, path, state, src);
    }

    private static Long at(List<Long> n, int i) {
        return i < n.size() ? n.get(i) : null;
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("xprt", transport).put("sends", sends).put("recvs", receives)
                .put("bad_xids", badXids).put("path", path).put("state", state).map();
    }

    /** Nothing for the host model: the counters describe traffic, not a setting the rules judge. */
    @Override
    public void addFacts(FactSink out) {}
}
