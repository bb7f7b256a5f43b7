package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.Observed;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * An NFS mount from {@code nfsstat -m}: "/mnt/nfs from 192.168.23.1:/tmp" and its "Flags:" line.
 *
 * @param transport the proto= option: "tcp", "rdma", "udp" (absent when not printed)
 * @param options   every option of the line under its own name, as printed ("timeo" → "600")
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsMount")
public record NfsMount(String mountPoint, String export, String transport, String version, Integer port,
                       Long readSizeBytes, Long writeSizeBytes, Map<String, String> options, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mount", mountPoint).put("export", export).put("proto", transport)
                .put("vers", version).put("port", port).put("rsize", readSizeBytes).put("wsize", writeSizeBytes).map();
    }

    /** timeo=: how long the client waits before it retries, in tenths of a second (nfs(5)). */
    @JsonProperty("timeoutDeciseconds")
    public Integer timeoutDeciseconds() {
        return number("timeo");
    }

    /** retrans=: how many retries before a soft mount fails or a hard one says "server not responding". */
    @JsonProperty("retransmissions")
    public Integer retransmissions() {
        return number("retrans");
    }

    /** addr=: the server's address the client connected to. */
    @JsonProperty("serverAddress")
    public String serverAddress() {
        return options.get("addr");
    }

    private Integer number(String option) {
        String v = options.get(option);
        return v != null && v.matches("\\d{1,9}") ? Integer.valueOf(v) : null;
    }

    @Override
    public void addFacts(FactSink out) {
        out.add(new Mount(export, mountPoint, "nfs" + (version == null ? "" : version),
                String.join(",", options.entrySet().stream()
                        .map(e -> e.getValue().isEmpty() ? e.getKey() : e.getKey() + "=" + e.getValue()).toList()),
                transport == null ? Observed.absent(out.src()) : out.of(transport, "proto=" + transport),
                out.evidence(source)));
    }
}
