package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.Services;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One status line of {@code mlnx_tune -r}'s system report, in its section.
 *
 * @param section "CPU Status", "ConnectX-4 Device Status on PCI 03:00.0", "enp3s0 (Port 1) Status" …
 * @param level   "OK", "Warning" or null for a plain line
 * @param item    what it is about ("PCI Speed", "Link status", "Frequency")
 * @param value   the value as printed ("5GT/s", "Down", "2800.0MHz")
 * @param advice  the text after ">>>", or null
 * @param devicePci the PCI address of the device section this item is in or follows (port sections
 *                  come after their device's), sysfs form; not in JSON: the section says it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("TuneItem")
public record TuneItem(String section, String level, String item, String value, String advice, Source source,
                       @JsonIgnore String devicePci)
        implements ParsedRecord {
    /** "ConnectX-4 Device Status on PCI 03:00.0". */
    static final Pattern DEVICE_SECTION = Pattern.compile(".* Device Status on PCI ([0-9a-fA-F:.]+)");
    private static final Pattern PORT_SECTION = Pattern.compile("(\\S+) \\(Port (\\d+)\\) Status");
    private static final Pattern GBE = Pattern.compile("([\\d.]+)GbE");
    private static final Pattern MLNX_OFED = Pattern.compile("(MLNX_OFED_LINUX|OFED-internal)-(\\d[\\w.-]*\\d)");

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("section", section).put("level", level).put("item", item).put("value", value)
                .put("advice", advice).map();
    }

    /** PCIe status of the device section, speed/MTU/state of port sections, the driver stack, CPU frequency warnings. */
    @Override
    public void addFacts(FactSink out) {
        Matcher dev = DEVICE_SECTION.matcher(section);
        Matcher port = PORT_SECTION.matcher(section);
        String what = item == null ? "" : item;
        if (dev.matches()) {
            FactSink.pci(dev.group(1)).ifPresent(pci -> link(what, out)
                    .ifPresent(l -> out.add(PciFunction.builder(pci).link(l).build())));
        } else if (port.matches()) {
            out.add(port(port.group(1), what, out));
        } else if (section.equals("Driver Status") && value != null && MLNX_OFED.matcher(value).find()) {
            // mlnx_tune's "OK: MLNX_OFED_LINUX-4.6-1.0.1.1 (OFED-4.6-1.0.1)" (src/test/resources/parse/mlx/mlnx_tune-r-seed001.txt l.46): the stack, as ofed_info names it
            Matcher ofed = MLNX_OFED.matcher(value);
            ofed.find();
            out.add(new DeviceSetting(Services.STACK, Services.DISTRIBUTION,
                    ofed.group(1) + " " + ofed.group(2), out.evidence(source)));
        } else if (section.startsWith("CPU Status") && "Frequency".equals(what) && "Warning".equals(level)) {
            out.cpu(new CpuTopology(Observed.notSeen(), List.of(), List.of(), List.of(new CpuTopology.FrequencyNote(
                    "mlnx_tune: CPU frequency " + value + " (not at its maximum)", out.evidence(source)))));
        }
    }

    private Optional<PcieLink> link(String what, FactSink out) {
        boolean warn = "Warning".equals(level);
        PcieLink none = PcieLink.notSeen();
        return Optional.ofNullable(switch (what) {
            case "PCI Width" -> new PcieLink(none.currentGts(), out.parse(value, PcieLink::parseWidth),
                    none.maxGts(), none.maxWidth(), none.maxPayloadBytes(),
                    warn ? out.of(true, "Warning: PCI Width " + value) : Observed.notSeen(), null);
            case "PCI Speed" -> new PcieLink(out.parse(value, PcieLink::parseTransferRate),
                    none.currentWidth(), none.maxGts(), none.maxWidth(), none.maxPayloadBytes(),
                    warn ? out.of(true, "Warning: PCI Speed " + value) : Observed.notSeen(), null);
            case "PCI Max Payload Size" -> new PcieLink(none.currentGts(), none.currentWidth(), none.maxGts(),
                    none.maxWidth(), out.parse(value, Integer::parseInt), Observed.notSeen(), null);
            default -> null;
        });
    }

    private NetInterface port(String netdev, String what, FactSink out) {
        NetInterface.Builder nb = NetInterface.builder(netdev);
        if (devicePci != null) {
            nb.pciAddress(out.of(devicePci, section));
        }
        Matcher g = GBE.matcher(value == null ? "" : value);
        switch (what) {
            case "Speed" -> {
                if (g.matches()) {
                    nb.speedMbps(out.of(Math.round(Double.parseDouble(g.group(1)) * 1000), value));
                }
            }
            case "MTU" -> nb.mtuBytes(out.parse(value, Integer::parseInt));
            case "Link status" -> nb.operState(out.of(value.toLowerCase(Locale.ROOT), value));
            // "Link Type eth" / "ib": the netdev's type, as sysfs type 1 / 32 says it
            case "Link Type" -> {
                String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
                if (v.equals("eth") || v.equals("ib")) {
                    nb.type(out.of(v.equals("ib") ? NetInterface.ARPHRD_INFINIBAND : NetInterface.ARPHRD_ETHER,
                            "Link Type " + value.strip()));
                }
            }
            default -> { }
        }
        return nb.build();
    }

    /** The PCI address of a device section's title, sysfs form, or null. */
    static String devicePci(String section) {
        Matcher m = DEVICE_SECTION.matcher(section);
        return m.matches() ? FactSink.pci(m.group(1)).orElse(null) : null;
    }
}
