package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Units;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kernel messages about a PCI device, as {@code dmesg}, {@code dmesg -T}, {@code journalctl -k} or
 * syslog print them ("[   10.64] mlx5_core 0004:01:00.0: …", "… kernel: [ 3.02] pci 0003:01:00.0: …"):
 * the PCIe bandwidth line of pcie_print_link_status() ("63.008 Gb/s available PCIe bandwidth
 * (8.0 GT/s PCIe x8 link)", or "…, limited by 5.0 GT/s PCIe x4 link at BDF (capable of …)"),
 * link up/down ("enp1s0f0np0: Link up", "NIC Link is Down"), mlx5's "Port module event" lines, its
 * "firmware version: 16.35.4030" at probe (an MlxDevice) and its health buffer (HealthEvent).
 * The block is a run of kernel lines; device lines it has no record for are skipped.
 */
public final class KernelLogParser extends BaseParser {
    private static final String BDF = "(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    /** Optional "grep -n"/line-number or syslog prefix, optional timestamp, driver, device, optional netdev. */
    private static final Pattern LINE = Pattern.compile(
            "(?:.*?\\bkernel:\\s*|\\d+\\s*)?(?:\\[[^\\]]*]\\s*)?([\\w-]+) (" + BDF + ")(?: ([\\w.@-]+))?: (.*)");
    private static final Pattern PCIE = Pattern.compile("([\\d.]+) Gb/s available PCIe bandwidth"
            + "(?:, limited by ([\\d.]+) GT/s PCIe x(\\d+) link at (\\S+) \\(capable of ([\\d.]+) Gb/s with ([\\d.]+) GT/s "
            + "PCIe x(\\d+) link\\)| \\(([\\d.]+) GT/s PCIe x(\\d+) link\\)).*");
    private static final Pattern LINK = Pattern.compile("(?:NIC )?Link (?:is )?(up|down)\\b,?\\s*(.*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern MODULE = Pattern.compile("Port module event(\\[error])?: module (\\d+), (.*)");
    /** mlx5 health.c: every line of the health buffer; the syndrome line names the failure. */
    private static final Pattern HEALTH = Pattern.compile("print_health_info:\\d+:\\(pid \\d+\\):\\s*(.*)");
    /** mlx5 main.c at probe: the firmware the adapter runs. */
    private static final Pattern FIRMWARE = Pattern.compile("firmware version: (\\d+\\.\\d+\\.\\d+)");
    private static final Pattern SYNDROME = Pattern.compile("synd (0x[0-9a-fA-F]+):?\\s*(.*)");

    public KernelLogParser() {
        super("kernel-log", "dmesg", "journalctl");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // a run of device lines starts here when one of its first 200 lines is an event we read
        for (int j = i; j < Math.min(in.size(), i + 200); j++) {
            Matcher m = in.match(LINE, j);
            if (m == null) {
                return false;
            }
            if (event(m.group(4)) != null) {
                return true;
            }
        }
        return false;
    }

    /** Which event a device message is, or null. */
    private static Pattern event(String message) {
        for (Pattern p : new Pattern[] {PCIE, LINK, MODULE, HEALTH}) {
            if (p.matcher(message).matches()) {
                return p;
            }
        }
        return null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m = in.match(LINE, i);
            if (m == null) {
                break;
            }
            Matcher h = HEALTH.matcher(m.group(4));
            if (h.matches()) {
                // a mail or narrow terminal puts each health value on the line after its prefix
                String value = h.group(1);
                b.use(i);
                if (value.isEmpty() && i + 1 < in.size() && !in.blank(i + 1) && in.match(LINE, i + 1) == null) {
                    value = in.get(++i);
                    b.use(i);
                }
                Matcher synd = SYNDROME.matcher(value);
                if (synd.matches()) {
                    b.add(new HealthEvent(m.group(1), m.group(2), synd.group(1), synd.group(2).strip(), in.source(i)));
                }
                continue;
            }
            ParsedRecord r = record(m.group(1), m.group(2), m.group(3), m.group(4), in.source(i));
            if (r != null) {
                b.add(r).use(i);
            }
        }
        return b.done(i);
    }

    private static ParsedRecord record(String driver, String address, String netdev, String message, Source src) {
        Matcher m;
        if ((m = PCIE.matcher(message)).matches()) {
            boolean limited = m.group(2) != null;
            return new PcieBandwidthLine(driver, address, gbps(m.group(1)), limited ? m.group(4) : null,
                    gts(limited ? m.group(2) : m.group(8)), Units.integer(limited ? m.group(3) : m.group(9)),
                    limited ? gbps(m.group(5)) : null, limited ? gts(m.group(6)) : null,
                    limited ? Units.integer(m.group(7)) : null, src);
        }
        if ((m = LINK.matcher(message)).matches()) {
            return new LinkEvent(driver, address, netdev, m.group(1).equalsIgnoreCase("up"),
                    m.group(2).isBlank() ? null : m.group(2).strip(), src);
        }
        if ((m = FIRMWARE.matcher(message)).matches()) {
            return new dev.wirespeed.parse.mlx.MlxDevice(address, null, null, null, null, address, m.group(1), null, null, src);
        }
        if ((m = MODULE.matcher(message)).matches()) {
            return new ModuleEvent(driver, address, Units.integer(m.group(2)), m.group(3).strip(), m.group(1) != null, src);
        }
        return null;
    }

    private static Quantity gbps(String text) {
        return Quantity.bitsPerSecond(Units.number(text) * 1e9, text + " Gb/s");
    }

    private static Quantity gts(String text) {
        double v = Units.number(text);
        return Double.isNaN(v) ? null : new Quantity(v, "GT/s", text + " GT/s");
    }
}
