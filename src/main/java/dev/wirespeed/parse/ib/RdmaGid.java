package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One entry of a port's GID table as {@code show_gids} (mlnx-tools) prints it: the index a RoCE
 * application names (NCCL_IB_GID_INDEX, perftest -x), the GID, the IPv4 address it carries, the
 * RoCE version and the netdev it belongs to.
 *
 * @param version "v1" (RoCE v1, Ethernet) or "v2" (RoCE v2, UDP/IP), as printed
 * @param ipv4    the IPv4 address of an IPv4-mapped GID, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("RdmaGid")
public record RdmaGid(String device, Integer port, Integer index, String gid, String ipv4, String version,
                      String netdev, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", device).put("port", port).put("index", index).put("gid", gid)
                .put("ipv4", ipv4).put("version", version).put("netdev", netdev).map();
    }

    /** A GID table entry names the netdev of that GID (a VLAN or macvlan netdev as well as the port's own), so it is not the port's netdev; no rule reads GID indices yet. */
    @Override
    public void addFacts(FactSink out) {}
}
