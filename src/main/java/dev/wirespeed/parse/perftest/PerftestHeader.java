package dev.wirespeed.parse.perftest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Token;
import java.util.Map;

/**
 * The settings block perftest prints before its table ("Send BW Test", "Dual-port : OFF Device : mlx5_0"). A log
 * input too: a failed run's advice depends on the link and transport it names (diagnose's perftest-failed).
 *
 * @param verb       send, write, read or atomic, with the title's word as printed ("Send", "RDMA_Write",
 *                   "RDMA_Read", "Atomic"); without a title, inferred from the command
 * @param bandwidth  true for *_bw, false for *_lat
 * @param connection RC, UC, UD, XRC, DC
 * @param linkType   "IB" or "Ethernet" (RoCE)
 * @param gidIndex   the GID index (RoCE), null on InfiniBand
 * @param gpu        the GPU whose memory the run used (--use_cuda: "device name = [NVIDIA A40]")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PerftestHeader")
public record PerftestHeader(String title, Token verb, boolean bandwidth, String device, String connection,
                             String transport, String linkType, Integer mtuBytes, Integer gidIndex, Integer qps,
                             String gpu, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("test", title).put("device", device).put("connection", connection)
                .put("link", linkType).put("mtu", mtuBytes).put("gid index", gidIndex).put("qps", qps).put("gpu", gpu).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
