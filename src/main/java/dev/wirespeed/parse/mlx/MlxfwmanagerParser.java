package dev.wirespeed.parse.mlx;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Fields;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlxfwmanager} (also printed by the MLNX_OFED installer's firmware update): "Querying
 * Mellanox devices firmware ...", then per device "Device #1:" with "Device Type:", "Part Number:",
 * "PSID:", "PCI Device Name:", a "Versions: Current Available" table (FW, PXE, UEFI) and "Status:".
 * A "FW (Running)" row (mstflint prints it when the running firmware differs from the one in flash,
 * mlxfwmanager_ui.cpp) gives the version the adapter runs until its next reset. A value wrapped onto
 * the next line (an 80-column terminal, a mail client; "Status:" pasted onto the FW row) is joined back. A BlueField
 * (1st gen) lists an "NVMe" image too. Each version row is kept in "printed" under its image name, Current then
 * Available as printed.
 */
public final class MlxfwmanagerParser extends BaseParser {
    private static final Pattern QUERY = Pattern.compile("Querying Mellanox devices firmware \\.\\.\\.");
    private static final Pattern DEVICE_N = Pattern.compile("Device #\\d+:");
    private static final Pattern VERSION_ROW = Pattern.compile(
            "(FW \\(Running\\)|FW|PXE|UEFI|FCODE|CLP|NVMe|UEFI Virtio \\w+)\\s+(\\S+)(?:\\s+(\\S+))?(?:\\s+Status:\\s*(.*))?");
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
        Versions v = null;
        String lastKey = null; // the field a wrapped line continues
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            Matcher m;
            if (in.matches(QUERY, i) || in.matches(TAIL, i)) {
                lastKey = null;
                b.use(i);
            } else if (in.matches(DEVICE_N, i)) {
                flush(b, f, v);
                f = new Fields();
                v = new Versions();
                lastKey = null;
                b.use(i);
            } else if (f != null && (m = in.match(VERSION_ROW, i)) != null) {
                switch (m.group(1)) {
                    case "FW" -> {
                        v.fw = m.group(2);
                        v.available = m.group(3);
                    }
                    case "FW (Running)" -> v.running = m.group(2);
                    default -> v.roms.put(m.group(1), m.group(2));
                }
                // the row under its own name ("FW", "PXE", "FW (Running)"), Current then Available as printed;
                // a row with "Status:" pasted onto it is left to the generic reading, verbatim as it is
                if (m.group(4) == null) {
                    b.printed(i, m.group(1), m.group(2));
                    if (m.group(3) != null) {
                        b.printed(i, m.group(1), m.group(3));
                    }
                }
                lastKey = null;
                if (m.group(4) != null) { // "Status:" pasted onto the FW row, its words wrapped to the next line
                    f.put("Status", m.group(4), in.source(i));
                    lastKey = "Status";
                }
                b.use(i);
            } else if (f != null && (m = in.match(KEY_VALUE, i)) != null) {
                f.put(m.group(1), m.group(2), in.source(i));
                // only the long description wraps; a line after any other field is the next output
                lastKey = m.group(1).strip().equalsIgnoreCase("Description") ? "Description" : null;
                b.use(i);
            } else if (f != null && lastKey != null) {
                f.append(lastKey, in.get(i)); // a value wrapped onto the next line
                lastKey = null;
                b.use(i);
            } else {
                break;
            }
        }
        flush(b, f, v);
        return b.done(i);
    }

    /** The version table of one device. */
    private static final class Versions {
        String fw;
        String available;
        String running;
        final Map<String, String> roms = new LinkedHashMap<>();
    }

    private static void flush(ParseBuilder b, Fields f, Versions v) {
        if (f == null || f.isEmpty()) {
            return;
        }
        String pci = f.text("pci device name");
        b.add(new MlxDevice(pci, f.text("device type"), f.text("part number"), f.text("description"), f.text("psid"),
                pci != null && pci.matches("[0-9a-fA-F:.]+") ? pci : null, v.fw, na(v.available), f.text("status"),
                f.first(), na(v.running), v.roms, hex(f.text("base guid")), hex(f.text("base mac")), null));
    }

    /** A GUID or MAC as printed; null when its writer masked it ("*****"). */
    private static String hex(String s) {
        return s != null && s.matches("[0-9a-fA-F]+") ? s : null;
    }

    private static String na(String s) {
        return s == null || s.equals("N/A") ? null : s;
    }
}
