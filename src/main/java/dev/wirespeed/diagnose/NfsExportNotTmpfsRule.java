package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NfsRdma;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An NFS export that is not in RAM. src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt tests NFS over
 * TCP and RDMA with fio and exports /tmp for it: "Make sure it is tmpfs, otherwise IO will be limited by your
 * disk speed." An export on a disk (or on anything but tmpfs/ramfs) puts the disk under every NFS throughput
 * test, so fio measures the storage, not the network. Facts: the host's exports (/etc/exports, exportfs) and
 * the file system that holds each (the mount whose mount point is the longest prefix of the export's path:
 * mount, /proc/mounts, df, findmnt). Quiet when no shown mount holds the export, or when plain df (no -T)
 * names a source that is not a /dev/ block device.
 */
final class NfsExportNotTmpfsRule implements Rule {
    static final String ID = "nfs-export-not-tmpfs";
    /** File systems in RAM: an export on them puts no disk under an NFS test. */
    static final Set<String> RAM = Set.of("tmpfs", "ramfs");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "an NFS export on a disk, not tmpfs: an NFS throughput test would measure the disk, not the network";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (DeviceSetting export : facts.settings()) {
            if (!export.name().equals(NfsRdma.EXPORT)) {
                continue;
            }
            Mount holder = holder(export.device(), facts.mounts());
            if (holder == null || RAM.contains(holder.fsType()) || !known(holder)) {
                continue;
            }
            String type = holder.fsType().isEmpty() ? "a block device" : holder.fsType();
            String on = holder.mountPoint().equals(export.device()) ? "" : " mounted on " + holder.mountPoint();
            out.add(new Finding(ID, Severity.INFO, export.device(), export.device() + " is exported over NFS from " + type
                    + " (" + holder.device() + on + "), not tmpfs: an NFS throughput test (fio, dd) reads and writes that"
                    + " storage, so it, not the network, may set the result", List.of(export.evidence(), holder.evidence()), null,
                    Fix.command("to test the network, export a directory in RAM instead (a tmpfs),"
                            + " sized for the test file and within the server's free memory; the facts cannot tell whether"
                            + " this storage is slower than the link (an NVMe array may outrun it) nor whether the server's"
                            + " page cache already held the test file", "mkdir -p /srv/nfs-ram && mount -t tmpfs -o size=16g tmpfs /srv/nfs-ram"
                            + " && exportfs -o rw,async,no_root_squash '*:/srv/nfs-ram'")));
        }
        return out;
    }

    /** A file system whose kind is known: typed, or a /dev/ source (plain df names no type; "none" may be a ramfs). */
    static boolean known(Mount fs) {
        return !fs.fsType().isEmpty() || fs.device().startsWith("/dev/");
    }

    /** The mount holding {@code path}: the local one whose mount point is its longest prefix on a path boundary. */
    static Mount holder(String path, List<Mount> mounts) {
        return holder(path, mounts, false);
    }

    /**
     * With {@code nfs} false, the local mount whose mount point is {@code path}'s longest prefix; with it true, the
     * mount (of any kind) that holds {@code path} when that one is NFS (a local /dev under an NFS root is local).
     * Null if none.
     */
    static Mount holder(String path, List<Mount> mounts, boolean nfs) {
        Mount best = null;
        for (Mount m : mounts) {
            String mp = m.mountPoint();
            boolean holds = path.equals(mp) || mp.equals("/") || path.startsWith(mp.endsWith("/") ? mp : mp + "/");
            if (holds && (nfs || !m.isNfs()) && (best == null || mp.length() > best.mountPoint().length())) {
                best = m;
            }
        }
        return best == null || best.isNfs() == nfs ? best : null;
    }
}
