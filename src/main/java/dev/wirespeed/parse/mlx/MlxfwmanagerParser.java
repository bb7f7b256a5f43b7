package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlxfwmanager} (also printed by the MLNX_OFED installer's firmware update): "Querying
 * Mellanox devices firmware ...", then per device "Device #1:" with "Device Type:", "Part Number:",
 * "PSID:", "PCI Device Name:", a "Versions: Current Available" table (FW, PXE, UEFI) and "Status:".
 */
public final class MlxfwmanagerParser extends BaseParser {
    private static final Pattern QUERY = Pattern.compile("Querying Mellanox devices firmware \\.\\.\\.");
    private static final Pattern DEVICE_N = Pattern.compile("Device #\\d+:");
    private static final Pattern VERSION_ROW = Pattern.compile("(FW|PXE|UEFI|FCODE|UEFI Virtio \\w+)\\s+(\\S+)\\s+(\\S+)");
    private static final Pattern TAIL = Pattern.compile(
            "Found \\d+ device\\(s\\) requiring firmware update.*|Device #\\d+: Updating FW .*|Restart needed.*|Log File: .*"
                    + "|Please run .*|No devices found.*");

    public MlxfwmanagerParser() {
        super("mlxfwmanager", "mlxfwmanager", "mlxup");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(QUERY, i)) {
            return true;
        }
        if (!in.matches(DEVICE_N, i)) {
            return false;
        }
        for (int k = i + 1; k < Math.min(in.size(), i + 8); k++) {
            if (in.get(k).startsWith("Part Number:") || in.get(k).startsWith("PSID:")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Fields f = null;
        String fw = null;
        String available = null;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(QUERY, i) || in.matches(TAIL, i)) {
                b.use(i);
            } else if (in.matches(DEVICE_N, i)) {
                flush(b, f, fw, available);
                f = new Fields();
                fw = null;
                available = null;
                b.use(i);
            } else if (f != null && (m = in.match(VERSION_ROW, i)) != null) {
                if (m.group(1).equals("FW")) {
                    fw = m.group(2);
                    available = m.group(3);
                }
                b.use(i);
            } else if (f != null && (m = in.match(KEY_VALUE, i)) != null) {
                f.put(m.group(1), m.group(2), in.source(i));
                b.use(i);
            } else {
                break;
            }
        }
        flush(b, f, fw, available);
        return b.done(i);
    }

    private static void flush(ParseBuilder b, Fields f, String fw, String available) {
        if (f == null || f.isEmpty()) {
            return;
        }
        String pci = f.text("pci device name");
        b.add(new MlxDevice(pci, f.text("device type"), f.text("part number"), f.text("description"), f.text("psid"),
                pci != null && pci.matches("[0-9a-fA-F:.]+") ? pci : null, fw, na(available), f.text("status"), f.first()));
    }

    private static String na(String s) {
        return s == null || s.equals("N/A") ? null : s;
    }
}
