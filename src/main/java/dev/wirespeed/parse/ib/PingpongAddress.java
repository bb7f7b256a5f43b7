package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One queue pair's address as a libibverbs example prints it before the ping-pong
 * (ibv_rc/uc/ud/srq_pingpong, rdma-core libibverbs/examples): "  local address:  LID 0x0000, QPN
 * 0x00018b, PSN 0x92d03e, GID fe80::e42:a1ff:fe01:1531" (ud_pingpong: ": GID"; versions before 1.1.8
 * print no GID). The examples stop with "Couldn't get local LID" when an InfiniBand port has LID 0, so
 * a printed LID of 0 is a port whose link layer is Ethernet (RoCE).
 *
 * @param side "local" or "remote"
 * @param lid  the LID, read from its hex
 * @param qpn  the queue pair number as printed ("0x00018b")
 * @param psn  the packet sequence number as printed
 * @param gid  the GID as printed ("::" when the run had no -g); null when the line prints none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PingpongAddress")
public record PingpongAddress(String side, Integer lid, String qpn, String psn, String gid, Source source) implements LogInput {
    /** True when the GID is the zero one the examples print without -g ("::"). */
    public boolean zeroGid() {
        return gid != null && gid.replace(":", "").replace("0", "").isEmpty();
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("side", side).put("LID", lid).put("QPN", qpn).put("GID", gid).map();
    }

    /** A queue pair of one run: nothing the host keeps. */
    @Override
    public void addFacts(FactSink out) {}
}
