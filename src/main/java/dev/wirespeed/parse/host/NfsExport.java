package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * A directory an NFS server exports: a line of /etc/exports ("/tmp *(rw,async,insecure,no_root_squash)",
 * src/test/resources/parse/host/mount-tmp-tmpfs-exports-seed000.txt), of {@code exportfs -v}/{@code -s}
 * ("/tmp <world>(async,wdelay,…)", or the path alone on its line and its clients indented on the next, as
 * exportfs prints a long path) — exports(5).
 *
 * @param path    the exported directory
 * @param clients each client with its options as printed ("*(rw,async)", "&lt;world&gt;(rw,wdelay,…)", "10.0.0.0/24(ro)")
 * @param tool    "exports" (the file) or "exportfs"
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsExport")
public record NfsExport(String path, List<String> clients, String tool, Source source) implements ParsedRecord {
    public NfsExport {
        clients = List.copyOf(clients);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("export", path).put("clients", String.join(" ", clients)).put("tool", tool).map();
    }

    /** An export as a setting of its path: the clients it is shared with (host.NfsRdma.EXPORT). */
    @Override
    public void addFacts(FactSink out) {
        out.add(new DeviceSetting(path, NfsRdma.EXPORT, String.join(" ", clients), out.evidence(source)));
    }
}
