package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NfsRdma;
import java.util.ArrayList;
import java.util.List;

/**
 * NFS over RDMA is used or intended (a proto=rdma mount, an rdma listener in nfsd's portlist or
 * written to it) while no RDMA transport module (rpcrdma, xprtrdma, svcrdma) is loaded: the mount
 * or the listener fails (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt l.1581-1604: modprobe svcrdma on the server, xprtrdma on the client).
 */
final class NfsRdmaModuleRule implements Rule {
    static final String ID = "nfs-rdma-module-missing";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "NFS over RDMA mounted or exported while no rpcrdma/xprtrdma/svcrdma module is loaded";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        if (!NfsRdma.modulesKnownMissing(facts.settings())) {
            return List.of();
        }
        DeviceSetting modules = NfsRdma.settings(facts.settings(), NfsRdma.KERNEL, NfsRdma.MODULES).getFirst();
        List<Finding> out = new ArrayList<>();
        for (Mount m : facts.mounts()) {
            if (m.isNfs() && m.proto().isPresent() && m.proto().value().equals("rdma")) {
                out.add(new Finding(ID, Severity.ERROR, m.mountPoint(), m.mountPoint() + " (" + m.device()
                        + ") is NFS over RDMA but no RDMA transport module (xprtrdma/rpcrdma) is loaded",
                        List.of(m.evidence(), modules.evidence()), null,
                        Fix.command("load the client transport, then mount again", "modprobe xprtrdma")));
            }
        }
        List<DeviceSetting> server = new ArrayList<>(NfsRdma.settings(facts.settings(), NfsRdma.NFSD, NfsRdma.PORTLIST).stream()
                .filter(s -> s.value().contains("rdma")).toList());
        server.addAll(NfsRdma.settings(facts.settings(), NfsRdma.NFSD, NfsRdma.PORTLIST_WRITE).stream()
                .filter(s -> s.value().startsWith("rdma")).toList());
        if (!server.isEmpty()) {
            out.add(new Finding(ID, Severity.ERROR, "nfsd", "nfsd is to listen on RDMA (" + server.getFirst().value()
                    + ") but no RDMA transport module (svcrdma/rpcrdma) is loaded",
                    List.of(server.getFirst().evidence(), modules.evidence()), null,
                    Fix.command("load the server transport, then add the listener (persist with rdma=y in /etc/nfs.conf [nfsd])",
                            "modprobe svcrdma && echo rdma 20049 > /proc/fs/nfsd/portlist")));
        }
        return out;
    }
}
