package dev.wirespeed.parse.mlx;

import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mlxlink} (MFT/mstflint): sections with a title underlined by dashes ("Operational Info",
 * "Supported Info", "Troubleshooting Info", "Tool Information", "Physical Counters and BER Info",
 * "Module Info" …), each a list of "Name    : value" lines with the name padded to a column. One
 * {@link MlxlinkPort} per "Operational Info" (a loop over devices prints several). Also read: a
 * web page's text of it (one blank around the colon, "#" after a title) and a grep of it that kept
 * only some name lines. Values "N/A" are dropped.
 */
public final class MlxlinkParser extends BaseParser {
    private static final Pattern TITLE = Pattern.compile("(Operational Info|Supported Info|Troubleshooting Info|Tool Information"
            + "|Physical Counters and BER Info|Module Info|Test Mode Info|FEC Capability Info|EYE Opening Info"
            + "|Transmitter Info|Device Info|BER Monitor Info|Recovery Counters Info|Link Down Info"
            // --port_type PCIE (mlxlink's PCIe titles) and --show_histogram
            + "|PCIe Operational \\(Enabled\\) Info|EYE Opening Info \\(PCIe\\)|Management PCIe \\w+ Counters Info"
            + "|Histogram of FEC Errors)\\s*#?");
    /**
     * mlxlink's own "Errors" section (MlxlinkCommander: an exception a query raised, "Showing Eye via SLRG raised the
     * following exception: …"), a title too common to start a block: read only inside one.
     */
    private static final Pattern ERRORS_TITLE = Pattern.compile("Errors");
    /** "Rx LOS [per lane] : 1,0,1,1": a flag per lane, 0 or 1 (MFT 4.2x and later, -m). */
    private static final Pattern PER_LANE = Pattern.compile("(.+?) \\[per lane\\]");
    private static final Pattern LANE_BITS = Pattern.compile("[01](?:\\s*,\\s*[01])*");
    /**
     * "Name   : value": at least one blank before the colon, which ibstat's "Physical state: LinkUp" has
     * not; a unit in brackets in the name ("Temperature [C]", "Time Since Last Clear [Min]", glued in
     * "Attenuation (5g,7g,12g)[dB]", which ended the block before the module's later lines), commas in it (the PCIe
     * view's "Depth, pcie index, node").
     */
    private static final Pattern KV = Pattern.compile("([A-Za-z][\\w .,()/\\-]*?(?: ?\\[[^\\]]{1,8}\\])?)\\s+:\\s*(.*)");
    /** Names no other tool prints with a padded colon: enough to start a grep'd piece. */
    private static final Pattern OWN = Pattern.compile("amBER Version|Status Opcode|Group Opcode|Recommendation"
            + "|Raw Physical BER|Effective Physical BER|Symbol BER|Raw Physical Errors Per Lane|Effective Physical Errors"
            + "|Enabled Link Speed.*|Supported Cable Speed.*|Loopback Mode|MFT Version");
    private static final Pattern MASK = Pattern.compile("(0x[0-9a-fA-F]+)\\s*\\((.*)\\)");
    private static final Pattern ETH_SPEED = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*G(?:bE|b/s)?(?:_\\d+X)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern ERROR = Pattern.compile("-E- (.*)");

    public MlxlinkParser() {
        super("mlxlink", "mlxlink", "mstlink");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(TITLE, i)) {
            // a title, then its underline or a name line
            for (int k = i + 1; k < Math.min(in.size(), i + 3); k++) {
                if (in.decoration(k) && !in.blank(k)) {
                    return true;
                }
                Matcher m = in.match(KV, k);
                if (m != null) {
                    return true;
                }
            }
            return false;
        }
        // a grep'd piece: name lines, one of them mlxlink's own, or a title soon after
        for (int k = i; k < Math.min(in.size(), i + 3); k++) {
            Matcher m = in.match(KV, k);
            if (m != null && OWN.matcher(m.group(1)).matches()) {
                return in.matches(KV, i);
            }
            if (k > i && in.matches(TITLE, k)) {
                return in.matches(KV, i);
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String device = device(in.command());
        Integer port = port(in.command());
        Map<String, String> values = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        Source first = null;
        boolean operational = false;
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || (in.decoration(i) && !in.matches(TITLE, i))) {
                continue;
            }
            Matcher m;
            if (in.matches(ERRORS_TITLE, i) && i + 1 < in.size() && !in.blank(i + 1) && in.decoration(i + 1)) {
                // its lines, up to a blank, are the exceptions the queries raised
                b.use(i).use(i + 1);
                for (i += 2; i < in.size() && !in.blank(i) && !in.matches(TITLE, i); i++) {
                    errors.add(in.get(i).strip());
                    b.use(i);
                }
                i--;
            } else if ((m = in.match(TITLE, i)) != null) {
                if (m.group(1).equals("Operational Info")) {
                    if (operational) {
                        b.add(port(device, port, values, errors, first));
                        values.clear();
                        errors.clear();
                    }
                    operational = true;
                    first = in.source(i);
                }
                b.use(i);
            } else if ((m = in.match(ERROR, i)) != null) {
                errors.add(m.group(1).strip());
                b.use(i);
            } else if ((m = in.match(KV, i)) != null) {
                if (first == null) {
                    first = in.source(i);
                }
                String name = m.group(1).strip();
                String value = m.group(2).strip();
                values.putIfAbsent(name, value);
                b.use(i);

            } else {
                break;
            }
        }
        if (first != null) {
            b.add(port(device, port, values, errors, first));
        }
        return b.done(i);
    }

    /** The -d argument, unless it is a shell variable of a loop. */
    private static String device(Command c) {
        String d = c == null ? null : c.after("-d") != null ? c.after("-d") : c.after("--device");
        return d == null || d.contains("$") ? null : d;
    }

    private static Integer port(Command c) {
        String p = c == null ? null : c.after("-p") != null ? c.after("-p") : c.after("--port");
        if (p == null) {
            return null;
        }
        try {
            return p.startsWith("0x") ? Integer.parseInt(p.substring(2), 16) : Integer.parseInt(p);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static MlxlinkPort port(String device, Integer port, Map<String, String> v, List<String> errors, Source source) {
        String speed = value(v, "Speed");
        Integer width = null;
        String w = value(v, "Width");
        if (w != null && w.matches("\\d+x")) {
            width = Integer.parseInt(w.substring(0, w.length() - 1));
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        List<Long> lanes = new ArrayList<>();
        v.forEach((name, text) -> {
            if (text.matches("\\d+") && !name.equals("Status Opcode") && !name.contains("[") && text.length() < 19) {
                counters.put(name, Long.parseLong(text));
            }
        });
        String perLane = value(v, "Raw Physical Errors Per Lane");
        if (perLane != null && perLane.matches("\\d+(\\s*,\\s*\\d+)*")) {
            for (String n : perLane.split("\\s*,\\s*")) {
                lanes.add(Long.parseLong(n));
            }
        }
        String opcode = value(v, "Status Opcode");
        return new MlxlinkPort(device, port, value(v, "State"), value(v, "Physical state"), speed, rate(speed, width),
                width, value(v, "FEC"), value(v, "Loopback Mode"), value(v, "Auto Negotiation"),
                speeds(v, "Enabled Link Speed"), speeds(v, "Supported Cable Speed"),
                opcode != null && opcode.matches("\\d+") ? Integer.valueOf(opcode) : null, value(v, "Group Opcode"),
                value(v, "Recommendation"), value(v, "Firmware Version"), value(v, "MFT Version"), counters, lanes,
                ber(value(v, "Raw Physical BER")), ber(value(v, "Effective Physical BER")), ber(value(v, "Symbol BER")),
                errors, source, value(v, "Vendor Name"), value(v, "Vendor Part Number"), value(v, "Vendor Serial Number"),
                mask(v, "Enabled Link Speed"), mask(v, "Supported Cable Speed"), laneFlags(v));
    }

    /** The per-lane flags printed as 0/1 lists; "N/A" (a module without them) is left out. */
    private static Map<String, List<Integer>> laneFlags(Map<String, String> v) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        v.forEach((name, text) -> {
            Matcher n = PER_LANE.matcher(name);
            if (n.matches() && LANE_BITS.matcher(text).matches()) {
                List<Integer> lanes = new ArrayList<>();
                for (String bit : text.split("\\s*,\\s*")) {
                    lanes.add(Integer.parseInt(bit));
                }
                out.put(n.group(1).strip(), lanes);
            }
        });
        return out;
    }

    /** The bit mask of a speeds line as printed ("0x000000f1"), plain or "(Ext.)". */
    private static String mask(Map<String, String> v, String name) {
        String s = value(v, name) != null ? value(v, name) : value(v, name + " (Ext.)");
        Matcher m = s == null ? null : MASK.matcher(s);
        return m != null && m.matches() ? m.group(1) : null;
    }

    private static String value(Map<String, String> v, String name) {
        String s = v.get(name);
        return s == null || s.isEmpty() || s.equalsIgnoreCase("N/A") ? null : s;
    }

    /** "0x00000075 (HDR,EDR,FDR,QDR,SDR)"; the Ethernet ones are "… (Ext.)" on newer devices. */
    private static List<String> speeds(Map<String, String> v, String name) {
        String s = value(v, name) != null ? value(v, name) : value(v, name + " (Ext.)");
        Matcher m = s == null ? null : MASK.matcher(s);
        if (m == null || !m.matches()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String n : m.group(2).split(",")) {
            if (!n.isBlank()) {
                out.add(n.strip());
            }
        }
        return out;
    }

    /** mlxlink prints a BER as mantissa E exponent ("1E-8", "15E-255"). */
    private static Double ber(String s) {
        if (s == null || !s.matches("\\d+(\\.\\d+)?[eE]-?\\d+")) {
            return null;
        }
        return Double.parseDouble(s);
    }

    /** "IB-HDR" × width at the kernel's per-lane number (ibstat's Rate); Ethernet "25GbE", "200G", "100G_2X". */
    static Quantity rate(String speed, Integer width) {
        if (speed == null) {
            return null;
        }
        if (speed.toUpperCase(Locale.ROOT).startsWith("IB-")) {
            try {
                IbSpeed s = IbSpeed.parse(speed.substring(3));
                return width == null ? null : Quantity.bitsPerSecond(s.sysfsGbpsPerLane() * width * 1e9, speed + " " + width + "x");
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        Matcher m = ETH_SPEED.matcher(speed);
        return m.matches() ? Quantity.bitsPerSecond(Double.parseDouble(m.group(1)) * 1e9, speed) : null;
    }
}
