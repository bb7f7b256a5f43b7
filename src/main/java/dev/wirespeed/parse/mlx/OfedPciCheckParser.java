package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.pci.PciDevice;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PCIe check the MLNX_OFED installer ({@code mlnxofedinstall}) prints per adapter:
 * "Device (03:00.0):", the lspci line, "Link Width: x4 ( WARNING - device supports x8 )",
 * "PCI Link Speed: 5GT/s".
 */
public final class OfedPciCheckParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Device \\(([0-9a-fA-F:.]+)\\):");
    private static final Pattern LSPCI = Pattern.compile("([0-9a-fA-F:.]+)\\s+([^:]+):\\s+(.+)");
    /** Groups: the width as printed ("x4"), its number, the supported width as printed ("x8"), its number. */
    private static final Pattern WIDTH = Pattern.compile(
            "Link Width: (x(\\d+))(?:\\s*\\(\\s*WARNING - device supports (x(\\d+))\\s*\\))?");
    private static final Pattern SPEED = Pattern.compile("PCI Link Speed: (([\\d.]+)GT/s).*");

    public OfedPciCheckParser() {
        super(HEAD, "mlnxofedinstall", "mlnxofedinstall");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String address = null;
        Quantity width = null;
        Quantity cap = null;
        Quantity speed = null;
        Source src = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if ((m = in.match(HEAD, i)) != null) {
                flush(b, address, width, cap, speed, src);
                address = m.group(1);
                width = null;
                cap = null;
                speed = null;
                src = in.source(i);
                b.use(i);
            } else if (address != null && (m = in.match(WIDTH, i)) != null) {
                width = Quantity.lanes(UnitWords.integer(m.group(2)), m.group(1));
                cap = m.group(3) == null ? null : Quantity.lanes(UnitWords.integer(m.group(4)), m.group(3));
                b.use(i);
            } else if (address != null && (m = in.match(SPEED, i)) != null) {
                speed = Quantity.of(UnitWords.number(m.group(2)), "GT/s", m.group(1));
                b.use(i);
            } else if (address != null && (m = in.match(LSPCI, i)) != null) {
                b.use(i).add(new PciDevice(m.group(1), m.group(2), m.group(3), null, null, null, in.source(i)));
            } else {
                break;
            }
        }
        flush(b, address, width, cap, speed, src);
        return b.done(i);
    }

    private static void flush(ParseBuilder b, String address, Quantity width, Quantity cap, Quantity speed, Source src) {
        if (address != null && (width != null || speed != null)) {
            b.add(new PcieLinkRecord(address, null, cap, speed, width, null, cap != null && width != null && width.value() < cap.value() ? true : null,
                    null, null, src));
        }
    }
}
