package dev.wirespeed.host;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A PCI function behind a NIC or HCA: /sys/bus/pci/devices/ADDR, or lspci/mlnx_tune/mst output.
 * Key: the full address "0000:04:00.0" (use {@link #normalizeAddress} for lspci's "04:00.0").
 *
 * @param address     domain:bus:device.function
 * @param vendorId    PCI vendor id (0x15b3 Mellanox/NVIDIA, 0x8086 Intel, 0x14e4 Broadcom, 0x1af4 virtio)
 * @param deviceId    PCI device id (0x1015 ConnectX-4 Lx)
 * @param description what lspci names it ("Mellanox Technologies MT27710 Family [ConnectX-4 Lx]")
 * @param driver      bound kernel driver
 * @param numaNode    NUMA node; the kernel's -1 is absent with raw "-1"
 * @param localCpus   CPUs close to the device (local_cpulist)
 * @param link        the PCIe link
 */
@JsonPropertyOrder({"address", "vendorId", "deviceId", "description", "driver", "numaNode", "localCpus", "link"})
public record PciFunction(
        String address,
        Observed<Integer> vendorId,
        Observed<Integer> deviceId,
        Observed<String> description,
        Observed<String> driver,
        Observed<Integer> numaNode,
        Observed<CpuList> localCpus,
        PcieLink link) {

    private static final Pattern FULL = Pattern.compile("[0-9a-f]{4,}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
    private static final Pattern SHORT = Pattern.compile("[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");

    public static Builder builder(String address) {
        return new Builder(normalizeAddress(address));
    }

    /** "04:00.0" → "0000:04:00.0"; full addresses lower-cased; anything else IllegalArgumentException. */
    public static String normalizeAddress(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (FULL.matcher(t).matches()) {
            return t;
        }
        if (SHORT.matcher(t).matches()) {
            return "0000:" + t;
        }
        throw new IllegalArgumentException("expected a PCI address like 0000:04:00.0 but was '" + text + "'");
    }

    /** True for a string that is a PCI address. */
    public static boolean isAddress(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return FULL.matcher(t).matches();
    }

    /** "0000:04:00" — the physical device; its functions share one PCIe link. */
    @JsonIgnore
    public String slot() {
        return address.substring(0, address.lastIndexOf('.'));
    }

    /** "0x15b3" style hex id (sysfs vendor/device files). */
    public static int parseHexId(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("0x")) {
            t = t.substring(2);
        }
        if (t.isEmpty() || t.length() > 4 || !t.matches("[0-9a-f]+")) {
            throw new IllegalArgumentException("expected a 16-bit hex id like 0x15b3 but was '" + text + "'");
        }
        return Integer.parseInt(t, 16);
    }

    public PciFunction merge(PciFunction o) {
        return new PciFunction(address, vendorId.or(o.vendorId), deviceId.or(o.deviceId), description.or(o.description),
                driver.or(o.driver), numaNode.or(o.numaNode), localCpus.or(o.localCpus), link.merge(o.link));
    }

    public static final class Builder {
        private final String address;
        private Observed<Integer> vendorId = Observed.notSeen();
        private Observed<Integer> deviceId = Observed.notSeen();
        private Observed<String> description = Observed.notSeen();
        private Observed<String> driver = Observed.notSeen();
        private Observed<Integer> numaNode = Observed.notSeen();
        private Observed<CpuList> localCpus = Observed.notSeen();
        private PcieLink link = PcieLink.notSeen();

        private Builder(String address) {
            this.address = address;
        }

        public Builder vendorId(Observed<Integer> v) { vendorId = v; return this; }
        public Builder deviceId(Observed<Integer> v) { deviceId = v; return this; }
        public Builder description(Observed<String> v) { description = v; return this; }
        public Builder driver(Observed<String> v) { driver = v; return this; }
        public Builder numaNode(Observed<Integer> v) { numaNode = v; return this; }
        public Builder localCpus(Observed<CpuList> v) { localCpus = v; return this; }
        public Builder link(PcieLink v) { link = v; return this; }

        public PciFunction build() {
            return new PciFunction(address, vendorId, deviceId, description, driver, numaNode, localCpus, link);
        }
    }
}
