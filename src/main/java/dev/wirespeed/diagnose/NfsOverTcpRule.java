package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * An NFS mount over TCP on a host with an active RDMA port
 * (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt: NFS over RDMA gave 3.4–4.1× the 4 KiB IOPS of
 * TCP). Info: the server must offer RDMA too. The fix unmounts and mounts again ({@link #rdmaMount}): a
 * remount cannot change the transport.
 */
final class NfsOverTcpRule implements Rule {
    static final String ID = "nfs-over-tcp";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "NFS mount over TCP while an RDMA port is active (info)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<RdmaPort> active = facts.rdmaPorts().stream().filter(RdmaPort::isActive).toList();
        List<Finding> out = new ArrayList<>();
        if (active.isEmpty()) {
            return out;
        }
        for (Mount m : facts.mounts()) {
            if (!m.isNfs() || !m.proto().isPresent() || !m.proto().value().startsWith("tcp")) {
                continue;
            }
            out.add(new Finding(ID, Severity.INFO, m.mountPoint(), m.mountPoint() + " (" + m.device()
                    + ") is NFS over " + m.proto().value() + " while " + active.getFirst().label() + " is an active RDMA port",
                    List.of(m.evidence(), active.getFirst().state().evidence()), null,
                    Fix.command("if the server listens for NFS over RDMA (rdma 20049 in its /proc/fs/nfsd/portlist), "
                            + "unmount and mount again over RDMA: the kernel refuses a remount that changes the transport "
                            + "or port (nfs_compare_remount_data: EINVAL)", rdmaMount(m))));
        }
        return out;
    }

    /**
     * umount, then mount the same export over RDMA (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt l.1609-1615: "umount /mnt/nfs", then
     * "mount -t nfs -o rdma,port=20049 192.168.23.1:/tmp /mnt/nfs"), keeping the mount's NFS version.
     * A remount cannot do it: fs/nfs/super.c nfs_compare_remount_data returns -EINVAL when the port
     * (20049 for RDMA, 2049 for TCP) or the server address differs from the mounted one.
     */
    static String rdmaMount(Mount m) {
        String vers = Mount.option(m.options(), "vers");
        String type = m.fsType().equals("nfs4") && vers == null ? "nfs4" : "nfs";
        return "umount " + m.mountPoint() + " && mount -t " + type + " -o proto=rdma,port=20049"
                + (vers != null ? ",vers=" + vers : "") + " " + m.device() + " " + m.mountPoint();
    }
}
