package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The head of one entry of /proc/self/mountstats (fs/nfs/super.c nfs_show_stats): "device SERVER:/EXPORT
 * mounted on /MNT with fstype nfs statvers=1.1" and its "age:" line. Its "opts:" line becomes an
 * {@link NfsMount}, its "xprt:" lines {@link NfsTransport}s and its per-op rows {@link NfsOpStats}.
 *
 * @param statsVersion the statvers= the kernel printed ("1.0", "1.1": 1.1 adds three xprt fields)
 * @param ageSeconds   seconds since the mount was made (the "age:" line), absent when not pasted
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NfsMountStats")
public record NfsMountStats(String export, String mountPoint, String fsType, String statsVersion, Long ageSeconds,
                            Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mount", mountPoint).put("export", export).put("fstype", fsType)
                .put("statvers", statsVersion).put("age", ageSeconds == null ? null : ageSeconds + " s").map();
    }

    /** Nothing for the host model: the mount itself comes from the entry's opts line (an NfsMount). */
    @Override
    public void addFacts(FactSink out) {}
}
