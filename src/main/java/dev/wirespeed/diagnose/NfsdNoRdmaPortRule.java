package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * nfsd runs (its portlist has listeners) but none is "rdma 20049" on a host that has an active
 * RDMA port or the RDMA transport loaded: clients can only mount over TCP (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt l.1585-1594).
 */
final class NfsdNoRdmaPortRule implements Rule {
    static final String ID = "nfsd-no-rdma-port";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "nfsd runs without an rdma listener (rdma 20049) on a host with an active RDMA port or rpcrdma loaded";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<DeviceSetting> portlist = NfsRdma.settings(facts.settings(), NfsRdma.NFSD, NfsRdma.PORTLIST);
        if (portlist.isEmpty() || portlist.stream().anyMatch(s -> s.value().contains("rdma"))) {
            return List.of();
        }
        List<RdmaPort> active = facts.rdmaPorts().stream().filter(RdmaPort::isActive).toList();
        if (active.isEmpty() && !NfsRdma.modulesLoaded(facts.settings())) {
            return List.of();
        }
        List<Evidence> evidence = new ArrayList<>(List.of(portlist.getFirst().evidence()));
        if (!active.isEmpty()) {
            evidence.add(active.getFirst().state().evidence());
        }
        return List.of(new Finding(ID, Severity.WARN, "nfsd", "nfsd listens on " + portlist.getFirst().value()
                + " but not on rdma 20049" + (active.isEmpty() ? "" : " while " + active.getFirst().label()
                + " is an active RDMA port") + ": clients cannot mount with proto=rdma",
                evidence, null,
                Fix.command("add the RDMA listener (persist with rdma=y, rdma-port=20049 in /etc/nfs.conf [nfsd])",
                        "modprobe svcrdma && echo rdma 20049 > /proc/fs/nfsd/portlist")));
    }
}
