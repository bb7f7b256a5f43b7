package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A network interface renamed, as the kernel logs it under the driver and device (net/core/dev.c dev_change_name:
 * "mlx5_core 0000:9e:00.0 enp158s0np0: renamed from eth0", since 6.x perhaps "… renamed from eth0 (while UP)"),
 * udev having given the predictable name (issue 31 round 17b). It ties the name the later lines and tools use to the
 * device and driver; it says nothing wrong.
 *
 * @param driver       the driver named before the device ("mlx5_core", "igb")
 * @param address      the device as printed: a PCI address, or a platform, USB or SPI device; null when none was printed
 * @param iface        the new name, the one the line is printed under
 * @param previousName the kernel's name before ("eth0")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("NetdevRename")
public record NetdevRename(String driver, String address, String iface, String previousName, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("driver", driver).put("device", address).put("netdev", iface)
                .put("renamed from", previousName).map();
    }

    /** A rename is no fault: nothing to judge. */
    @Override
    public void addFacts(FactSink out) {}
}
