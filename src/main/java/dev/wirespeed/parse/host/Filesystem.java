package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.Observed;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A mounted local file system (not NFS: those are {@link NfsMount}s): a line of {@code mount}
 * ("tmpfs on /tmp type tmpfs (rw,nosuid,nodev)",
 * src/test/resources/parse/host/mount-tmp-tmpfs-exports-seed000.txt), /proc/mounts, {@code df -T}/{@code df
 * -hT} or {@code findmnt}. Issue 26: what backs an NFS export (tmpfs, or a disk that a network test would
 * measure instead of the network).
 *
 * @param device     the source as printed ("tmpfs", "/dev/sdb2", "zpool-skv")
 * @param fsType     "tmpfs", "ext4", "xfs", "zfs" …; null when the tool did not print it (plain {@code df})
 * @param options    the mount options as printed, null when not shown
 * @param tool       "mount", "/proc/mounts", "df", "findmnt"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("Filesystem")
public record Filesystem(String device, String mountPoint, String fsType, String options, String tool, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mounted on", mountPoint).put("type", fsType).put("device", device).put("tool", tool).map();
    }

    /** A local file system as a mount fact (its type "" when df did not print it), for what backs an export. */
    @Override
    public void addFacts(FactSink out) {
        out.add(new Mount(device, mountPoint, fsType == null ? "" : fsType, options == null ? "" : options,
                Observed.absent(out.src()), out.evidence(source)));
    }
}
