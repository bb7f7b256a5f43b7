package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.NfsMount;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NFS mount options that cost data or throughput, only where the mount line states them (mount, /proc/mounts,
 * nfsstat -m, mountstats' opts):
 * <ul>
 *   <li>{@code soft}: nfs(5), "soft": after retrans tries the request fails with an error the application may not
 *       handle, and "a so-called soft timeout can cause silent data corruption in certain cases" — use it only when
 *       responsiveness matters more than data;</li>
 *   <li>rsize or wsize below 32 KiB over TCP or RDMA: every READ or WRITE carries at most that much. Linux clients
 *       negotiate up to 1 MiB with the server when the mount does not ask for less (nfs(5), "rsize"), so a small
 *       value was asked for or is the server's limit; the line cannot tell which, and says so.</li>
 * </ul>
 * Neither can be changed by a remount: fs/nfs/super.c nfs_compare_remount_data returns -EINVAL when rsize or wsize
 * differ, or a flag of NFS_REMOUNT_CMP_FLAGMASK (NFS_MOUNT_SOFT is not among the flags it leaves out), so the fix is
 * umount and mount. No command: the mount's other options (sec=, vers=) must
 * be kept, and the line may not show all of them.
 */
final class NfsMountOptionsRule implements LogRule {
    static final String ID = "nfs-mount-options";
    /** Below this (bytes) a READ/WRITE size is small for TCP or RDMA: Linux's default is up to 1 MiB. */
    static final long SMALL_IO_BYTES = 32_768;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "an NFS mount line states soft, or rsize/wsize below 32 KiB over TCP or RDMA";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, NfsMount> byMountPoint = new LinkedHashMap<>(); // a later paste of the same mount wins
        for (NfsMount m : log.all(NfsMount.class)) {
            byMountPoint.put(m.mountPoint(), m);
        }
        List<Finding> out = new ArrayList<>();
        for (NfsMount m : byMountPoint.values()) {
            List<String> saw = new ArrayList<>();
            List<String> fix = new ArrayList<>();
            if (m.options().containsKey("soft")) {
                saw.add("soft: after " + (m.retransmissions() == null ? "retrans=" : m.retransmissions())
                        + " retries of timeo=" + (m.timeoutDeciseconds() == null ? "?" : m.timeoutDeciseconds())
                        + " deciseconds a request fails with an I/O error, and nfs(5) warns a soft timeout can"
                        + " corrupt data silently");
                fix.add("hard (the default) unless the applications on it handle EIO and responsiveness matters more"
                        + " than the data");
            }
            String proto = m.transport();
            boolean stream = proto != null && (proto.startsWith("tcp") || proto.startsWith("rdma"));
            Long rsize = m.readSizeBytes();
            Long wsize = m.writeSizeBytes();
            if (stream && (small(rsize) || small(wsize))) {
                saw.add("rsize=" + rsize + " wsize=" + wsize + " over " + proto + ": each READ/WRITE carries at most"
                        + " that many bytes, where Linux negotiates up to 1 MiB unless the mount asks for less or the"
                        + " server allows less (the line cannot tell which)");
                fix.add("no rsize=/wsize= (or 1048576), and if the server still caps them its limit"
                        + " (/proc/fs/nfsd/max_block_size on a Linux server)");
            }
            if (saw.isEmpty()) {
                continue;
            }
            out.add(new Finding(ID, Severity.WARN, m.mountPoint(), m.mountPoint() + " (" + m.export() + "): "
                    + String.join("; ", saw), List.of(new Evidence("mount options, line " + m.source().line(),
                    m.source().text().strip())), null,
                    Fix.action("umount " + m.mountPoint() + " and mount it again with " + String.join(", and ", fix)
                            + ", keeping its other options (sec=, vers=, proto=): the kernel refuses a remount that changes these")));
        }
        return out;
    }

    private static boolean small(Long bytes) {
        return bytes != null && bytes > 0 && bytes < SMALL_IO_BYTES;
    }
}
