package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Source;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -m IFACE} (--module-info): one "Name : value" line per EEPROM field, starting with
 * "Identifier : 0x03 (SFP)" (ethtool's sfpdiag.c for SFF-8472, qsfp.c for SFF-8636, cmis.c for
 * QSFP-DD/OSFP). Read: identifier, connector, transceiver types, vendor, part and serial number,
 * wavelength, the CMIS module state, and the diagnostics: bias current, laser output and received
 * power (the dBm after "mW /"), temperature, voltage, and the alarm and warning flags that are On.
 * Multi-lane modules print the diagnostics once per lane with a "(Channel N)" suffix ("(Chan N)" on
 * the bias flags, no space before it on SFF-8636's receive power); those become {@code lanes}, and
 * the lane status lines ("Rx loss of signal : [ Yes, No, … ]", "None" when no lane has it) add the
 * lanes that say Yes to the flags. Threshold lines are skipped as read; a value wrapped onto the next
 * line (a mail) is joined to its line. The interface comes from the command.
 */
public final class EthtoolModuleParser extends BaseParser {
    /** The name in parentheses may be cut by a wrap ("0x18 (QSFP-DD Double Density" + "8X Pluggable …)"). */
    private static final Pattern IDENTIFIER = Pattern.compile("Identifier\\s*:\\s*0x[0-9a-fA-F]{2}(?:\\s*\\(.*)?");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][\\w ,.()/#&+-]*?)\\s*:\\s*(.*)");
    private static final Pattern DBM = Pattern.compile("(-?[\\d.]+|-inf)\\s*dBm");
    private static final Pattern NUMBER = Pattern.compile("(-?[\\d.]+)");
    private static final Pattern NAMED = Pattern.compile("0x[0-9a-fA-F]+\\s*\\((.*)\\)");
    /** "Laser tx bias current (Channel 3)", "Laser bias current low alarm    (Chan 3)", "…power(Channel 3)". */
    private static final Pattern LANE = Pattern.compile("(.*?)\\s*\\((?:Channel|Chan|Lane)\\s*(\\d+)\\)");
    /** A diagnostic reading or its threshold, with its unit: "Laser output power : 0.6770 mW / -1.69 dBm". */
    private static final Pattern DIAGNOSTIC = Pattern.compile("(?:Laser|Receiver|Module|Transmit|Rx|Tx)[\\w ,()/-]*?\\s*:\\s*"
            + "-?[\\d.]+\\s*(?:mW|dBm|mA|degrees C|V)\\b.*");
    /**
     * A CMIS/SFF-8636 status line ethtool 6.5+ prints (module_show_lane_status, cmis_show_mod_state): "Rx loss of
     * signal : None", "Tx loss of lock : [ Yes, No, … ]", "Module State : 0x03 (ModuleReady)". What
     * "ethtool -m swp11 | grep 'Rx loss of signal' -A 4" leaves (netdev, cmis LOL/LOS review, 2023).
     */
    private static final Pattern STATUS = Pattern.compile("(?:(?:Rx|Tx) loss of (?:signal|lock)|Tx (?:adaptive eq )?fault)\\s*:\\s*"
            + "(?:None|\\[[^]]*])\\s*|Module State\\s*:\\s*0x[0-9a-fA-F]{2}\\s*\\(\\w+\\)\\s*");
    /**
     * An EEPROM line of ethtool -m in ethtool's own spelling and padding ("%-41s : %s", so blanks before the colon):
     * the identity and type fields of sfpid.c/qsfp.c/cmis.c. SONiC's "Vendor PN: X" (no blank before the colon) and
     * switch CLIs' "Vendor Name : FS" / "Vendor Rev" (capitalised) are not ethtool's.
     */
    private static final Pattern EEPROM_LINE = Pattern.compile("(?:Vendor (?:name|OUI|PN|rev|SN)|Transceiver (?:type|codes)"
            + "|Laser wavelength|Date code|Extended identifier|Connector|Encoding|BR,? [Nn]ominal|Length \\([^)]*\\))\\s+:\\s*.*");
    /** A vendor line among {@link #EEPROM_LINE}s: what says the run is a module's, not any "Key : value" list. */
    private static final Pattern VENDOR_LINE = Pattern.compile("Vendor (?:name|PN|SN)\\s+:\\s*\\S.*");
    /** The diagnostic lines in a row that make a module's dump without its Identifier. */
    private static final int DIAGNOSTIC_RUN = 3;
    /** sff_show_lane_status / module_show_lane_status: "[ Yes, No, No, No ]". */
    private static final Pattern LANE_STATUS = Pattern.compile("\\[(.*)]");

    public EthtoolModuleParser() {
        super("ethtool-module", "ethtool");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(IDENTIFIER, i) || diagnosticsRun(in, i) || filteredRun(in, i);
    }

    /**
     * Line i begins a run of at least {@value #DIAGNOSTIC_RUN} lines of ethtool -m with no Identifier above them, one
     * of them a vendor line: what "ethtool -m swp1 | egrep 'Vendor|type|power\\s+:'" leaves (Cumulus Linux docs,
     * parse/host README). Each line is an EEPROM field in ethtool's spelling ({@link #EEPROM_LINE}), a diagnostic
     * reading with its unit, or a status line; a run without a vendor line stays unread unless it is all diagnostics.
     */
    private static boolean filteredRun(Lines in, int i) {
        if (i > 0 && !in.blank(i - 1) && (in.matches(EEPROM_LINE, i - 1) || in.matches(DIAGNOSTIC, i - 1))) {
            return false; // the run began above
        }
        int seen = 0;
        boolean vendor = false;
        for (int j = i; j < in.size() && !in.blank(j); j++) {
            if (!in.matches(EEPROM_LINE, j) && !in.matches(DIAGNOSTIC, j) && !in.matches(STATUS, j)) {
                break;
            }
            vendor |= in.matches(VENDOR_LINE, j);
            seen++;
        }
        return vendor && seen >= DIAGNOSTIC_RUN;
    }

    /**
     * Line i begins a run of at least {@value #DIAGNOSTIC_RUN} diagnostic lines with no Identifier above
     * them: what "ethtool -m swp1 | grep dBm" or an excerpt of the thresholds leaves
     * (wobcom/transceiver-exporter#1). Each names a reading of sfpdiag.c/qsfp.c (laser, receiver,
     * module temperature or voltage) and its value carries that reading's unit, or is a lane status or the
     * module state line ({@link #STATUS}).
     */
    private static boolean diagnosticsRun(Lines in, int i) {
        int seen = 0;
        for (int j = i; j < in.size() && seen < DIAGNOSTIC_RUN; j++) {
            if (in.blank(j)) {
                continue;
            }
            if (!in.matches(DIAGNOSTIC, j) && !in.matches(STATUS, j)) {
                return false;
            }
            seen++;
        }
        return seen >= DIAGNOSTIC_RUN;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        String iface = c != null && (c.has("-m") || c.has("--module-info")) ? c.after(c.has("-m") ? "-m" : "--module-info") : null;
        Fields f = new Fields();
        Source source = in.source(from);
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m = in.match(FIELD, i);
            if (m == null && i > from && !in.get(i).contains(":") && f.last != null) {
                b.use(i);
                if (cutName(in, i, f.lastLine)) {
                    break; // a field whose value the paste cut off ("Vendor OUI" as the last line), not a wrapped rest
                }
                f.last[1] = f.last[1] + " " + in.get(i); // the rest of a value a mail client or terminal wrapped
                continue;
            }
            if (m == null || (i > from && in.matches(IDENTIFIER, i))) {
                break; // the next module's dump, or the end of this one
            }
            b.use(i);
            f.add(m.group(1).strip(), m.group(2).strip());
            f.lastLine = i;
        }
        Module module = new Module();
        for (String[] field : f.fields) {
            module.read(field[0], field[1]);
        }
        module.lowestLitLanes();
        if (module.identifier != null || module.vendor != null || !in.matches(IDENTIFIER, from)) {
            b.add(new TransceiverModule(iface, module.identifier, module.connector, module.types, module.vendor,
                    module.part, module.serial, module.wavelength, module.tx, module.rx, module.bias, module.temperature,
                    module.voltage, module.alarms, source, module.state, module.lanes));
        }
        return b.done(i);
    }

    /**
     * Line i, with no colon, begins where the field lines begin (their indentation, and they are indented):
     * ethtool indents every field alike and a wrapped rest begins at the margin, so this is a field's name
     * whose value the paste cut off (corundum#111-like excerpts end at "Vendor OUI"; telegraf#16604's at
     * "Module voltage hi"), not the rest of the field before it.
     */
    private static boolean cutName(Lines in, int i, int fieldLine) {
        if (fieldLine < 0) {
            return false;
        }
        int indent = indent(in.raw(fieldLine));
        return indent > 0 && indent(in.raw(i)) == indent;
    }

    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && Character.isWhitespace(line.charAt(n))) {
            n++;
        }
        return n;
    }

    /** The "Name : value" pairs in order, the last one open to a wrapped continuation. */
    private static final class Fields {
        final List<String[]> fields = new ArrayList<>();
        String[] last;
        int lastLine = -1;

        void add(String name, String value) {
            last = new String[] {name, value};
            fields.add(last);
        }
    }

    /** What the fields say, filled one field at a time. */
    private static final class Module {
        TransceiverModule.Coded identifier;
        TransceiverModule.Coded connector;
        final List<String> types = new ArrayList<>();
        String vendor;
        String part;
        String serial;
        Integer wavelength;
        Double tx;
        Double rx;
        Double bias;
        Double temperature;
        Double voltage;
        String state;
        final List<String> alarms = new ArrayList<>();
        final Map<Integer, TransceiverModule.Lane> lanes = new TreeMap<>();

        void read(String rawName, String value) {
            String name = rawName.replaceAll("\\s+", " ");
            Matcher laneName = LANE.matcher(name);
            Integer lane = laneName.matches() ? Integer.valueOf(laneName.group(2)) : null;
            String base = lane == null ? name : laneName.group(1).strip();
            String lower = base.toLowerCase(Locale.ROOT);
            if (lower.equals("identifier")) {
                identifier = TransceiverModule.Coded.of(value);
            } else if (lower.equals("connector")) {
                connector = TransceiverModule.Coded.of(value);
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
            } else if (lower.equals("module state")) {
                state = named(value);
            } else if (lower.contains("threshold")) {
                return;
            } else if (lower.endsWith("alarm") || lower.endsWith("warning")) {
                if (value.equalsIgnoreCase("On")) {
                    alarms.add(name); // a lane's flag keeps its "(Channel N)" / "(Chan N)"
                }
            } else if (LANE_STATUS.matcher(value).matches() && lower.matches("[rt]x (loss of signal|loss of lock|fault|adaptive eq fault)|tx fault")) {
                laneStatus(base, value);
            } else if (lower.startsWith("laser output power") || lower.startsWith("transmit avg optical power")) {
                Double dbm = dbm(value);
                tx = lowest(tx, dbm);
                lane(lane, l -> l.withTx(dbm));
            } else if (lower.startsWith("receiver signal average optical power") || lower.startsWith("rcvr signal avg optical power")
                    || lower.startsWith("receiver signal optical power")) {
                Double dbm = dbm(value);
                rx = lowest(rx, dbm);
                lane(lane, l -> l.withRx(dbm));
            } else if (lower.startsWith("laser bias current") || lower.startsWith("laser tx bias current")) {
                Double mA = number(value);
                bias = bias == null ? mA : bias;
                lane(lane, l -> l.withBias(mA));
            } else if (lower.equals("module temperature")) {
                temperature = number(value);
            } else if (lower.equals("module voltage")) {
                voltage = number(value);
            }
        }

        /**
         * The module's tx and rx are its weakest lane among those in use: a lane dark both ways (no bias,
         * no light out or in) is one the module does not drive, as a 400G-XDR4 leaves 4 of its 8 host
         * lanes. When every lane is dark, the weakest of all.
         */
        void lowestLitLanes() {
            List<TransceiverModule.Lane> lit = lanes.values().stream().filter(Module::lit).toList();
            Collection<TransceiverModule.Lane> from = lit.isEmpty() ? lanes.values() : lit;
            if (from.isEmpty()) {
                return;
            }
            tx = from.stream().map(TransceiverModule.Lane::txPowerDbm).reduce(null, EthtoolModuleParser::lowest);
            rx = from.stream().map(TransceiverModule.Lane::rxPowerDbm).reduce(null, EthtoolModuleParser::lowest);
        }

        private static boolean lit(TransceiverModule.Lane l) {
            return (l.biasMilliamps() != null && l.biasMilliamps() > 0) || above(l.txPowerDbm()) || above(l.rxPowerDbm());
        }

        /** Above the -40 dBm (0.0001 mW) floor ethtool prints for no light. */
        private static boolean above(Double dbm) {
            return dbm != null && dbm > -40;
        }

        private void lane(Integer lane, UnaryOperator<TransceiverModule.Lane> set) {
            if (lane != null) {
                lanes.put(lane, set.apply(lanes.getOrDefault(lane, TransceiverModule.Lane.EMPTY)));
            }
        }

        /** "[ Yes, No, Yes, No ]" → "Rx loss of signal (lanes 1, 3)"; "None" means no lane has it. */
        private void laneStatus(String name, String value) {
            Matcher m = LANE_STATUS.matcher(value);
            if (!m.matches()) {
                return;
            }
            String[] each = m.group(1).split(",");
            List<String> yes = new ArrayList<>();
            for (int k = 0; k < each.length; k++) {
                if (each[k].strip().equalsIgnoreCase("Yes")) {
                    yes.add(String.valueOf(k + 1));
                }
            }
            if (!yes.isEmpty()) {
                alarms.add(name + " (lanes " + String.join(", ", yes) + ")");
            }
        }
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
        if (a == null || b == null) {
            return a == null ? b : a; // not one ?: chain: its double type would unbox a null
        }
        return Math.min(a, b);
    }
}
