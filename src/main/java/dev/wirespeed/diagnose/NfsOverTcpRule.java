package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * An NFS mount over TCP on a host with an active RDMA port (seed 000: NFS over RDMA gave 3.4–4.1×
 * the 4 KiB IOPS of TCP). Info: the server must offer RDMA too.
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
                    Fix.command("if the server exports over RDMA (port 20049), remount with proto=rdma",
                            "mount -o remount,proto=rdma,port=20049 " + m.mountPoint())));
        }
        return out;
    }
}
