package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * nfsd's listeners: {@code cat /proc/fs/nfsd/portlist} ("rdma 20049", "tcp 2049"), or a write to
 * it ({@code echo rdma 20049 > /proc/fs/nfsd/portlist}) and whether the kernel refused it
 * ("write error: Protocol not supported": no svcrdma/rpcrdma, seed 000 l.1586).
 *
 * @param ports   the listeners read ("rdma 20049"); empty for a write
 * @param written what was written, or null for a read
 * @param refused the write failed with "Protocol not supported"
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsdPortlist")
public record NfsdPortlist(List<String> ports, String written, boolean refused, Source source) implements ParsedRecord {
    public NfsdPortlist {
        ports = List.copyOf(ports);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("ports", String.join(";", ports)).put("written", written)
                .put("refused", refused ? "yes" : null).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
