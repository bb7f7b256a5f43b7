package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/** {@code ethtool -i IFACE}: driver, its version, the NIC firmware and the PCI address. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("DriverInfo")
public record DriverInfo(String iface, String driver, String version, String firmware, String busInfo,
                         Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("driver", driver).put("version", version)
                .put("firmware", firmware).put("bus", busInfo).map();
    }

    @Override
    public void addFacts(FactSink out) {
        if (iface != null) {
            NetInterface.Builder nb = NetInterface.builder(iface);
            if (driver != null) {
                nb.driver(out.text(driver));
            }
            FactSink.pci(busInfo).ifPresent(a -> nb.pciAddress(out.of(a, busInfo)));
            out.add(nb.build());
        }
    }
}
