package dev.wirespeed.parse.pci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CardIdentity;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A PCI function as lspci (or the OFED installer, or lstopo) names it.
 *
 * @param address     "04:00.0" or "0000:04:00.0", as printed
 * @param deviceClass "Ethernet controller", "Infiniband controller" …
 * @param description "Mellanox Technologies MT27710 Family [ConnectX-4 Lx]"
 * @param unreadable  true when lspci read all ones from the function's configuration space ("(rev ff)",
 *                    "!!! Unknown header type 7f"): it no longer answers on the bus; null otherwise
 * @param vpdError    what lspci -vv printed under "Vital Product Data" instead of its fields (pciutils
 *                    ls-vpd.c: "No end tag found", "Not readable", "Unknown large resource type 35, will not
 *                    decode more."): the function's VPD could not be read or is malformed
 * @param totalVfs    the SR-IOV capability's "Total VFs" (what the device can offer)
 * @param numberOfVfs the SR-IOV capability's "Number of VFs" (how many are enabled now)
 * @param serialNumber the Vital Product Data's "[SN] Serial number" as printed (the card's, so two functions of one
 *                    card print the same)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PciDevice")
public record PciDevice(String address, String deviceClass, String description, Integer numaNode, String driver,
                        String partNumber, Source source, Boolean unreadable, String vpdError, Integer totalVfs,
                        Integer numberOfVfs, String serialNumber) implements LogInput {
    public PciDevice(String address, String deviceClass, String description, Integer numaNode, String driver,
                     String partNumber, Source source) {
        this(address, deviceClass, description, numaNode, driver, partNumber, source, null, null, null, null, null);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("address", address).put("class", deviceClass).put("device", description)
                .put("numa", numaNode).put("driver", driver).put("part", partNumber)
                .put("VFs", numberOfVfs == null ? null : numberOfVfs + " of " + totalVfs).put("VPD", vpdError).map();
    }

    /** The function's name, driver and NUMA node; the log rules also read unreadable devices. */
    @Override
    public void addFacts(FactSink out) {
        FactSink.pci(address).ifPresent(f -> {
            PciFunction.Builder fb = PciFunction.builder(f);
            if (description != null) { // lspci -t without -v names no device
                fb.description(out.text(description));
            }
            if (driver != null) {
                fb.driver(out.text(driver));
            }
            if (numaNode != null) {
                fb.numaNode(out.of(numaNode, numaNode.toString()));
            }
            if (partNumber != null) { // lspci -vvv's VPD "[PN] Part number:"
                out.add(new DeviceSetting(f, CardIdentity.PART_NUMBER, partNumber,
                        new Evidence(out.src(), partNumber)));
            }
            out.add(fb.build());
        });
    }
}
