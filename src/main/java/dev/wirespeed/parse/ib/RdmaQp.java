package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One queue pair as {@code rdma resource show qp} lists it (iproute2 rdma/res-qp.c): "link mlx5_0/1
 * lqpn 7 type UD state RTS sq-psn 0 comm [mlx5_ib]". The other fields (rqpn, rq-psn, path-mig-state,
 * pdn …) are kept as printed.
 *
 * @param link  "DEV/PORT", or "DEV/-" for a QP not bound to a port yet
 * @param type  as printed: RC, UD, GSI, SMI, XRC_INI, XRC_TGT, UNKNOWN (a driver QP, EFA's SRD) …
 * @param state as printed: RESET, INIT, RTR, RTS, SQD, SQE, ERR
 * @param comm  the owner; a kernel owner is printed in brackets ("[ib_core]", iproute2 5.9+)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("RdmaQp")
public record RdmaQp(String link, Long lqpn, String type, String state, Long pid, String comm, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("link", link).put("lqpn", lqpn).put("type", type).put("state", state)
                .put("owner", comm).map();
    }

    @Override
    public void addFacts(FactSink out) {
        // a QP listing says which processes hold QPs now, nothing the host model keeps
    }
}
