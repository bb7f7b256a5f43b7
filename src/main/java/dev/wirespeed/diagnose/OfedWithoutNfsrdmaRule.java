package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NfsRdma;
import java.util.List;

/**
 * Writing "rdma 20049" to /proc/fs/nfsd/portlist failed with "Protocol not supported": the kernel has
 * no RDMA transport for nfsd. With MLNX_OFED this means it was installed without NFS over RDMA
 * (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt l.1587: "re-install Mellanox OFED with --with-nfsrdma flag", or use the inbox driver).
 */
final class OfedWithoutNfsrdmaRule implements Rule {
    static final String ID = "ofed-without-nfsrdma";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "nfsd refused the rdma listener (Protocol not supported): OFED installed without --with-nfsrdma";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<DeviceSetting> refused = NfsRdma.settings(facts.settings(), NfsRdma.NFSD, NfsRdma.RDMA_REFUSED);
        if (refused.isEmpty()) {
            return List.of();
        }
        return List.of(new Finding(ID, Severity.ERROR, "nfsd", "the kernel refused nfsd's \"" + refused.getFirst().value()
                + "\" listener (Protocol not supported): no NFS RDMA transport; MLNX_OFED installed without NFS over RDMA",
                List.of(refused.getFirst().evidence()), null,
                Fix.command("re-install MLNX_OFED with NFS over RDMA (or use the distribution's inbox RDMA stack), then modprobe svcrdma",
                        "./mlnxofedinstall --with-nfsrdma")));
    }
}
