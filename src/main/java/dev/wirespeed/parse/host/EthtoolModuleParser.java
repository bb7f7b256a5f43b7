package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -m IFACE} (--module-info): one "Name : value" line per EEPROM field, starting with
 * "Identifier : 0x03 (SFP)" (ethtool's sfpid.c / qsfp.c). Read: identifier, connector, transceiver
 * types, vendor, part and serial number, wavelength, and the diagnostics: bias current, laser output
 * and received power (the dBm after "mW /"), temperature, voltage, and the alarm and warning flags
 * that are On. Threshold lines are skipped as read; a value wrapped onto the next line (a mail) is
 * passed over. The interface comes from the command.
 */
public final class EthtoolModuleParser extends BaseParser {
    private static final Pattern IDENTIFIER = Pattern.compile("Identifier\\s*:\\s*0x[0-9a-fA-F]{2}(?:\\s*\\((.*)\\))?");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][\\w ,.()/#&+-]*?)\\s*:\\s*(.*)");
    private static final Pattern DBM = Pattern.compile("(-?[\\d.]+|-inf)\\s*dBm");
    private static final Pattern NUMBER = Pattern.compile("(-?[\\d.]+)");
    private static final Pattern NAMED = Pattern.compile("0x[0-9a-fA-F]+\\s*\\((.*)\\)");

    public EthtoolModuleParser() {
        super("ethtool-module", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(IDENTIFIER, i);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        String iface = c != null && (c.has("-m") || c.has("--module-info")) ? c.after(c.has("-m") ? "-m" : "--module-info") : null;
        String identifier = null;
        String connector = null;
        List<String> types = new ArrayList<>();
        String vendor = null;
        String part = null;
        String serial = null;
        Integer wavelength = null;
        Double tx = null;
        Double rx = null;
        Double bias = null;
        Double temperature = null;
        Double voltage = null;
        List<String> alarms = new ArrayList<>();
        Source source = in.source(from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m = in.match(FIELD, i);
            if (m == null && i > from && !in.get(i).contains(":") && in.match(FIELD, i - 1) != null) {
                b.use(i); // the rest of a value a mail client or terminal wrapped ("2-wire interface ID)")
                continue;
            }
            if (m == null || (i > from && in.matches(IDENTIFIER, i))) {
                break; // the next module's dump, or the end of this one
            }
            String name = m.group(1).strip();
            String value = m.group(2).strip();
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            b.use(i);
            if (lower.equals("identifier")) {
                identifier = named(value);
            } else if (lower.equals("connector")) {
                connector = named(value);
            } else if (lower.equals("transceiver type")) {
                types.add(value);
            } else if (lower.equals("vendor name")) {
                vendor = value.isEmpty() ? null : value;
            } else if (lower.equals("vendor pn")) {
                part = value.isEmpty() ? null : value;
            } else if (lower.equals("vendor sn")) {
                serial = value.isEmpty() ? null : value;
            } else if (lower.equals("laser wavelength")) {
                Double nm = number(value);
                wavelength = nm == null ? null : (int) Math.round(nm);
            } else if (lower.contains("threshold")) {
                continue;
            } else if (lower.endsWith("alarm") || lower.endsWith("warning")) {
                if (value.equalsIgnoreCase("On")) {
                    alarms.add(name);
                }
            } else if (lower.startsWith("laser output power") || lower.startsWith("transmit avg optical power")) {
                tx = lowest(tx, dbm(value));
            } else if (lower.startsWith("receiver signal average optical power") || lower.startsWith("rcvr signal avg optical power")
                    || lower.startsWith("receiver signal optical power")) {
                rx = lowest(rx, dbm(value));
            } else if (lower.startsWith("laser bias current") || lower.startsWith("laser tx bias current")) {
                bias = bias == null ? number(value) : bias;
            } else if (lower.equals("module temperature")) {
                temperature = number(value);
            } else if (lower.equals("module voltage")) {
                voltage = number(value);
            }
        }
        if (identifier != null || vendor != null) {
            b.add(new TransceiverModule(iface, identifier, connector, types, vendor, part, serial, wavelength, tx, rx, bias,
                    temperature, voltage, alarms, source));
        }
        return b.done(i);
    }

    /** "0x03 (SFP)" → "SFP"; a value without a name as printed. */
    private static String named(String value) {
        Matcher m = NAMED.matcher(value);
        return m.matches() ? m.group(1).strip() : value;
    }

    private static Double dbm(String value) {
        Matcher m = DBM.matcher(value);
        if (!m.find()) {
            return null;
        }
        return m.group(1).equals("-inf") ? Double.NEGATIVE_INFINITY : parse(m.group(1));
    }

    private static Double number(String value) {
        Matcher m = NUMBER.matcher(value);
        return m.find() ? parse(m.group(1)) : null;
    }

    private static Double parse(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Double lowest(Double a, Double b) {
        return a == null ? b : b == null ? a : Math.min(a, b);
    }
}
