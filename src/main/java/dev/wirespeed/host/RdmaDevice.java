package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An RDMA device (HCA, RoCE NIC, DPU): /sys/class/infiniband/NAME, or ibstat/ibv_devinfo output.
 * Key: the name.
 *
 * @param name         "mlx5_0", "ibp171s0", "rocep22s0f0"
 * @param nodeType     "1: CA" (sysfs node_type), "CA"
 * @param nodeGuid     "0002:c903:0021:2111" as sysfs prints it (ibstat's 0x… form is kept raw)
 * @param sysImageGuid system image GUID
 * @param fwVersion    firmware version ("12.21.1000")
 * @param hcaType      "MT4115" (sysfs hca_type, ibstat "CA type")
 * @param boardId      PSID ("MT_2180110032")
 * @param pciAddress   the PCI function behind it
 * @param vendorId     PCI vendor id (ibv_devinfo vendor_id 0x02c9 is the IEEE OUI; sysfs gives the PCI id 0x15b3)
 * @param partId       device id (ibv_devinfo vendor_part_id 4115 = PCI device 0x1013)
 * @param ports        its ports, by number
 */
@JsonPropertyOrder({"name", "nodeType", "nodeGuid", "sysImageGuid", "fwVersion", "hcaType", "boardId", "pciAddress",
    "vendorId", "partId", "ports"})
public record RdmaDevice(
        String name,
        Observed<String> nodeType,
        Observed<String> nodeGuid,
        Observed<String> sysImageGuid,
        Observed<String> fwVersion,
        Observed<String> hcaType,
        Observed<String> boardId,
        Observed<String> pciAddress,
        Observed<Integer> vendorId,
        Observed<Integer> partId,
        List<RdmaPort> ports) {

    public RdmaDevice {
        ports = ports.stream().sorted(Comparator.comparingInt(RdmaPort::port)).toList();
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Field by field, then ports merged by number. */
    public RdmaDevice merge(RdmaDevice o) {
        List<RdmaPort> merged = new ArrayList<>(ports);
        for (RdmaPort p : o.ports) {
            int i = indexOf(merged, p.port());
            if (i < 0) {
                merged.add(p);
            } else {
                merged.set(i, merged.get(i).merge(p));
            }
        }
        return new RdmaDevice(name, nodeType.or(o.nodeType), nodeGuid.or(o.nodeGuid), sysImageGuid.or(o.sysImageGuid),
                fwVersion.or(o.fwVersion), hcaType.or(o.hcaType), boardId.or(o.boardId), pciAddress.or(o.pciAddress),
                vendorId.or(o.vendorId), partId.or(o.partId), merged);
    }

    private static int indexOf(List<RdmaPort> ports, int number) {
        for (int i = 0; i < ports.size(); i++) {
            if (ports.get(i).port() == number) {
                return i;
            }
        }
        return -1;
    }

    public static final class Builder {
        private final String name;
        private Observed<String> nodeType = Observed.notSeen();
        private Observed<String> nodeGuid = Observed.notSeen();
        private Observed<String> sysImageGuid = Observed.notSeen();
        private Observed<String> fwVersion = Observed.notSeen();
        private Observed<String> hcaType = Observed.notSeen();
        private Observed<String> boardId = Observed.notSeen();
        private Observed<String> pciAddress = Observed.notSeen();
        private Observed<Integer> vendorId = Observed.notSeen();
        private Observed<Integer> partId = Observed.notSeen();
        private final List<RdmaPort> ports = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder nodeType(Observed<String> v) { nodeType = v; return this; }
        public Builder nodeGuid(Observed<String> v) { nodeGuid = v; return this; }
        public Builder sysImageGuid(Observed<String> v) { sysImageGuid = v; return this; }
        public Builder fwVersion(Observed<String> v) { fwVersion = v; return this; }
        public Builder hcaType(Observed<String> v) { hcaType = v; return this; }
        public Builder boardId(Observed<String> v) { boardId = v; return this; }
        public Builder pciAddress(Observed<String> v) { pciAddress = v; return this; }
        public Builder vendorId(Observed<Integer> v) { vendorId = v; return this; }
        public Builder partId(Observed<Integer> v) { partId = v; return this; }
        public Builder port(RdmaPort p) { ports.add(p); return this; }

        public RdmaDevice build() {
            return new RdmaDevice(name, nodeType, nodeGuid, sysImageGuid, fwVersion, hcaType, boardId, pciAddress,
                    vendorId, partId, ports);
        }
    }
}
