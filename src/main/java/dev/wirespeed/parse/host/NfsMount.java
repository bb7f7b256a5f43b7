package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * An NFS mount from {@code nfsstat -m}: "/mnt/nfs from 192.168.23.1:/tmp" and its "Flags:" line.
 *
 * @param transport the proto= option: "tcp", "rdma", "udp" (absent when not printed)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsMount")
public record NfsMount(String mountPoint, String export, String transport, String version, Integer port,
                       Long readSizeBytes, Long writeSizeBytes, Map<String, String> options, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mount", mountPoint).put("export", export).put("proto", transport)
                .put("vers", version).put("port", port).put("rsize", readSizeBytes).put("wsize", writeSizeBytes).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
