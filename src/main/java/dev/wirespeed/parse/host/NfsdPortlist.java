package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * nfsd's listeners: {@code cat /proc/fs/nfsd/portlist} ("rdma 20049", "tcp 2049"), or a write to
 * it ({@code echo rdma 20049 > /proc/fs/nfsd/portlist}) and whether the kernel refused it
 * ("write error: Protocol not supported": no svcrdma/rpcrdma, src/test/resources/parse/host/nfsd-portlist-write-seed000.txt).
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
    public void addFacts(FactSink out) {
        Evidence ev = out.evidence(source);
        if (written != null) {
            out.add(new DeviceSetting(NfsRdma.NFSD, NfsRdma.PORTLIST_WRITE, written, ev));
            if (refused) {
                out.add(new DeviceSetting(NfsRdma.NFSD, NfsRdma.RDMA_REFUSED, written, ev));
            }
        } else if (!ports.isEmpty()) {
            out.add(new DeviceSetting(NfsRdma.NFSD, NfsRdma.PORTLIST, String.join(";", ports), ev));
        }
    }
}
